import { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { VideoStats } from '#platforms/types'
import type { PlatformKey, SnapshotSource } from '#shared/constants'
import { VIDEO_FIELD_MAX, VIDEO_METRICS, type VideoMetric } from '#shared/videos'
import { addDays } from '#services/metrics/metric_scope'
import {
  indexVideoWords,
  markVideoWordChanges,
  type WordSource,
} from '#services/videos/video_words'
import { chunks } from '#support/chunks'
import { affectedRows } from '#support/sql'
import { dayOf } from '#services/metrics/rollup_service'
import VideoTallies from '#services/videos/video_tallies'

/*
|--------------------------------------------------------------------------
| Videos and their daily snapshots, written in bulk
|--------------------------------------------------------------------------
|
| For each listing (one account's uploads as an adapter answered them) on a
| day D, in batches of WRITE_BATCH videos, with a handful of statements per
| batch whatever its size:
|
| 1. the batch's stored videos (one range of the unique index per account)
|    with their views on D−7 and D−30 (the snapshots' unique index, joined
|    in the same statement);
| 2. for the few without a snapshot on that day, the earliest one after it;
| 3. an upsert of `videos` (insert … on duplicate key update on MySQL and
|    MariaDB, on conflict … do update on SQLite), stored videos by their id
|    and new ones by the unique key: new rows get
|    first_seen_at; title, counters, views_week / views_month, last_seen_at
|    are updated and deleted_on is cleared (a video that came back);
| 4. the ids of the new rows, then an upsert of `video_snapshots` on
|    (video_id, snapshot_date) — writing a day again rewrites its rows;
| 5. the search words of new videos and of those whose title or tags changed,
|    and the suggestion words whose counts changed (video_word_changes: those
|    words, and every word of a video marked deleted or listed again);
| 6. the accounts' video tallies (api/services/videos/video_tallies.ts).
|
| views_week = views now − views on D−7, or all views when the video was
| published after D−7 (the same with 30 days for views_month); when D−7 has
| no snapshot, the earliest later one stands in (0 when there is none).
|
| A listing read to its end (`complete`) also marks the account's videos it
| did not list: deleted_on = D (once; they are never dropped) — one read of
| the account's range of the unique index, then an update by id.
|
| The caller gives the transaction; the videos cache and the recount of the
| changed suggestion words are the caller's (VideoIngestService.afterRun).
|
*/

/** Videos per batch (the lookups' `in` lists, the upserts' rows). */
export const VIDEO_WRITE_BATCH = 1000
/** Rows per insert statement (see SnapshotWriter: SQLite parses long statements slowly). */
const ROWS_PER_STATEMENT = { sqlite: 200, other: 1000 }

export interface VideoAccount {
  id: number
  creator_id: number
  platform: PlatformKey
}

export interface VideoListing {
  account: VideoAccount
  items: VideoStats[]
  /** The listing was read to its end: videos seen before and absent now are deleted on `date`. */
  complete: boolean
}

export interface VideoWriteOptions {
  /** YYYY-MM-DD: the day the snapshots describe. */
  date: string
  /** When the values were read (last_seen_at, collected_at). */
  collectedAt: Date
  source: SnapshotSource
  adapter: string
}

export interface VideoWriteResult {
  /** Videos written (new and updated). */
  videos: number
  snapshots: number
  /** Ids of the videos new to the studio, in listing order. */
  newVideoIds: number[]
  /** Videos marked deleted by complete listings. */
  deleted: number
  /** Videos listed again after having been marked deleted. */
  restored: number
}

interface Existing {
  id: number
  title: string
  tags: string | null
  deleted: boolean
  counters: Record<VideoMetric, number>
  /** Views on D−7 and D−30 (the snapshots of those days, read with the video). */
  baseline: { week?: number; month?: number }
}

interface Prepared {
  account: VideoAccount
  item: VideoStats
  existing: Existing | undefined
  publishedMs: number | null
  title: string
  tags: string | null
}

export const VIDEO_COLUMNS = [
  'account_id',
  'creator_id',
  'platform',
  'platform_video_id',
  'title',
  'tags',
  'category',
  'published_at',
  'duration_s',
  'thumbnail_url',
  'url',
  ...VIDEO_METRICS,
  'views_week',
  'views_month',
  'source',
  'adapter',
  'first_seen_at',
  'last_seen_at',
  'deleted_on',
  'created_at',
  'updated_at',
] as const
/** Kept when the new answer has none (a listing without them). */
const KEPT_WHEN_NULL = new Set(['published_at', 'duration_s', 'thumbnail_url', 'url', 'category'])
const NOT_UPDATED = new Set([
  'account_id',
  'platform_video_id',
  'platform',
  'first_seen_at',
  'created_at',
])
export const SNAPSHOT_COLUMNS = [
  'video_id',
  'creator_id',
  'snapshot_date',
  ...VIDEO_METRICS,
  'source',
  'adapter',
  'collected_at',
] as const

type Cell = string | number | null

function cut(value: string | null | undefined, max: number) {
  if (value === null || value === undefined) return null
  return value.length <= max ? value : Array.from(value).slice(0, max).join('').slice(0, max)
}

/** Tags as stored: comma-separated, commas inside a tag replaced. */
export function tagsText(tags: string[] | undefined) {
  if (!tags || tags.length === 0) return null
  const text = tags
    .map((tag) => tag.replace(/,/g, ' ').trim())
    .filter(Boolean)
    .join(',')
  return text ? cut(text, VIDEO_FIELD_MAX.tags) : null
}

function count(value: unknown) {
  const number = Number(value)
  return Number.isFinite(number) && number > 0 ? Math.trunc(number) : 0
}

/**
 * A `videos` row of a listed video: its answer's fields cut to the columns,
 * the counters given (the answer's, or the last known ones it did not read),
 * the week's and month's view gains.
 */
export function videoRow(
  account: VideoAccount,
  item: VideoStats,
  counters: Record<VideoMetric, number>,
  gains: { week: number; month: number },
  meta: {
    source: SnapshotSource
    adapter: string
    firstSeen: string
    lastSeen: string
    deletedOn: string | null
    format: string
  }
): Record<string, Cell> {
  const published = item.publishedAt ? Date.parse(item.publishedAt) : Number.NaN
  const row: Record<string, Cell> = {
    account_id: account.id,
    creator_id: account.creator_id,
    platform: account.platform,
    platform_video_id: item.id,
    title: cut(item.title ?? '', VIDEO_FIELD_MAX.title) ?? '',
    tags: tagsText(item.tags),
    category: cut(item.category, VIDEO_FIELD_MAX.category),
    published_at: Number.isFinite(published)
      ? DateTime.fromMillis(published, { zone: 'utc' }).toFormat(meta.format)
      : null,
    duration_s:
      typeof item.durationS === 'number' && item.durationS >= 0 ? Math.round(item.durationS) : null,
    thumbnail_url: cut(item.thumbnailUrl, VIDEO_FIELD_MAX.url),
    url: cut(item.url, VIDEO_FIELD_MAX.url),
    views_week: gains.week,
    views_month: gains.month,
    source: meta.source,
    adapter: meta.adapter.slice(0, 20),
    first_seen_at: meta.firstSeen,
    last_seen_at: meta.lastSeen,
    deleted_on: meta.deletedOn,
    created_at: meta.firstSeen,
    updated_at: meta.lastSeen,
  }
  for (const metric of VIDEO_METRICS) row[metric] = counters[metric]
  return row
}

/** The counters of an answer as stored (non-negative integers). */
export function countersOf(item: VideoStats) {
  const values = {} as Record<VideoMetric, number>
  for (const metric of VIDEO_METRICS) values[metric] = count(item[metric])
  return values
}

export default class VideoWriter {
  static async write(
    client: QueryClientContract,
    listings: VideoListing[],
    options: VideoWriteOptions
  ): Promise<VideoWriteResult> {
    const result: VideoWriteResult = {
      videos: 0,
      snapshots: 0,
      newVideoIds: [],
      deleted: 0,
      restored: 0,
    }
    const format = client.dialect.dateTimeFormat
    const stamp = DateTime.fromJSDate(options.collectedAt, { zone: 'utc' }).toFormat(format)

    // every listed video once per account (a listing read while uploads arrive can repeat one)
    const work: { account: VideoAccount; item: VideoStats }[] = []
    for (const listing of listings) {
      const seen = new Set<string>()
      for (const item of listing.items) {
        const id = item.id?.trim()
        if (!id || id.length > VIDEO_FIELD_MAX.platformVideoId || seen.has(id)) continue
        seen.add(id)
        work.push({ account: listing.account, item: id === item.id ? item : { ...item, id } })
      }
    }

    for (const batch of chunks(work, VIDEO_WRITE_BATCH)) {
      await this.#writeBatch(client, batch, options, stamp, result)
    }

    // complete listings: the account's other videos are gone from the platform
    for (const listing of listings) {
      if (!listing.complete) continue
      const listed = new Set(listing.items.map((item) => item.id?.trim()))
      const stored = await client
        .from('videos')
        .where('account_id', listing.account.id)
        .whereNull('deleted_on')
        .select('id', 'platform_video_id')
      const gone = stored
        .filter((row) => !listed.has(row.platform_video_id))
        .map((row) => Number(row.id))
      for (const part of chunks(gone, 500)) {
        const changed = await client
          .from('videos')
          .whereIn('id', part)
          .update({ deleted_on: options.date, updated_at: stamp })
        result.deleted += affectedRows(changed) || 0
      }
      // their words no longer count for the suggestions
      if (gone.length) await markVideoWordChanges(client, gone)
    }

    // the dashboard's and the list's counts of these accounts, in the same transaction
    const written = listings
      .filter((listing) => listing.complete || listing.items.length)
      .map((listing) => listing.account.id)
    await VideoTallies.refresh(client, written)
    return result
  }

  static async #writeBatch(
    client: QueryClientContract,
    batch: { account: VideoAccount; item: VideoStats }[],
    options: VideoWriteOptions,
    stamp: string,
    result: VideoWriteResult
  ) {
    const format = client.dialect.dateTimeFormat
    const existing = await this.#existing(client, batch, options.date)
    const prepared: Prepared[] = batch.map(({ account, item }) => {
      const published = item.publishedAt ? Date.parse(item.publishedAt) : Number.NaN
      return {
        account,
        item,
        existing: existing.get(`${account.id}|${item.id}`),
        publishedMs: Number.isFinite(published) ? published : null,
        title: cut(item.title ?? '', VIDEO_FIELD_MAX.title) ?? '',
        tags: tagsText(item.tags),
      }
    })

    // counters an answer did not read keep their last known values
    const counters = prepared.map(({ item, existing: stored }) => {
      const values = countersOf(item)
      for (const metric of item.unread ?? []) values[metric] = stored?.counters[metric] ?? 0
      return values
    })

    const gains = await this.#gains(client, prepared, counters, options.date)

    const videoRows = prepared.map((entry, index) =>
      videoRow(entry.account, entry.item, counters[index], gains[index], {
        source: options.source,
        adapter: options.adapter,
        firstSeen: stamp,
        lastSeen: stamp,
        deletedOn: null,
        format,
      })
    )
    // stored videos are written over by their id (InnoDB finds the row in its clustered index
    // instead of trying an insert that the unique key then undoes), new ones by the unique key
    const known = videoRows.flatMap((row, index) => {
      const id = prepared[index].existing?.id
      return id ? [{ ...row, id }] : []
    })
    await this.upsertVideos(client, known, { byId: true })
    await this.upsertVideos(
      client,
      videoRows.filter((_, index) => !prepared[index].existing)
    )
    result.videos += videoRows.length

    // the ids of the new rows
    const ids = prepared.map((entry) => entry.existing?.id ?? 0)
    const fresh = prepared.filter((entry) => !entry.existing)
    if (fresh.length) {
      const found = await this.#existing(client, fresh)
      prepared.forEach((entry, index) => {
        if (entry.existing) return
        const stored = found.get(`${entry.account.id}|${entry.item.id}`)
        if (stored) {
          ids[index] = stored.id
          result.newVideoIds.push(stored.id)
        }
      })
    }
    result.restored += prepared.filter((entry) => entry.existing?.deleted).length

    const snapshotRows = prepared.flatMap((entry, index) => {
      if (!ids[index]) return []
      const row: Record<string, Cell> = {
        video_id: ids[index],
        creator_id: entry.account.creator_id,
        snapshot_date: options.date,
        source: options.source,
        adapter: options.adapter.slice(0, 20),
        collected_at: stamp,
      }
      for (const metric of VIDEO_METRICS) row[metric] = counters[index][metric]
      return [row]
    })
    await this.upsertSnapshots(client, snapshotRows)
    result.snapshots += snapshotRows.length

    // search words: new videos, and those whose title or tags changed
    const words: WordSource[] = []
    prepared.forEach((entry, index) => {
      if (!ids[index]) return
      if (
        !entry.existing ||
        entry.existing.title !== entry.title ||
        (entry.existing.tags ?? null) !== entry.tags
      ) {
        words.push({ id: ids[index], title: entry.title, tags: entry.tags })
      }
    })
    if (words.length) await indexVideoWords(client, words)
    // videos listed again count for their words' suggestions again
    const restored = prepared.flatMap((entry) =>
      entry.existing?.deleted ? [entry.existing.id] : []
    )
    if (restored.length) await markVideoWordChanges(client, restored)
  }

  /**
   * Stored videos of the batch by "account|platform video id", with their
   * views on D−7 and D−30 when `date` (D) is given (two look-ups of the
   * snapshots' unique index joined to each video, in the same statement).
   */
  static async #existing(
    client: QueryClientContract,
    batch: { account: VideoAccount; item: VideoStats }[],
    date?: string
  ) {
    const found = new Map<string, Existing>()
    const byAccount = new Map<number, string[]>()
    for (const { account, item } of batch) {
      const list = byAccount.get(account.id)
      if (list) list.push(item.id)
      else byAccount.set(account.id, [item.id])
    }
    // one range of the unique index (account_id, platform_video_id) per group of accounts
    const accounts = [...byAccount.keys()]
    for (const part of chunks(accounts, 200)) {
      const videoIds = part.flatMap((accountId) => byAccount.get(accountId)!)
      const query = client
        .from('videos as v')
        .whereIn('v.account_id', part)
        .whereIn('v.platform_video_id', videoIds)
        .select(
          'v.id',
          'v.account_id',
          'v.platform_video_id',
          'v.title',
          'v.tags',
          'v.deleted_on',
          ...VIDEO_METRICS.map((metric) => `v.${metric}`)
        )
      if (date) {
        query
          .leftJoin('video_snapshots as w', (join) =>
            join.on('w.video_id', '=', 'v.id').andOnVal('w.snapshot_date', '=', addDays(date, -7))
          )
          .leftJoin('video_snapshots as m', (join) =>
            join.on('m.video_id', '=', 'v.id').andOnVal('m.snapshot_date', '=', addDays(date, -30))
          )
          .select('w.views as week_views', 'm.views as month_views')
      }
      const rows = await query
      for (const row of rows) {
        const counters = {} as Record<VideoMetric, number>
        for (const metric of VIDEO_METRICS) counters[metric] = count(row[metric])
        found.set(`${row.account_id}|${row.platform_video_id}`, {
          id: Number(row.id),
          title: row.title,
          tags: row.tags ?? null,
          deleted: row.deleted_on !== null && row.deleted_on !== undefined,
          counters,
          baseline: {
            week:
              row.week_views === null || row.week_views === undefined
                ? undefined
                : Number(row.week_views),
            month:
              row.month_views === null || row.month_views === undefined
                ? undefined
                : Number(row.month_views),
          },
        })
      }
    }
    return found
  }

  /** views_week and views_month of each prepared video (see the header). */
  static async #gains(
    client: QueryClientContract,
    prepared: Prepared[],
    counters: Record<VideoMetric, number>[],
    date: string
  ) {
    const weekDay = addDays(date, -7)
    const monthDay = addDays(date, -30)
    const dayEndMs = (day: string) => Date.parse(`${day}T00:00:00Z`) + 86_400_000
    const weekStart = dayEndMs(weekDay)
    const monthStart = dayEndMs(monthDay)

    // the views on D−7 and D−30 came with the stored videos (#existing)
    const baselines = new Map<number, { week?: number; month?: number }>()
    for (const entry of prepared) {
      if (entry.existing) baselines.set(entry.existing.id, entry.existing.baseline)
    }

    // published before the window, stored, but no snapshot on its first day: the earliest after it
    const missing = prepared.flatMap((entry) => {
      const id = entry.existing?.id
      if (!id) return []
      const baseline = baselines.get(id)
      const old = entry.publishedMs === null || entry.publishedMs < monthStart
      const oldWeek = entry.publishedMs === null || entry.publishedMs < weekStart
      return (old && baseline?.month === undefined) || (oldWeek && baseline?.week === undefined)
        ? [id]
        : []
    })
    const earliest = new Map<number, { week?: number; month?: number }>()
    for (const part of chunks(missing, 500)) {
      // the first stored day after each window's start: one index entry per video and window
      const firsts = await client
        .from('videos as v')
        .whereIn('v.id', part)
        .select('v.id')
        .select(
          client.raw(
            `(select p.snapshot_date from video_snapshots p
              where p.video_id = v.id and p.snapshot_date > ? and p.snapshot_date < ?
              order by p.snapshot_date limit 1) as month_date`,
            [monthDay, date]
          ),
          client.raw(
            `(select p.snapshot_date from video_snapshots p
              where p.video_id = v.id and p.snapshot_date > ? and p.snapshot_date < ?
              order by p.snapshot_date limit 1) as week_date`,
            [weekDay, date]
          )
        )
      const pairs: [number, string][] = []
      const wanted = new Map<string, { id: number; window: 'week' | 'month' }[]>()
      for (const row of firsts) {
        const id = Number(row.id)
        for (const window of ['month', 'week'] as const) {
          const value = row[`${window}_date`]
          if (!value) continue
          const key = `${id}|${dayOf(value)}`
          const list = wanted.get(key)
          if (list) list.push({ id, window })
          else {
            wanted.set(key, [{ id, window }])
            pairs.push([id, dayOf(value)])
          }
        }
      }
      if (pairs.length === 0) continue
      const rows = await client
        .from('video_snapshots')
        .whereRaw(
          `(video_id, snapshot_date) in (${pairs.map(() => '(?, ?)').join(', ')})`,
          pairs.flat()
        )
        .select('video_id', 'snapshot_date', 'views')
      for (const row of rows) {
        for (const { id, window } of wanted.get(`${row.video_id}|${dayOf(row.snapshot_date)}`) ??
          []) {
          const entry = earliest.get(id) ?? {}
          entry[window] = Number(row.views)
          earliest.set(id, entry)
        }
      }
    }

    return prepared.map((entry, index) => {
      const views = counters[index].views
      const id = entry.existing?.id
      const baseline = id ? baselines.get(id) : undefined
      const fallback = id ? earliest.get(id) : undefined
      const gain = (start: number, value: number | undefined, stand: number | undefined) => {
        if (entry.publishedMs !== null && entry.publishedMs >= start) return views
        const base = value ?? stand
        return base === undefined ? 0 : Math.max(0, views - base)
      }
      return {
        week: gain(weekStart, baseline?.week, fallback?.week),
        month: gain(monthStart, baseline?.month, fallback?.month),
      }
    })
  }

  /**
   * Rows of `videos` (every column of VIDEO_COLUMNS), upserted on
   * (account_id, platform_video_id), or with `byId` on their `id` (rows of
   * stored videos).
   */
  static async upsertVideos(
    client: QueryClientContract,
    rows: Record<string, Cell>[],
    options: { byId?: boolean } = {}
  ) {
    const sqlite = client.dialect.name.includes('sqlite')
    const perStatement = sqlite ? ROWS_PER_STATEMENT.sqlite : ROWS_PER_STATEMENT.other
    const byId = options.byId ?? false
    const columns = byId ? ['id', ...VIDEO_COLUMNS] : VIDEO_COLUMNS
    for (const part of chunks(rows, perStatement)) {
      await this.#upsert(client, 'videos', columns, part, this.#videoConflict(sqlite, byId))
    }
  }

  /** Rows of `video_snapshots` (every column of SNAPSHOT_COLUMNS), upserted on (video_id, snapshot_date). */
  static async upsertSnapshots(client: QueryClientContract, rows: Record<string, Cell>[]) {
    const sqlite = client.dialect.name.includes('sqlite')
    const perStatement = sqlite ? ROWS_PER_STATEMENT.sqlite : ROWS_PER_STATEMENT.other
    for (const part of chunks(rows, perStatement)) {
      await this.#upsert(
        client,
        'video_snapshots',
        SNAPSHOT_COLUMNS,
        part,
        this.#snapshotConflict(sqlite)
      )
    }
  }

  static #conflicts = new Map<string, string>()

  static #videoConflict(sqlite: boolean, byId: boolean) {
    const key = `videos|${sqlite}|${byId}`
    let sql = this.#conflicts.get(key)
    if (!sql) {
      const updated = VIDEO_COLUMNS.filter((column) => !NOT_UPDATED.has(column))
      const value = (column: string) => (sqlite ? `excluded.${column}` : `values(${column})`)
      const assignments = updated.map((column) =>
        KEPT_WHEN_NULL.has(column)
          ? `${column} = coalesce(${value(column)}, ${sqlite ? 'videos.' : ''}${column})`
          : `${column} = ${value(column)}`
      )
      sql = sqlite
        ? `on conflict (${byId ? 'id' : 'account_id, platform_video_id'}) do update set ${assignments.join(', ')}`
        : `on duplicate key update ${assignments.join(', ')}`
      this.#conflicts.set(key, sql)
    }
    return sql
  }

  static #snapshotConflict(sqlite: boolean) {
    const updated = SNAPSHOT_COLUMNS.filter(
      (column) => column !== 'video_id' && column !== 'snapshot_date'
    )
    return sqlite
      ? `on conflict (video_id, snapshot_date) do update set ${updated
          .map((column) => `${column} = excluded.${column}`)
          .join(', ')}`
      : `on duplicate key update ${updated.map((column) => `${column} = values(${column})`).join(', ')}`
  }

  static async #upsert(
    client: QueryClientContract,
    table: string,
    columns: readonly string[],
    rows: Record<string, Cell>[],
    conflict: string
  ) {
    if (rows.length === 0) return
    const bindings: (string | number | null)[] = []
    for (const row of rows) for (const column of columns) bindings.push(row[column] ?? null)
    const placeholders = `(${columns.map(() => '?').join(', ')})`
    await client.rawQuery(
      `insert into ${table} (${columns.join(', ')}) values ${Array.from(
        { length: rows.length },
        () => placeholders
      ).join(', ')} ${conflict}`,
      // null is a valid binding for the drivers (knex's type leaves it out)
      bindings as (string | number)[]
    )
  }
}
