import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import studioConfig from '#config/studio'
import OutsideCreator from '#models/outside_creator'
import OutsideCrawlRun from '#models/outside_crawl_run'
import OutsideVideo from '#models/outside_video'
import platforms from '#platforms/main'
import {
  PlatformError,
  type ChannelStats,
  type PlatformAccountRef,
  type VideoStats,
} from '#platforms/types'
import type { PlatformKey } from '#shared/constants'
import type { CrawlRunStatus, CrawlTrigger } from '#shared/outside'
import { GROWTH_WINDOWS, VIDEO_FIELD_MAX, VIDEO_METRICS } from '#shared/videos'
import StudioException from '#exceptions/studio_exception'
import PlatformBreaker, { type PauseInfo } from '#services/platform_breaker/platform_breaker'
import PlatformCircuit from '#services/platform_breaker/platform_circuit'
import { dueNow, nextRun, type DueRun, type ScheduleSettings } from '#services/outside/schedule'
import { LEASE_OWNER, claimLease, leaseLapsed, type Lease } from '#support/lease'
import { affectedRows, sqlDateTime, transactionRetryingDeadlocks } from '#support/sql'

/**
 * The crawl of outside tracking (issue 29; docs/architecture.md "A scheduled
 * feature's parts"): one outside creator, or one video tracked by its link,
 * read through `platforms.use(platform)` under the one lease.
 *
 * A creator's crawl: the row is claimed with one conditional UPDATE (running
 * and due for a scheduled crawl; for any crawl, no owner or a lapsed one), a
 * run row is written, the channel's figures are read (and, with auto video
 * crawl, the first pages of its uploads: each video upserted with origin
 * 'creator' and a point of its counters and age), the day's snapshot is
 * upserted, the newest figures and the 7-day fan growth stored, the next due
 * time computed (schedule.ts) — in one transaction that also finishes the
 * run and clears the lease, and only while the lease is still this process's.
 *
 * How a crawl ends: 'succeeded'; 'deferred' when the platform's brake is
 * open or trips on this crawl's rate limit or used-up quota — the slot is
 * then replayed after the pause by the task's replay strategy, never counted
 * as a failure; 'failed' with the platform's code and a plain reason
 * otherwise. Outside creators are read without a login (the agency holds
 * none for creators it does not manage): a platform whose figures need the
 * creator's own signed-in account answers auth, captcha, not_configured or
 * not_supported, and the run says so.
 */

/** A crawl of this task or video is in hand in another worker (the API answers 409). */
export class CrawlInHand extends StudioException {
  constructor() {
    super('outside_crawl.in_hand', { status: 409 })
  }
}

/** A due slot taken this soon after its time is run as scheduled (the sweep's normal delay). */
const ON_TIME_GRACE_MS = 5 * 60_000
/** Uploads read per auto video crawl: pages of this size, at most this many pages. */
const VIDEO_PAGE_SIZE = 20
const VIDEO_PAGES = 2
/** A video tracked by link is read at least this often, and near each growth window after upload. */
const LINK_VIDEO_EVERY_MS = 6 * 3_600_000
const ERROR_MESSAGE_MAX = 500

/** What each failure code of a platform means for an outside crawl, in plain words. */
const REASONS: Partial<Record<string, string>> = {
  auth: 'The platform wants a signed-in account to read this; the agency has no login for creators it does not manage.',
  captcha:
    'The platform asks for a verification (captcha) before it answers; outside creators are read without a login, so it cannot be passed.',
  not_configured:
    'This platform is read only with a login or an API key the studio does not have for outside creators.',
  not_supported: 'This platform does not give these figures without the creator’s own login.',
  not_found: 'The platform does not know this creator or video (wrong uid or link, or removed).',
}

interface CrawlOptions {
  now?: DateTime
  /** One breaker view shared by a sweep's crawls (a new one per crawl otherwise). */
  circuit?: PlatformCircuit
}

/** What a crawl read, or why it read nothing. */
type Outcome =
  | { status: 'succeeded'; stats: ChannelStats | null; videos: VideoStats[] }
  | { status: 'deferred'; pause: PauseInfo }
  | { status: 'failed'; code: string; message: string }

function cut(text: string, max: number) {
  const chars = [...text]
  return chars.length > max ? chars.slice(0, max).join('') : text
}

function settingsOf(row: OutsideCreator): ScheduleSettings {
  return {
    state: row.state,
    intervalDays: row.intervalDays,
    intervalHours: row.intervalHours,
    customTimes: row.customTimes,
    replayStrategy: row.replayStrategy,
    replayByHour: row.replayByHour,
    lastRunAt: row.lastRunAt,
  }
}

function failureOf(error: unknown): { code: string; message: string } {
  if (error instanceof PlatformError) {
    return {
      code: error.code,
      message: cut(
        REASONS[error.code] ? `${REASONS[error.code]} (${error.message})` : error.message,
        ERROR_MESSAGE_MAX
      ),
    }
  }
  return {
    code: 'error',
    message: cut(String((error as Error)?.message ?? error), ERROR_MESSAGE_MAX),
  }
}

/** The ISO text of a moment the platform gave, as SQL text, or null. */
function sqlOfIso(value: string | null | undefined) {
  if (!value) return null
  const parsed = DateTime.fromISO(value, { zone: 'utc' })
  return parsed.isValid ? sqlDateTime(parsed) : null
}

function countersOf(stats: VideoStats) {
  return Object.fromEntries(
    VIDEO_METRICS.map((metric) => [metric, Math.max(0, Math.round(Number(stats[metric]) || 0))])
  ) as Record<(typeof VIDEO_METRICS)[number], number>
}

/** Hours since upload at `now`, two decimals, or null when the platform gave no upload time. */
function ageHours(publishedAt: string | null | undefined, now: DateTime) {
  if (!publishedAt) return null
  const published = DateTime.fromISO(publishedAt, { zone: 'utc' })
  if (!published.isValid) return null
  const hours = now.diff(published, 'hours').hours
  return Math.max(0, Math.min(999_999, Math.round(hours * 100) / 100))
}

/**
 * When a video tracked by link is read next: in LINK_VIDEO_EVERY_MS, or
 * sooner at the next growth window mark after upload (6/12/24/48/60 h) so
 * each window has a point near it.
 */
export function nextVideoRun(publishedAt: DateTime | null, now: DateTime) {
  const regular = now.plus({ milliseconds: LINK_VIDEO_EVERY_MS })
  if (!publishedAt) return regular
  const marks = GROWTH_WINDOWS.map((hours) => publishedAt.plus({ hours })).filter(
    (mark) => mark > now.plus({ minutes: 1 })
  )
  const mark = marks.sort((a, b) => a.toMillis() - b.toMillis())[0]
  return mark && mark < regular ? mark : regular
}

export default class OutsideCrawlService {
  /** Retries per platform call (rate limits, network); tests shorten the waits. */
  static retry = { attempts: 3, baseDelayMs: 1_000, maxDelayMs: 10_000 }

  /** A manual crawl of an outside creator ("crawl now"): the finished run; CrawlInHand while one is running. */
  static async crawlNow(outsideCreatorId: number): Promise<OutsideCrawlRun> {
    await OutsideCreator.findOrFail(outsideCreatorId)
    const run = await this.crawlCreator(outsideCreatorId, 'manual')
    if (!run) throw new CrawlInHand()
    return run
  }

  /** A manual crawl of one tracked video: the finished run; CrawlInHand while one is running. */
  static async crawlVideoNow(outsideVideoId: number): Promise<OutsideCrawlRun> {
    await OutsideVideo.findOrFail(outsideVideoId)
    const run = await this.crawlVideo(outsideVideoId, 'manual')
    if (!run) throw new CrawlInHand()
    return run
  }

  /**
   * Crawls one outside creator. 'schedule': only a running task that is due
   * (the sweep), for the slot its replay strategy says; 'manual': now,
   * whatever its state, leaving its schedule as it was. Answers the
   * finished run, or null when nothing ran (another worker has it, it is not
   * due or stopped, or every missed slot was skipped: then only its due time
   * moved).
   */
  static async crawlCreator(
    id: number,
    mode: 'schedule' | 'manual',
    options: CrawlOptions = {}
  ): Promise<OutsideCrawlRun | null> {
    const now = (options.now ?? DateTime.utc()).toUTC()
    const row = await OutsideCreator.find(id)
    if (!row) return null
    const lease = await this.#claim('outside_creators', row, mode, now)
    if (!lease) return null
    const clockStarted = Date.now()
    try {
      if (row.leaseOwner) await this.#abandonRuns('outside_creator_id', id, now)
      let due: DueRun | null = null
      if (mode === 'schedule') {
        due = dueNow(settingsOf(row), row.nextSlotAt ?? row.nextRunAt!, now, ON_TIME_GRACE_MS)
        if (!due || due.runAt > now) {
          await this.#moveCreator(id, due)
          return null
        }
      }
      const trigger: CrawlTrigger = due?.trigger ?? 'manual'
      const run = await OutsideCrawlRun.create({
        outsideCreatorId: id,
        outsideVideoId: null,
        trigger,
        slotAt: due?.slotAt ?? null,
        status: 'running',
        startedAt: now,
        videosRead: 0,
      })
      const outcome = await this.#readCreator(row, now, options.circuit)
      await this.#finishCreator(row, run, due, outcome, now, clockStarted)
      return run
    } finally {
      await lease.release()
    }
  }

  /**
   * Crawls one video tracked by link: 'schedule' only when it is running and
   * due, 'manual' now. Answers the finished run, or null when nothing ran.
   */
  static async crawlVideo(
    id: number,
    mode: 'schedule' | 'manual',
    options: CrawlOptions = {}
  ): Promise<OutsideCrawlRun | null> {
    const now = (options.now ?? DateTime.utc()).toUTC()
    const video = await OutsideVideo.find(id)
    if (!video) return null
    const lease = await this.#claim('outside_videos', video, mode, now)
    if (!lease) return null
    const clockStarted = Date.now()
    try {
      if (video.leaseOwner) await this.#abandonRuns('outside_video_id', id, now)
      const run = await OutsideCrawlRun.create({
        outsideCreatorId: video.outsideCreatorId,
        outsideVideoId: id,
        trigger: mode === 'manual' ? 'manual' : 'schedule',
        slotAt: mode === 'manual' ? null : video.nextRunAt,
        status: 'running',
        startedAt: now,
        videosRead: 0,
      })
      const outcome = await this.#readVideo(video, now, options.circuit)
      await this.#finishVideo(video, run, mode, outcome, now, clockStarted)
      return run
    } finally {
      await lease.release()
    }
  }

  /**
   * The lease of the row: a scheduled crawl takes only a running row that is
   * due; any crawl takes a row without an owner, or one whose owner lapsed
   * (a killed worker), from the very owner it had.
   */
  static async #claim(
    table: 'outside_creators' | 'outside_videos',
    row: OutsideCreator | OutsideVideo,
    mode: 'schedule' | 'manual',
    now: DateTime
  ): Promise<Lease | null> {
    if (mode === 'schedule' && (row.state !== 'running' || !row.nextRunAt || row.nextRunAt > now)) {
      return null
    }
    if (
      row.leaseOwner &&
      !leaseLapsed({ owner: row.leaseOwner, heartbeatAt: row.heartbeatAt }, table, now)
    ) {
      return null
    }
    const where = (query: DatabaseQueryBuilderContract) => {
      if (row.leaseOwner) query.where('lease_owner', row.leaseOwner)
      else query.whereNull('lease_owner')
      if (mode === 'schedule') {
        query.where('state', 'running').where('next_run_at', '<=', sqlDateTime(now))
      }
    }
    return claimLease(table, row.id, { where, now })
  }

  /** Runs left 'running' by a worker that died with the lease: failed, as what they were. */
  static async #abandonRuns(
    column: 'outside_creator_id' | 'outside_video_id',
    id: number,
    now: DateTime
  ) {
    const query = db.from('outside_crawl_runs').where(column, id).where('status', 'running')
    if (column === 'outside_creator_id') query.whereNull('outside_video_id')
    await query.update({
      status: 'failed',
      finished_at: sqlDateTime(now),
      error_code: 'abandoned',
      error_message:
        'The worker crawling this stopped before it finished; the crawl was taken over.',
    })
  }

  /** Stores a new due time without a run (every missed slot skipped). */
  static async #moveCreator(id: number, due: DueRun | null) {
    await db
      .from('outside_creators')
      .where('id', id)
      .where('lease_owner', LEASE_OWNER)
      .update({
        next_run_at: due ? sqlDateTime(due.runAt) : null,
        next_slot_at: due ? sqlDateTime(due.slotAt) : null,
        lease_owner: null,
      })
  }

  static #refOf(row: {
    id: number
    platform: PlatformKey
    uid: string | null
  }): PlatformAccountRef {
    return { id: row.id, creatorId: 0, platform: row.platform, uid: row.uid }
  }

  /** The platform's answer for one creator: its figures and, with auto video crawl, its first uploads. */
  static async #readCreator(
    row: OutsideCreator,
    now: DateTime,
    shared?: PlatformCircuit
  ): Promise<Outcome> {
    const circuit = shared ?? new PlatformCircuit(this.retry)
    if (!shared) await circuit.refresh(now)
    let adapter
    try {
      adapter = platforms.use(row.platform)
    } catch (error) {
      return { status: 'failed', ...failureOf(error) }
    }
    const ref = this.#refOf(row)
    const date = now.setZone(studioConfig.timezone).toISODate()!
    const stats = await circuit.call(row.platform, () => adapter.channelStats(ref, { date }))
    if ('deferred' in stats) return { status: 'deferred', pause: stats.deferred }
    if ('error' in stats) return { status: 'failed', ...failureOf(stats.error) }
    const videos: VideoStats[] = []
    if (row.autoVideoCrawl) {
      for (let page = 1; page <= VIDEO_PAGES; page++) {
        const listed = await circuit.call(row.platform, () =>
          adapter.videos(ref, { page, pageSize: VIDEO_PAGE_SIZE, at: now.toISO()! })
        )
        if ('deferred' in listed) return { status: 'deferred', pause: listed.deferred }
        if ('error' in listed) return { status: 'failed', ...failureOf(listed.error) }
        videos.push(...listed.value.items)
        if (!listed.value.hasMore) break
      }
    }
    if (!shared) for (const platform of circuit.answered) await PlatformBreaker.reset(platform)
    return { status: 'succeeded', stats: stats.value, videos }
  }

  /** The platform's answer for one video tracked by link. */
  static async #readVideo(
    video: OutsideVideo,
    now: DateTime,
    shared?: PlatformCircuit
  ): Promise<Outcome> {
    const circuit = shared ?? new PlatformCircuit(this.retry)
    if (!shared) await circuit.refresh(now)
    let adapter
    try {
      adapter = platforms.use(video.platform)
    } catch (error) {
      return { status: 'failed', ...failureOf(error) }
    }
    const creator = video.outsideCreatorId
      ? await OutsideCreator.find(video.outsideCreatorId)
      : null
    const ref = this.#refOf(
      creator ?? { id: Number(video.id), platform: video.platform, uid: null }
    )
    const answer = await circuit.call(video.platform, async () => {
      if (adapter.videosById) {
        return adapter.videosById(ref, [video.platformVideoId], { at: now.toISO()! })
      }
      if (!creator) {
        throw new PlatformError(
          video.platform,
          'not_supported',
          'This platform has no single-video read'
        )
      }
      // without single reads: the creator's newest uploads hold a recent video
      const page = await adapter.videos(ref, {
        page: 1,
        pageSize: VIDEO_PAGE_SIZE,
        at: now.toISO()!,
      })
      return page.items
    })
    if ('deferred' in answer) return { status: 'deferred', pause: answer.deferred }
    if ('error' in answer) return { status: 'failed', ...failureOf(answer.error) }
    const found = answer.value.find((item) => item.id === video.platformVideoId)
    if (!shared) for (const platform of circuit.answered) await PlatformBreaker.reset(platform)
    if (!found) {
      return {
        status: 'failed',
        ...failureOf(
          new PlatformError(video.platform, 'not_found', 'The video is not in the answer')
        ),
      }
    }
    return { status: 'succeeded', stats: null, videos: [found] }
  }

  /** The run's end and the task's next due time, in one transaction, while the lease is ours. */
  static async #finishCreator(
    row: OutsideCreator,
    run: OutsideCrawlRun,
    due: DueRun | null,
    outcome: Outcome,
    now: DateTime,
    clockStarted: number
  ) {
    const settings = settingsOf(row)
    let next: DueRun | null
    if (!due && row.nextRunAt) {
      // a manual crawl leaves the schedule as it was
      next = { runAt: row.nextRunAt, slotAt: row.nextSlotAt ?? row.nextRunAt, trigger: 'schedule' }
    } else if (!due) {
      // a running task without a due time gets one; a stopped one keeps none
      next = nextRun(settings, now)
    } else if (outcome.status === 'deferred') {
      // the slot is missed until the pause ends: replayed then by its hour's strategy
      next = dueNow(settings, due.slotAt, outcome.pause.until, 0)
    } else {
      next = nextRun({ ...settings, lastSlotAt: due.slotAt, lastRunAt: now }, now)
    }
    const durationMs = Math.max(0, Date.now() - clockStarted)
    const finished = run.startedAt.plus({ milliseconds: durationMs })
    const status: CrawlRunStatus = outcome.status
    await this.#keepUnderLease(
      'outside_creators',
      row.id,
      run,
      outcome,
      finished,
      durationMs,
      async (trx) => {
        const update: Record<string, unknown> = {
          next_run_at: next ? sqlDateTime(next.runAt) : null,
          next_slot_at: next ? sqlDateTime(next.slotAt) : null,
          lease_owner: null,
          last_status: status,
          last_error: outcome.status === 'failed' ? outcome.message : null,
          updated_at: sqlDateTime(finished),
        }
        let videosRead = 0
        if (outcome.status === 'succeeded' && outcome.stats) {
          const stats = outcome.stats
          await this.#snapshot(trx, row, stats, now)
          videosRead = await this.#writeVideos(trx, row, outcome.videos, now)
          Object.assign(update, {
            fans: stats.fans,
            views: stats.views,
            likes: stats.likes,
            comments: stats.comments,
            videos: stats.videos,
            fans_growth_7d: await this.#growth7d(trx, row.id, stats.fans, now),
            last_run_at: sqlDateTime(now),
          })
        } else if (outcome.status === 'failed') {
          update.last_run_at = sqlDateTime(now)
        }
        return { update, videosRead }
      }
    )
  }

  static async #finishVideo(
    video: OutsideVideo,
    run: OutsideCrawlRun,
    mode: 'schedule' | 'manual',
    outcome: Outcome,
    now: DateTime,
    clockStarted: number
  ) {
    const durationMs = Math.max(0, Date.now() - clockStarted)
    const finished = run.startedAt.plus({ milliseconds: durationMs })
    let next: DateTime | null = video.nextRunAt
    if (mode === 'schedule' || !next) {
      next =
        video.state !== 'running'
          ? null
          : outcome.status === 'deferred'
            ? outcome.pause.until
            : nextVideoRun(video.publishedAt, now)
    }
    await this.#keepUnderLease(
      'outside_videos',
      Number(video.id),
      run,
      outcome,
      finished,
      durationMs,
      async (trx) => {
        const update: Record<string, unknown> = {
          next_run_at: next ? sqlDateTime(next) : null,
          lease_owner: null,
          updated_at: sqlDateTime(finished),
        }
        let videosRead = 0
        if (outcome.status === 'succeeded' && outcome.videos[0]) {
          const stats = outcome.videos[0]
          const counters = countersOf(stats)
          Object.assign(update, counters, { last_seen_at: sqlDateTime(now) })
          if (!video.publishedAt && stats.publishedAt)
            update.published_at = sqlOfIso(stats.publishedAt)
          if (!video.title && stats.title) update.title = cut(stats.title, VIDEO_FIELD_MAX.title)
          await this.#points(trx, [{ id: Number(video.id), stats }], now)
          videosRead = 1
        }
        return { update, videosRead }
      }
    )
  }

  /**
   * Writes a finished crawl of `table`'s row `id` in one transaction: what
   * `write` read, then the row's update only while this process still holds
   * its lease, then the run. A row another worker took over (this one
   * stalled past the lease) keeps nothing and the run is closed as
   * lease_lost; a write that failed closes it as error.
   */
  static async #keepUnderLease(
    table: 'outside_creators' | 'outside_videos',
    id: number,
    run: OutsideCrawlRun,
    outcome: Outcome,
    finished: DateTime,
    durationMs: number,
    write: (
      trx: TransactionClientContract
    ) => Promise<{ update: Record<string, unknown>; videosRead: number }>
  ) {
    const kept = await transactionRetryingDeadlocks(async (trx) => {
      const { update, videosRead } = await write(trx)
      const mine = affectedRows(
        await trx.from(table).where('id', id).where('lease_owner', LEASE_OWNER).update(update)
      )
      if (!mine) {
        await trx.rollback()
        return false
      }
      await this.#finishRun(trx, run, outcome, videosRead, finished, durationMs)
      return true
    }).catch((error) => {
      logger.error({ err: error, table, id }, 'outside crawl could not be written')
      return 'error' as const
    })
    if (kept !== true) {
      await this.#failRun(run, kept === false ? 'lease_lost' : 'error', finished, durationMs)
    }
  }

  static async #finishRun(
    trx: TransactionClientContract,
    run: OutsideCrawlRun,
    outcome: Outcome,
    videosRead: number,
    finished: DateTime,
    durationMs: number
  ) {
    run.useTransaction(trx)
    run.merge({
      status: outcome.status,
      finishedAt: finished,
      durationMs,
      videosRead,
      fans: outcome.status === 'succeeded' ? (outcome.stats?.fans ?? null) : null,
      views:
        outcome.status === 'succeeded'
          ? (outcome.stats?.views ?? outcome.videos[0]?.views ?? null)
          : null,
      likes:
        outcome.status === 'succeeded'
          ? (outcome.stats?.likes ?? outcome.videos[0]?.likes ?? null)
          : null,
      videos: outcome.status === 'succeeded' ? (outcome.stats?.videos ?? null) : null,
      errorCode:
        outcome.status === 'failed'
          ? cut(outcome.code, 20)
          : outcome.status === 'deferred'
            ? cut(outcome.pause.code, 20)
            : null,
      errorMessage:
        outcome.status === 'failed'
          ? outcome.message
          : outcome.status === 'deferred'
            ? cut(
                `The platform is paused by the brake until ${outcome.pause.until.toISO()}; the crawl follows then.`,
                ERROR_MESSAGE_MAX
              )
            : null,
    })
    await run.save()
  }

  /** A run whose writes could not be kept (the lease was lost, or the database refused). */
  static async #failRun(
    run: OutsideCrawlRun,
    code: 'lease_lost' | 'error',
    finished: DateTime,
    durationMs: number
  ) {
    run.merge({
      status: 'failed',
      finishedAt: finished,
      durationMs,
      errorCode: code,
      errorMessage:
        code === 'lease_lost'
          ? 'Another worker took this crawl over before it finished; its figures were not kept.'
          : 'The figures read could not be saved.',
    })
    await run
      .save()
      .catch((error) => logger.warn({ err: error, runId: run.id }, 'crawl run not closed'))
  }

  /** The day's snapshot (studio time zone), one per creator and day: the day's last crawl. */
  static async #snapshot(
    trx: TransactionClientContract,
    row: OutsideCreator,
    stats: ChannelStats,
    now: DateTime
  ) {
    const day = now.setZone(studioConfig.timezone).toISODate()!
    const figures = {
      fans: stats.fans,
      views: stats.views,
      likes: stats.likes,
      comments: stats.comments,
      shares: stats.shares,
      videos: stats.videos,
      adapter: cut(platforms.use(row.platform).name, 20),
      collected_at: sqlDateTime(now),
    }
    const updated = affectedRows(
      await trx
        .from('outside_creator_snapshots')
        .where('outside_creator_id', row.id)
        .where('snapshot_date', day)
        .update(figures)
    )
    if (!updated) {
      await trx.table('outside_creator_snapshots').insert({
        outside_creator_id: row.id,
        snapshot_date: day,
        ...figures,
      })
    }
  }

  /** Fans now less the fans of 7 days ago (the newest snapshot of that day or before; else the oldest since). */
  static async #growth7d(trx: TransactionClientContract, id: number, fans: number, now: DateTime) {
    const weekAgo = now.setZone(studioConfig.timezone).minus({ days: 7 }).toISODate()!
    const before = await trx
      .from('outside_creator_snapshots')
      .where('outside_creator_id', id)
      .where('snapshot_date', '<=', weekAgo)
      .orderBy('snapshot_date', 'desc')
      .select('fans')
      .first()
    const since =
      before ??
      (await trx
        .from('outside_creator_snapshots')
        .where('outside_creator_id', id)
        .where('snapshot_date', '>', weekAgo)
        .orderBy('snapshot_date', 'asc')
        .select('fans')
        .first())
    return since ? fans - Number(since.fans) : 0
  }

  /** The listed uploads upserted (origin 'creator'), and a point of each one's counters. */
  static async #writeVideos(
    trx: TransactionClientContract,
    row: OutsideCreator,
    listed: VideoStats[],
    now: DateTime
  ) {
    const items = [
      ...new Map(
        listed
          .filter((item) => item.id && item.id.length <= VIDEO_FIELD_MAX.platformVideoId)
          .map((item) => [item.id, item])
      ).values(),
    ]
    if (!items.length) return 0
    const stamp = sqlDateTime(now)
    const knownRows: Record<string, unknown>[] = await trx
      .from('outside_videos')
      .where('platform', row.platform)
      .whereIn(
        'platform_video_id',
        items.map((item) => item.id)
      )
      .select('id', 'platform_video_id', 'outside_creator_id')
    const existing = new Map(
      knownRows.map((found) => [
        String(found.platform_video_id),
        {
          id: Number(found.id),
          outside_creator_id: (found.outside_creator_id as number | null) ?? null,
        },
      ])
    )
    const fresh = []
    for (const item of items) {
      const counters = countersOf(item)
      const described = {
        title: cut(item.title ?? '', VIDEO_FIELD_MAX.title),
        url: item.url ? cut(item.url, VIDEO_FIELD_MAX.url) : null,
        thumbnail_url: item.thumbnailUrl ? cut(item.thumbnailUrl, VIDEO_FIELD_MAX.url) : null,
        category: item.category ? cut(item.category, VIDEO_FIELD_MAX.category) : null,
        published_at: sqlOfIso(item.publishedAt),
        duration_s: item.durationS ?? null,
      }
      const known = existing.get(item.id)
      if (known) {
        // a counter this listing did not read keeps its last known value
        const read = Object.fromEntries(
          Object.entries(counters).filter(([metric]) => !item.unread?.includes(metric as never))
        )
        await trx
          .from('outside_videos')
          .where('id', known.id)
          .update({
            ...described,
            ...read,
            channel_name: row.name || null,
            outside_creator_id: known.outside_creator_id ?? row.id,
            last_seen_at: stamp,
            updated_at: stamp,
          })
      } else {
        fresh.push({
          ...described,
          ...counters,
          outside_creator_id: row.id,
          origin: 'creator',
          platform: row.platform,
          platform_video_id: item.id,
          channel_name: row.name || null,
          state: 'running',
          user_id: row.userId ?? null,
          first_seen_at: stamp,
          last_seen_at: stamp,
          created_at: stamp,
          updated_at: stamp,
        })
      }
    }
    if (fresh.length) await trx.table('outside_videos').multiInsert(fresh)
    const idRows: Record<string, unknown>[] = await trx
      .from('outside_videos')
      .where('platform', row.platform)
      .whereIn(
        'platform_video_id',
        items.map((item) => item.id)
      )
      .select('id', 'platform_video_id')
    const ids = new Map(idRows.map((found) => [String(found.platform_video_id), Number(found.id)]))
    await this.#points(
      trx,
      items
        .filter((item) => ids.has(item.id))
        .map((item) => ({ id: ids.get(item.id)!, stats: item })),
      now
    )
    return items.length
  }

  /** A point per video at `now` (one per video and second: a point already there is kept). */
  static async #points(
    trx: TransactionClientContract,
    videos: { id: number; stats: VideoStats }[],
    now: DateTime
  ) {
    if (!videos.length) return
    const stamp = sqlDateTime(now)
    const takenRows: Record<string, unknown>[] = await trx
      .from('outside_video_points')
      .whereIn(
        'outside_video_id',
        videos.map((video) => video.id)
      )
      .where('taken_at', stamp)
      .select('outside_video_id')
    const taken = new Set(takenRows.map((found) => Number(found.outside_video_id)))
    const rows = videos
      .filter((video) => !taken.has(video.id))
      .map((video) => ({
        outside_video_id: video.id,
        taken_at: stamp,
        age_hours: ageHours(video.stats.publishedAt, now),
        ...countersOf(video.stats),
      }))
    if (rows.length) await trx.table('outside_video_points').multiInsert(rows)
  }
}
