import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import PlatformPause from '#models/platform_pause'
import type { PlatformError } from '#platforms/types'
import type { PlatformKey } from '#shared/constants'
import { isUniqueViolation } from '#support/sql'

/** A platform's pause as jobs and the run presenter see it. */
export interface PauseInfo {
  platform: PlatformKey
  /** 'rate_limited' or 'quota_exceeded'. */
  code: string
  /** The platform's own code (Bilibili -412, YouTube quotaExceeded …). */
  upstreamCode: string | null
  message: string | null
  until: DateTime
  /** Trips in a row, this one included. */
  trips: number
}

/** Answers that pause a platform: a rate limit (after the per-account retries) or a used-up quota (at once). */
export const TRIP_CODES = new Set(['rate_limited', 'quota_exceeded'])
/** Answers that pause a platform without retrying first. */
export const TRIP_AT_ONCE_CODES = new Set(['quota_exceeded'])

/** A platform's own retry-after (YouTube's quota reset) is honoured up to this long. */
const RETRY_AFTER_CAP_MS = 24 * 3_600_000

function infoOf(row: PlatformPause): PauseInfo {
  return {
    platform: row.platform,
    code: row.code ?? 'rate_limited',
    upstreamCode: row.upstreamCode ?? null,
    message: row.message ?? null,
    until: row.pausedUntil!.toUTC(),
    trips: Number(row.trips),
  }
}

/**
 * The per-platform circuit breaker's stored state (platform_pauses): every
 * job that calls a platform asks `active()` before it starts, `trip()`s the
 * platform when it answers a rate limit or a used-up quota, and `reset()`s it
 * after the platform answered normally. States: closed (no row, or trips 0),
 * open (paused_until in the future: nobody asks the platform), half-open
 * (paused_until passed, trips > 0: the next job asks again; another limit
 * trips it with twice the delay, a normal answer closes it).
 *
 * The delay grows with consecutive trips: 15 min, 30, 60 … up to 6 h (or
 * the platform's own retry-after, such as YouTube's quota reset, when
 * longer). It is stored, so a restart or a second instance keeps the pause.
 */
export default class PlatformBreaker {
  static delays = { baseMs: 15 * 60_000, maxMs: 6 * 3_600_000 }

  /** The pause after `trips` consecutive trips, in ms. */
  static delayFor(trips: number) {
    return Math.min(this.delays.baseMs * 2 ** Math.max(trips - 1, 0), this.delays.maxMs)
  }

  /** Platforms paused right now (paused_until later than `now`). */
  static async active(now: DateTime = DateTime.utc()): Promise<Map<PlatformKey, PauseInfo>> {
    const rows = await PlatformPause.query()
      .whereNotNull('paused_until')
      .where('paused_until', '>', now.toUTC().toFormat('yyyy-MM-dd HH:mm:ss'))
    return new Map(rows.map((row) => [row.platform, infoOf(row)]))
  }

  /** The stored state of one platform, or null when it never tripped. */
  static find(platform: PlatformKey) {
    return PlatformPause.findBy('platform', platform)
  }

  /**
   * Opens the breaker of `platform` after `error` (a rate limit or a quota
   * answer): one more trip, paused for delayFor(trips). A platform another
   * process already paused keeps that pause (it is not counted twice).
   */
  static async trip(
    platform: PlatformKey,
    error: PlatformError,
    options: { runId?: number | null; now?: DateTime } = {}
  ): Promise<PauseInfo> {
    try {
      return await this.#trip(platform, error, options)
    } catch (failure) {
      // two processes created the row at the same time: the second one reads it
      if (isUniqueViolation(failure)) return this.#trip(platform, error, options)
      throw failure
    }
  }

  static #trip(
    platform: PlatformKey,
    error: PlatformError,
    options: { runId?: number | null; now?: DateTime }
  ) {
    const now = (options.now ?? DateTime.utc()).toUTC().startOf('second')
    return db.transaction(async (trx) => {
      const row = await PlatformPause.query({ client: trx })
        .where('platform', platform)
        .forUpdate()
        .first()
      if (row?.pausedUntil && row.pausedUntil > now) return infoOf(row)
      const trips = Number(row?.trips ?? 0) + 1
      const retryAfter = Math.min(error.options.retryAfterMs ?? 0, RETRY_AFTER_CAP_MS)
      const delay = Math.max(this.delayFor(trips), retryAfter)
      const pause = row ?? new PlatformPause()
      pause.useTransaction(trx)
      pause.merge({
        platform,
        trips,
        code: error.code,
        upstreamCode:
          error.options.upstreamCode === undefined
            ? null
            : String(error.options.upstreamCode).slice(0, 40),
        message: error.message.slice(0, 255),
        openedAt: now,
        pausedUntil: now.plus({ milliseconds: delay }),
        runId: options.runId ?? null,
      })
      await pause.save()
      return infoOf(pause)
    })
  }

  /**
   * Closes the breaker of `platform` (it answered normally): the next trip
   * starts from the first delay. A pause another process opened meanwhile
   * (paused_until still ahead) is kept.
   */
  static async reset(platform: PlatformKey, now: DateTime = DateTime.utc()) {
    await PlatformPause.query()
      .where('platform', platform)
      .where('trips', '>', 0)
      .where((query) =>
        query
          .whereNull('paused_until')
          .orWhere('paused_until', '<=', now.toUTC().toFormat('yyyy-MM-dd HH:mm:ss'))
      )
      .update({
        trips: 0,
        paused_until: null,
        updated_at: DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss'),
      })
  }
}
