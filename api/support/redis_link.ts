import env from '#start/env'
import logger from '@adonisjs/core/services/logger'

type RedisLinkState = 'off' | 'connecting' | 'up' | 'down'
type Listener = (state: RedisLinkState) => void

/**
 * What this process knows of Redis, from the main connection's events.
 *
 * - `off`: no REDIS_HOST (the embedded install): nothing ever dials Redis.
 * - `connecting`: configured, not answered yet.
 * - `up` / `down`: the connection is ready / lost. The connection retries
 *   forever (config/redis.ts), so Redis may go and come back at any time
 *   without a restart.
 *
 * Rate limits, the queue and cross-instance cache messages read the state
 * to decide at once (no 5-second wait for a dead socket) and subscribe to
 * its changes. Each change is logged once, in one line naming host and port.
 */
class RedisLink {
  #state: RedisLinkState = env.get('REDIS_HOST') ? 'connecting' : 'off'
  #watching: Promise<void> | null = null
  #listeners = new Set<Listener>()
  #lastError = ''
  /** The process is stopping: its own closing of the connection is not an outage. */
  #closing = false

  get configured() {
    return this.#state !== 'off'
  }

  get state() {
    return this.#state
  }

  get up() {
    return this.#state === 'up' && !this.#closing
  }

  /** host:port, for log lines and messages. */
  get address() {
    return `${env.get('REDIS_HOST') ?? '127.0.0.1'}:${env.get('REDIS_PORT') ?? 6379}`
  }

  /** Calls `listener` on every change of state (and once now); returns the unsubscribe. */
  onChange(listener: Listener) {
    this.#listeners.add(listener)
    listener(this.#state)
    return () => this.#listeners.delete(listener)
  }

  /** Sets the state from what a command just learnt (a refused command marks it down). */
  report(state: 'up' | 'down', error?: unknown) {
    if (!this.configured) return
    this.#set(state, error)
  }

  #set(state: RedisLinkState, error?: unknown) {
    if (this.#closing) return
    const reason = error instanceof Error ? error.message : error ? String(error) : ''
    if (state === this.#state) {
      this.#lastError = reason || this.#lastError
      return
    }
    const previous = this.#state
    this.#state = state
    if (state === 'up') {
      logger.info(
        previous === 'connecting'
          ? `Redis at ${this.address} answers`
          : `Redis at ${this.address} answers again: shared rate limits, the queue and cache messages are back on Redis`
      )
    } else if (state === 'down') {
      this.#lastError = reason
      logger.warn(
        `Redis at ${this.address} does not answer${reason ? ` (${reason})` : ''}: rate limits fall back to this process's memory, queueing answers 503, retrying until it answers`
      )
    }
    for (const listener of this.#listeners) {
      try {
        listener(state)
      } catch (listenerError) {
        logger.error({ err: listenerError }, 'a Redis state listener failed')
      }
    }
  }

  /**
   * Opens the main connection and follows its events (idempotent). Called
   * at boot by every process that uses Redis.
   */
  watch() {
    if (!this.configured) return Promise.resolve()
    if (!this.#watching) this.#watching = this.#attach()
    return this.#watching
  }

  async #attach() {
    const { default: app } = await import('@adonisjs/core/services/app')
    app.terminating(() => {
      this.#closing = true
    })
    const { default: redis } = await import('@adonisjs/redis/services/main')
    // the manager's own reporter logs every failed reconnect as fatal; the state changes say it once
    redis.doNotLogErrors()
    const connection = redis.connection('main')
    const io = connection.ioConnection
    io.on('ready', () => this.#set('up'))
    io.on('error', (error: Error) => {
      if (this.#state !== 'up' || io.status !== 'ready') this.#set('down', error)
    })
    // the process's own closing at shutdown is ignored by #set (#closing)
    io.on('close', () => {
      if (this.#state === 'up') this.#set('down', this.#lastError || 'connection closed')
    })
    io.on('end', () => this.#set('down', 'connection ended'))
    if (io.status === 'ready') this.#set('up')
    else if (io.status === 'wait') io.connect().catch(() => {})
  }
}

const redisLink = new RedisLink()
export default redisLink

/** Whether `error` says Redis could not be reached (as opposed to a command's own error). */
export function isRedisUnreachable(error: unknown) {
  if (!(error instanceof Error)) return false
  const text = `${error.name} ${error.message} ${(error as { code?: string }).code ?? ''}`
  return /Connection is closed|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|MaxRetriesPerRequest|Stream isn't writeable|Command timed out|not ready|Redis did not answer/i.test(
    text
  )
}
