import { randomBytes } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import { MemoryLocker } from '@tus/server'
import type { Lock, Locker, RequestRelease } from '@tus/utils'

/**
 * The Redis commands a lease needs (the project's main connection, or any
 * ioredis client; its key prefix, when it has one, applies to KEYS too).
 */
export interface LeaseClient {
  set(key: string, value: string, px: 'PX', ms: number, nx: 'NX'): Promise<string | null>
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>
}

/** The refusal of a transfer another instance is writing (mapped to its localised message). */
export const TRANSFER_BUSY = Object.freeze({
  status_code: 409,
  body: 'This upload is being received by another request: try again in a moment\n',
  busy: true,
})

/** Redis did not answer: the lock cannot be taken, so nothing is written. */
const TRANSFER_LOCK_UNAVAILABLE = Object.freeze({
  status_code: 503,
  body: 'The upload lock could not be taken: try again in a moment\n',
})

/** Deletes the lease only while it is still ours. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`
/** Extends the lease only while it is still ours. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`

interface TransferLockerOptions {
  /** The Redis of the instances sharing the storage folder; none: in-process only. */
  redis?: (() => LeaseClient | Promise<LeaseClient>) | null
  /** The lease's life in Redis (renewed while held). */
  leaseMs?: number
  /** How often a held lease is renewed. */
  renewMs?: number
  /** How long a request waits for another instance's lease before it is refused. */
  waitMs?: number
  /** How often it asks meanwhile. */
  pollMs?: number
  /** The key of an upload's lease (without the connection's prefix). */
  keyOf?: (id: string) => string
  /** How long a request waits for this process's own lock (MemoryLocker's timeout). */
  acquireLockTimeout?: number
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })

/**
 * The tus lock of an upload, across every API instance that shares the
 * storage folder. First this process's own lock (tus's MemoryLocker: a
 * newer request of this instance asks the older one to let go, as tus
 * expects of a half-open connection); then, when Redis is configured, a
 * lease in Redis (`SET NX PX`, renewed every few seconds while held, given
 * back with a compare-and-delete). A request whose upload another instance
 * holds waits a few seconds, then is refused with 409 (TRANSFER_BUSY): two
 * instances never write the same file at once. A holder whose lease cannot
 * be confirmed in time stops its request rather than write without it.
 */
export default class TransferLocker implements Locker {
  readonly memory: MemoryLocker
  readonly redis: (() => LeaseClient | Promise<LeaseClient>) | null
  readonly leaseMs: number
  readonly renewMs: number
  readonly waitMs: number
  readonly pollMs: number
  readonly keyOf: (id: string) => string

  constructor(options: TransferLockerOptions = {}) {
    this.memory = new MemoryLocker({ acquireLockTimeout: options.acquireLockTimeout ?? 30_000 })
    this.redis = options.redis ?? null
    this.leaseMs = options.leaseMs ?? 15_000
    this.renewMs = options.renewMs ?? 5_000
    this.waitMs = options.waitMs ?? 5_000
    this.pollMs = options.pollMs ?? 100
    this.keyOf = options.keyOf ?? ((id) => `tus:lock:${id}`)
  }

  newLock(id: string): Lock {
    return new TransferLock(id, this)
  }
}

class TransferLock implements Lock {
  #local: Lock
  #token = randomBytes(16).toString('hex')
  #client: LeaseClient | null = null
  #renewal: NodeJS.Timeout | null = null

  constructor(
    readonly id: string,
    readonly locker: TransferLocker
  ) {
    this.#local = locker.memory.newLock(id)
  }

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease) {
    await this.#local.lock(stopSignal, requestRelease)
    if (!this.locker.redis) return
    try {
      await this.#lease(stopSignal, requestRelease)
    } catch (error) {
      await this.#local.unlock()
      throw error
    }
  }

  async unlock() {
    try {
      if (this.#renewal) clearInterval(this.#renewal)
      this.#renewal = null
      if (this.#client) {
        const client = this.#client
        this.#client = null
        await client.eval(RELEASE, 1, this.locker.keyOf(this.id), this.#token).catch((error) => {
          // it expires by itself within the lease's life
          logger.warn({ err: error, id: this.id }, 'an upload lock could not be given back')
        })
      }
    } finally {
      await this.#local.unlock()
    }
  }

  async #lease(stopSignal: AbortSignal, requestRelease: RequestRelease) {
    const { leaseMs, waitMs, pollMs } = this.locker
    const key = this.locker.keyOf(this.id)
    const deadline = Date.now() + waitMs
    let client: LeaseClient
    try {
      client = await this.locker.redis!()
    } catch (error) {
      logger.error({ err: error }, 'the upload lock could not reach Redis')
      throw TRANSFER_LOCK_UNAVAILABLE
    }
    for (;;) {
      let taken: string | null
      try {
        taken = await client.set(key, this.#token, 'PX', leaseMs, 'NX')
      } catch (error) {
        logger.error({ err: error, id: this.id }, 'the upload lock could not reach Redis')
        throw TRANSFER_LOCK_UNAVAILABLE
      }
      if (taken === 'OK') break
      if (stopSignal.aborted || Date.now() >= deadline) throw TRANSFER_BUSY
      await pause(Math.min(pollMs, Math.max(0, deadline - Date.now())), stopSignal)
    }
    this.#client = client
    this.#keepAlive(client, key, requestRelease)
  }

  /** Renews the lease while held; stops the request when it cannot be confirmed in time. */
  #keepAlive(client: LeaseClient, key: string, requestRelease: RequestRelease) {
    const { leaseMs, renewMs } = this.locker
    let confirmedAt = Date.now()
    let renewing = false
    const stop = (reason: string) => {
      if (this.#renewal) clearInterval(this.#renewal)
      this.#renewal = null
      logger.warn({ id: this.id }, `an upload stops receiving: its lock ${reason}`)
      void requestRelease()
    }
    this.#renewal = setInterval(async () => {
      if (renewing) return
      renewing = true
      try {
        const renewed = await client.eval(RENEW, 1, key, this.#token, leaseMs)
        if (!this.#renewal) return
        if (Number(renewed) === 1) confirmedAt = Date.now()
        else stop('was lost')
      } catch (error) {
        if (this.#renewal && Date.now() - confirmedAt >= leaseMs - renewMs) {
          stop(`could not be renewed (${(error as Error).message})`)
        }
      } finally {
        renewing = false
      }
    }, renewMs)
    this.#renewal.unref()
  }
}
