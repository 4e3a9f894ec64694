import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import StudioException from '#exceptions/studio_exception'
import OutsideCreator from '#models/outside_creator'
import OutsideCrawlRun from '#models/outside_crawl_run'
import OutsideCreatorSnapshot from '#models/outside_creator_snapshot'
import OutsideVideo from '#models/outside_video'
import AuditService from '#services/audit/audit_service'
import OutsideCrawlService from '#services/outside/crawl_service'
import { isShortLink, parseChannelLink } from '#services/outside/links'
import { nextRun } from '#services/outside/schedule'
import type { Actor } from '#support/actor'
import { LIKE, containing } from '#support/like'
import { pageWindow, paginate, type Page } from '#support/pagination'
import { refuseDuplicates, sqlDateTime } from '#support/sql'
import type { AuditAction } from '#shared/audit'
import type { PlatformKey } from '#shared/constants'
import type { OutsideState } from '#shared/outside'
import type {
  OutsideBulkInput,
  OutsideFiguresParams,
  OutsideListParams,
  OutsidePageParams,
  OutsideStoreInput,
  OutsideUpdateInput,
} from '#validators/outside_creators'

type Settings = OutsideUpdateInput

/** The fields whose change moves the task's due time. */
const SCHEDULE_FIELDS = [
  'state',
  'interval_days',
  'interval_hours',
  'custom_times',
  'replay_strategy',
  'replay_by_hour',
] as const

/** Columns each list sort orders by (ties by id, newest first). */
const SORT_COLUMNS: Record<NonNullable<OutsideListParams['_sort']>, string> = {
  fans_growth_7d: 'fans_growth_7d',
  fans: 'fans',
  next_run_at: 'next_run_at',
  last_run_at: 'last_run_at',
  last_status: 'last_status',
  opened_count: 'opened_count',
  created_at: 'created_at',
  name: 'name',
}

/** The figures a chart of the detail draws (the managed creators' metric names). */
const FIGURE_METRICS = ['fans', 'views', 'likes', 'comments', 'videos'] as const

const notUnderstood = (field: string) =>
  new StudioException('outside.errors.not_understood', { status: 422, data: { field } })
const duplicate = () => new StudioException('outside.errors.duplicate', { status: 409 })

/** What one line of a bulk add came to. */
type BulkResult =
  | { line: string; result: 'added'; id: number; platform: PlatformKey; uid: string }
  | { line: string; result: 'tracked'; id: number; platform: PlatformKey; uid: string }
  | { line: string; result: 'not_understood'; reason: 'short_link' | 'unknown' }

/**
 * Outside creators and their crawl tasks (SPEC §2 "Outside creators", §3
 * "Outside crawl task"; issue 29): the list, the detail (which counts an
 * open for the scheduler's priority), the writes — each in one transaction
 * with its audit row, the due time computed by `nextRun` on every change of
 * the schedule — the run history, the figures over time, and "crawl now".
 * The REST resource and the SPEC §7 crawler and owner paths both call this.
 */
export default class OutsideCreatorService {
  /** The creator `id` (404 otherwise). */
  static find(id: number) {
    return OutsideCreator.findOrFail(id)
  }

  /** The list: search by name or uid, filters, the sort asked (growth first by default). */
  static list(params: OutsideListParams): Promise<Page<OutsideCreator>> {
    const query = OutsideCreator.query()
    if (params.q) {
      const pattern = containing(params.q)
      query.where((inner) =>
        inner.whereRaw(LIKE, ['name', pattern]).orWhereRaw(LIKE, ['uid', pattern])
      )
    }
    if (params.platform) query.where('platform', params.platform)
    if (params.state) query.where('state', params.state)
    if (params.purpose) query.where('purpose', params.purpose)
    const column = SORT_COLUMNS[params._sort ?? 'fans_growth_7d']
    const order = (params._order ?? 'desc').toLowerCase() as 'asc' | 'desc'
    const window = pageWindow(params._start ?? params.offset, params._end ?? this.#end(params))
    return paginate(query, window, (rows) =>
      rows
        // rows without a value (never run, never due) go last whatever the order
        .orderByRaw(`case when ?? is null then 1 else 0 end`, [column])
        .orderBy(column, order)
        .orderBy('id', 'desc')
    )
  }

  static #end(params: { offset?: number; limit?: number }) {
    return params.limit === undefined ? undefined : (params.offset ?? 0) + params.limit
  }

  /** The detail, counted as one open (opened_count, opened_at: the scheduler's priority reads them). */
  static async open(id: number) {
    const creator = await this.find(id)
    const now = DateTime.utc()
    await db
      .from('outside_creators')
      .where('id', id)
      .update({
        opened_count: db.knexRawQuery('opened_count + 1'),
        opened_at: sqlDateTime(now),
      })
    creator.openedCount += 1
    creator.openedAt = now
    return creator
  }

  /** Adds a creator from a pasted link or a platform and uid, with its crawl task. */
  static async create(input: OutsideStoreInput, actor: Actor) {
    const found = this.resolve(input)
    const settings: Settings = { ...input }
    for (const key of ['platform', 'uid', 'link'] as const)
      delete (settings as OutsideStoreInput)[key]
    return refuseDuplicates(
      () =>
        db.transaction(async (trx) => {
          const creator = await this.#insert(found, settings, actor, trx)
          await this.#audit(
            actor,
            'outside.create',
            creator,
            { platform: found.platform, uid: found.uid },
            trx
          )
          return creator
        }),
      duplicate
    )
  }

  /** The platform and uid a store input names, or a 422 saying why it is not understood. */
  static resolve(input: { platform?: PlatformKey; uid?: string; link?: string }) {
    const text = input.link ?? input.uid
    if (!text) throw notUnderstood(input.link === undefined ? 'uid' : 'link')
    const found = parseChannelLink(text, input.platform)
    if (found) return found
    const field = input.link !== undefined ? 'link' : 'uid'
    if (isShortLink(text)) {
      throw new StudioException('outside.errors.short_link', { status: 422, data: { field } })
    }
    throw notUnderstood(field)
  }

  static async #added(
    found: { platform: PlatformKey; uid: string; url: string | null },
    settings: Settings,
    actor: Actor,
    trx: TransactionClientContract
  ) {
    const creator = await this.#insert(found, settings, actor, trx)
    return { id: creator.id, platform: creator.platform, uid: creator.uid }
  }

  static async #insert(
    found: { platform: PlatformKey; uid: string; url: string | null },
    settings: Settings,
    actor: Actor,
    trx: TransactionClientContract
  ) {
    const creator = new OutsideCreator()
    creator.useTransaction(trx)
    creator.merge({
      platform: found.platform,
      uid: found.uid,
      channelUrl: found.url,
      name: found.uid,
      purpose: 'prospect',
      state: 'running',
      intervalDays: 1,
      intervalHours: 0,
      customTimes: null,
      replayStrategy: 'late',
      replayByHour: null,
      autoVideoCrawl: false,
      userId: actor.user.id,
    })
    this.#fill(creator, settings)
    this.#schedule(creator, DateTime.utc())
    await creator.save()
    return creator
  }

  /** Changes the fields given; a change of the schedule moves the due time. */
  static async update(creator: OutsideCreator, input: OutsideUpdateInput, actor: Actor) {
    return db.transaction(async (trx) => {
      creator.useTransaction(trx)
      const before = this.#facts(creator)
      this.#fill(creator, input)
      if (SCHEDULE_FIELDS.some((field) => input[field] !== undefined)) {
        this.#schedule(creator, DateTime.utc())
      }
      await creator.save()
      const after = this.#facts(creator)
      const changes = Object.fromEntries(
        Object.keys(after)
          .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
          .map((key) => [key, { from: before[key], to: after[key] }])
      )
      await this.#audit(actor, 'outside.update', creator, { changes }, trx)
      return creator
    })
  }

  /** Starts or stops the task: a stopped task has no due time and is never run. */
  static async setState(creator: OutsideCreator, state: OutsideState, actor: Actor) {
    return db.transaction(async (trx) => {
      creator.useTransaction(trx)
      const from = creator.state
      creator.state = state
      this.#schedule(creator, DateTime.utc())
      await creator.save()
      await this.#audit(
        actor,
        state === 'running' ? 'outside.start' : 'outside.stop',
        creator,
        { from, to: state },
        trx
      )
      return creator
    })
  }

  /** Deletes the creator with its runs, daily figures and videos (the database cascades). */
  static async delete(creator: OutsideCreator, actor: Actor) {
    await db.transaction(async (trx) => {
      creator.useTransaction(trx)
      await this.#audit(
        actor,
        'outside.delete',
        creator,
        { platform: creator.platform, uid: creator.uid, name: creator.name },
        trx
      )
      await creator.delete()
    })
  }

  /**
   * Adds one creator per line (a link, or a uid of `platform`) with the same
   * settings; each line answered: added, already tracked, or not understood.
   * One transaction, one audit row with the counts.
   */
  static async bulkAdd(input: OutsideBulkInput, actor: Actor) {
    const { lines, platform, ...settings } = input
    return db.transaction(async (trx) => {
      const results: BulkResult[] = []
      const seen = new Map<string, BulkResult>()
      for (const raw of lines) {
        const line = raw.trim()
        const found = parseChannelLink(line, platform)
        if (!found) {
          results.push({
            line,
            result: 'not_understood',
            reason: isShortLink(line) ? 'short_link' : 'unknown',
          })
          continue
        }
        const key = `${found.platform}:${found.uid}`
        const earlier = seen.get(key)
        if (earlier && earlier.result !== 'not_understood') {
          results.push({ ...earlier, line, result: 'tracked' })
          continue
        }
        const existing = await OutsideCreator.query({ client: trx })
          .where('platform', found.platform)
          .where('uid', found.uid)
          .first()
        const row: BulkResult = existing
          ? { line, result: 'tracked', id: existing.id, platform: found.platform, uid: found.uid }
          : { line, result: 'added', ...(await this.#added(found, settings, actor, trx)) }
        seen.set(key, row)
        results.push(row)
      }
      const count = (result: BulkResult['result']) =>
        results.filter((row) => row.result === result).length
      const counts = {
        added: count('added'),
        tracked: count('tracked'),
        not_understood: count('not_understood'),
      }
      await AuditService.log(actor, 'outside.bulk_add', ['outside_creator', null], counts, trx)
      return { ...counts, results }
    })
  }

  /** A manual crawl under the lease (409 when one is in hand), audited; the finished run. */
  static async crawlNow(creator: OutsideCreator, actor: Actor) {
    const run = await OutsideCrawlService.crawlNow(creator.id)
    await this.#audit(actor, 'outside.crawl', creator, { run: run.id, status: run.status })
    return run
  }

  /** The run history, newest first. */
  static async runs(id: number, params: OutsidePageParams) {
    await this.find(id)
    const window = pageWindow(params._start ?? params.offset, params._end ?? this.#end(params))
    return paginate(OutsideCrawlRun.query().where('outside_creator_id', id), window, (rows) =>
      rows.orderBy('started_at', 'desc').orderBy('id', 'desc')
    )
  }

  /** The creator's tracked videos (auto new-video crawl), newest upload first. */
  static async videos(id: number, params: OutsidePageParams) {
    await this.find(id)
    const window = pageWindow(params._start ?? params.offset, params._end ?? this.#end(params))
    return paginate(OutsideVideo.query().where('outside_creator_id', id), window, (rows) =>
      rows.orderByRaw('case when published_at is null then 1 else 0 end').orderBy([
        { column: 'published_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
    )
  }

  /**
   * The figures over time in the shape the managed creators' trend charts
   * read (GET /api/metrics/series): `{range, metrics, mode, points: [{date,
   * metric, value}]}`, one point per day with a snapshot; 'diff' gives each
   * day's change from the day before it (the first day has none).
   */
  static async figures(id: number, params: OutsideFiguresParams) {
    await this.find(id)
    const mode = params.mode ?? 'value'
    const days = params.days ?? 90
    const snapshots = await OutsideCreatorSnapshot.query()
      .where('outside_creator_id', id)
      .orderBy('snapshot_date', 'desc')
      .limit(days + 1)
    const ordered = snapshots.reverse()
    const points: { date: string; metric: string; value: number }[] = []
    for (const [index, snapshot] of ordered.entries()) {
      if (mode === 'value' && index === 0 && ordered.length > days) continue
      const previous = index > 0 ? ordered[index - 1] : null
      if (mode === 'diff' && !previous) continue
      for (const metric of FIGURE_METRICS) {
        const value =
          mode === 'diff' ? snapshot[metric] - previous![metric] : Number(snapshot[metric])
        points.push({ date: snapshot.snapshotDate, metric, value })
      }
    }
    const dates = points.map((point) => point.date)
    return {
      outside_creator_id: id,
      range: { start: dates[0] ?? null, end: dates.at(-1) ?? null },
      mode,
      metrics: [...FIGURE_METRICS],
      points,
    }
  }

  /* ---------------------------------------------------------------- */

  static #fill(creator: OutsideCreator, input: Settings) {
    if (input.name !== undefined) creator.name = input.name
    if (input.purpose !== undefined) creator.purpose = input.purpose
    if (input.note !== undefined) creator.note = input.note ?? null
    if (input.state !== undefined) creator.state = input.state
    if (input.interval_days !== undefined) creator.intervalDays = input.interval_days
    if (input.interval_hours !== undefined) creator.intervalHours = input.interval_hours
    if (input.custom_times !== undefined) {
      creator.customTimes = input.custom_times.length ? input.custom_times : null
    }
    if (input.replay_strategy !== undefined) creator.replayStrategy = input.replay_strategy
    if (input.replay_by_hour !== undefined) {
      creator.replayByHour =
        input.replay_by_hour && Object.keys(input.replay_by_hour).length
          ? input.replay_by_hour
          : null
    }
    if (input.auto_video_crawl !== undefined) creator.autoVideoCrawl = input.auto_video_crawl
  }

  /**
   * The due time from the settings as they now are: a changed schedule
   * starts from the moment of the change (slots missed before it are not
   * replayed; crawl days count from that day); a stopped task has none.
   */
  static #schedule(creator: OutsideCreator, now: DateTime) {
    const due = nextRun(
      {
        state: creator.state,
        intervalDays: creator.intervalDays,
        intervalHours: creator.intervalHours,
        customTimes: creator.customTimes,
        replayStrategy: creator.replayStrategy,
        replayByHour: creator.replayByHour,
        lastRunAt: creator.lastRunAt,
        lastSlotAt: now,
      },
      now
    )
    creator.nextRunAt = due?.runAt ?? null
    creator.nextSlotAt = due?.slotAt ?? null
  }

  static #facts(creator: OutsideCreator): Record<string, unknown> {
    return {
      name: creator.name,
      purpose: creator.purpose,
      note: creator.note,
      state: creator.state,
      interval_days: creator.intervalDays,
      interval_hours: creator.intervalHours,
      custom_times: creator.customTimes,
      replay_strategy: creator.replayStrategy,
      replay_by_hour: creator.replayByHour,
      auto_video_crawl: creator.autoVideoCrawl,
    }
  }

  static #audit(
    actor: Actor,
    action: AuditAction,
    creator: OutsideCreator,
    meta: Record<string, unknown>,
    trx?: TransactionClientContract
  ) {
    return AuditService.log(actor, action, ['outside_creator', creator.id], meta, trx)
  }
}
