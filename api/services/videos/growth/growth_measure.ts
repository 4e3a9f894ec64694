import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import platforms from '#platforms/main'
import type { PlatformAdapter, VideoStats } from '#platforms/types'
import { accountRefOf, selectStoredAccounts, withStoredLogin } from '#platforms/account_ref'
import type { StoredAccount } from '#platforms/account_ref'
import PlatformBreaker from '#services/platform_breaker/platform_breaker'
import PlatformCircuit from '#services/platform_breaker/platform_circuit'
import type { PauseInfo } from '#services/platform_breaker/platform_breaker'
import type { PlatformKey, SnapshotSource } from '#shared/constants'
import { GROWTH_LATE_AFTER_MINUTES, VIDEO_METRICS, type GrowthPointStatus } from '#shared/videos'
import { chunks } from '#support/chunks'
import { utcOf } from '#support/dates'
import { affectedRows, sqlDateTime } from '#support/sql'

/** A due pending window with what its measurement needs. */
interface DuePoint {
  id: number
  videoId: number
  windowHours: number
  dueAt: DateTime
  accountId: number
  platform: PlatformKey
  platformVideoId: string
  publishedAt: DateTime
  deleted: boolean
}

/** What one measurement pass did. */
interface MeasureResult {
  taken: number
  late: number
  missed: number
  /** Windows recorded per video (window hours). */
  recorded: Map<number, number[]>
  /** Videos whose platform is paused: measured again when the pause ends. */
  deferred: Map<number, PauseInfo>
  /** Videos the platform could not be asked about (left pending: the sweep tries again). */
  failed: number[]
}

/** A listing page read when an adapter cannot read single videos. */
const LISTING_PAGE_SIZE = 50

/**
 * Measures due growth-hacking windows through the platforms (`videosById`,
 * through the per-platform breaker: a paused platform defers them). A window
 * is recorded only while it is still pending (a conditional UPDATE), so two
 * workers, two instances or a job and the sweep never record it twice.
 * Measured within GROWTH_LATE_AFTER_MINUTES of its due time it is `taken`,
 * later it is `late`; both keep the real age. A video the platform no longer
 * has, or one marked deleted, has its pending windows `missed`.
 */
export default class GrowthMeasure {
  static retry = { attempts: 3, baseDelayMs: 500, maxDelayMs: 10_000 }

  /** Measures every pending window of `videoIds` due by `now` (plus a minute for an early job). */
  static async measure(videoIds: number[], now: DateTime = DateTime.utc()): Promise<MeasureResult> {
    const result: MeasureResult = {
      taken: 0,
      late: 0,
      missed: 0,
      recorded: new Map(),
      deferred: new Map(),
      failed: [],
    }
    const due = await this.#duePoints(videoIds, now.plus({ minutes: 1 }))
    if (!due.length) return result

    const gone = due.filter((point) => point.deleted)
    result.missed += await this.missAll([...new Set(gone.map((point) => point.videoId))], now)

    const byAccount = new Map<number, DuePoint[]>()
    for (const point of due.filter((candidate) => !candidate.deleted)) {
      const list = byAccount.get(point.accountId) ?? []
      list.push(point)
      byAccount.set(point.accountId, list)
    }
    if (!byAccount.size) return result

    const circuit = new PlatformCircuit(this.retry)
    await circuit.refresh(now)
    const accounts = await this.#accounts([...byAccount.keys()])
    for (const [accountId, points] of byAccount) {
      const account = accounts.get(accountId)
      if (!account) {
        result.failed.push(...new Set(points.map((point) => point.videoId)))
        continue
      }
      await this.#measureAccount(account, points, circuit, now, result)
    }
    for (const platform of circuit.answered) await PlatformBreaker.reset(platform)
    return result
  }

  static async #measureAccount(
    account: StoredAccount,
    points: DuePoint[],
    circuit: PlatformCircuit,
    now: DateTime,
    result: MeasureResult
  ) {
    const videoIds = [...new Set(points.map((point) => point.videoId))]
    let adapter: PlatformAdapter
    try {
      adapter = platforms.use(account.platform)
    } catch (error) {
      logger.warn({ err: error, accountId: account.id }, 'growth windows: no adapter')
      result.failed.push(...videoIds)
      return
    }
    const platformIds = [...new Set(points.map((point) => point.platformVideoId))]
    const byId = !!adapter.videosById
    const ref = accountRefOf(account)
    const answer = await circuit.call(account.platform, async () => {
      withStoredLogin(adapter, ref, account)
      if (adapter.videosById) return adapter.videosById(ref, platformIds, { at: now.toISO()! })
      // an adapter without single reads: the newest uploads hold a video of the last 60 hours
      const page = await adapter.videos(ref, { page: 1, pageSize: LISTING_PAGE_SIZE })
      return page.items.filter((item) => platformIds.includes(item.id))
    })
    if ('deferred' in answer) {
      for (const id of videoIds) result.deferred.set(id, answer.deferred)
      return
    }
    if ('error' in answer) {
      logger.warn(
        { err: answer.error, accountId: account.id, videos: videoIds.length },
        'growth windows could not be measured; the sweep tries again'
      )
      result.failed.push(...videoIds)
      return
    }
    const found = new Map(answer.value.map((stats) => [stats.id, stats]))
    const missing: number[] = []
    for (const point of points) {
      const stats = found.get(point.platformVideoId)
      if (!stats) {
        // only a single read says a video is gone; a listing may just have moved on
        if (byId) missing.push(point.videoId)
        else if (!result.failed.includes(point.videoId)) result.failed.push(point.videoId)
        continue
      }
      const status = await this.record(point, stats, adapter.source, now)
      if (status === 'taken') result.taken++
      if (status === 'late') result.late++
      if (status) {
        const list = result.recorded.get(point.videoId) ?? []
        list.push(point.windowHours)
        result.recorded.set(point.videoId, list)
      }
    }
    result.missed += await this.missAll([...new Set(missing)], now)
  }

  /**
   * Records one window from `stats` measured at `at`, if it is still
   * pending: answers its status, or null when another taker was first.
   */
  static async record(
    point: Pick<DuePoint, 'id' | 'dueAt' | 'publishedAt'>,
    stats: Pick<VideoStats, (typeof VIDEO_METRICS)[number]>,
    source: SnapshotSource,
    at: DateTime
  ): Promise<GrowthPointStatus | null> {
    const lateBy = at.diff(point.dueAt, 'minutes').minutes
    const status: GrowthPointStatus = lateBy > GROWTH_LATE_AFTER_MINUTES ? 'late' : 'taken'
    const age = Math.max(0, Math.round(at.diff(point.publishedAt, 'hours').hours * 100) / 100)
    const counters = Object.fromEntries(
      VIDEO_METRICS.map((metric) => [metric, Math.max(0, Math.round(Number(stats[metric]) || 0))])
    )
    const changed = await db
      .from('video_growth_points')
      .where('id', point.id)
      .where('status', 'pending')
      .update({
        status,
        taken_at: sqlDateTime(at),
        age_hours: age,
        ...counters,
        source,
        updated_at: sqlDateTime(),
      })
    return affectedRows(changed) > 0 ? status : null
  }

  /** Marks every pending window of `videoIds` missed (the video is gone); answers how many. */
  static async missAll(videoIds: number[], now: DateTime = DateTime.utc()) {
    let missed = 0
    for (const part of chunks(videoIds, 500)) {
      missed += affectedRows(
        await db
          .from('video_growth_points')
          .whereIn('video_id', part)
          .where('status', 'pending')
          .update({ status: 'missed', taken_at: sqlDateTime(now), updated_at: sqlDateTime() })
      )
    }
    return missed
  }

  static async #duePoints(videoIds: number[], dueBy: DateTime): Promise<DuePoint[]> {
    const points: DuePoint[] = []
    for (const part of chunks([...new Set(videoIds)], 500)) {
      const rows = await db
        .from('video_growth_points as g')
        .join('videos as v', 'v.id', 'g.video_id')
        .whereIn('g.video_id', part)
        .where('g.status', 'pending')
        .where('g.due_at', '<=', sqlDateTime(dueBy))
        .select(
          'g.id',
          'g.video_id',
          'g.window_hours',
          'g.due_at',
          'v.account_id',
          'v.platform',
          'v.platform_video_id',
          'v.published_at',
          'v.deleted_on'
        )
      for (const row of rows) {
        const dueAt = utcOf(row.due_at)!
        points.push({
          id: Number(row.id),
          videoId: Number(row.video_id),
          windowHours: Number(row.window_hours),
          dueAt,
          accountId: Number(row.account_id),
          platform: row.platform,
          platformVideoId: String(row.platform_video_id),
          publishedAt: utcOf(row.published_at) ?? dueAt.minus({ hours: Number(row.window_hours) }),
          deleted: Boolean(row.deleted_on),
        })
      }
    }
    return points
  }

  static async #accounts(ids: number[]) {
    const accounts = new Map<number, StoredAccount>()
    for (const part of chunks(ids, 500)) {
      const found = await selectStoredAccounts(
        db.from('creator_platform_accounts as a').whereIn('a.id', part)
      )
      for (const account of found) accounts.set(account.id, account)
    }
    return accounts
  }
}
