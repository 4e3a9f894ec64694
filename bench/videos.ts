import db from '@adonisjs/lucid/services/db'
import type { Target } from '#bench/measure'
import type { IngestFigure } from '#bench/ingest'
import { addDays, count, isMysql, stamp, type BenchAccount, type Log } from '#bench/dataset_shape'
import { dropIndexes, loadSession, restorePendingIndexes, stream } from '#bench/snapshot_load'
import { DAY_MS, dateOf, dayOf, modelOf } from '#platforms/simulated_model'
import {
  simulatedVideo,
  simulatedVideoCounters,
  simulatedVideoStats,
  uploadsAt,
} from '#platforms/simulated_videos'
import type { VideoStats } from '#platforms/types'
import VideoIngestService from '#services/videos/ingest/video_ingest_service'
import MetricCollectionService from '#services/metrics/collection_service'
import type { VideoListing } from '#services/videos/ingest/video_writer'
import {
  SNAPSHOT_COLUMNS,
  VIDEO_COLUMNS,
  countersOf,
  videoRow,
} from '#services/videos/ingest/video_rows'
import { upsertSnapshots, upsertVideos } from '#services/videos/ingest/video_upserts'
import {
  indexVideoWords,
  rebuildVideoWordCounts,
  searchWordsOf,
  wholeWordsOf,
} from '#services/videos/video_words'
import { tagsOf } from '#services/videos/video_presenter'
import { VIDEO_METRICS } from '#shared/videos'
import { chunks } from '#support/chunks'
import VideoTallies from '#services/videos/video_tallies'

/*
|--------------------------------------------------------------------------
| The bench's videos
|--------------------------------------------------------------------------
|
| On top of the channel dataset (bench/dataset.ts): each bench account's
| newest `perAccount` uploads from the simulator (190 on MySQL/MariaDB:
| 6,000 accounts → 1.14 M videos; 20 on SQLite), with their snapshots on the
| days SNAPSHOT_DAYS before the dataset's last day — the last 6 days, the
| day a week and a month before the next day, two more weeks (≈ 10.9 M rows)
| — and their search words. MySQL/MariaDB loads them with LOAD DATA LOCAL
| INFILE streamed from the generator (explicit ids, secondary indexes
| dropped and rebuilt in one ALTER TABLE each); SQLite through the writer's
| upserts. A studio_settings marker ('bench.videos') lets the next run
| reuse them.
|
| The ingest figure is the collection's video write path on a fresh day
| (the day after the dataset's): VideoIngestService.ingestMany for a few
| hundred accounts' listings, each account in its own transaction and as
| many at a time as the collection's workers (MetricCollectionService
| .concurrency), every video already known (an upsert of `videos`, the week
| and month baselines read, a new snapshot each). The day's snapshots are
| deleted afterwards.
|
| The measured endpoints are VIDEO_ENDPOINTS below (one line each to add one).
|
*/

const MARKER_KEY = 'bench.videos'
const VERSION = 1
/** Days before the dataset's last day that hold a snapshot of every video listed then. */
const SNAPSHOT_DAYS = [29, 20, 13, 6, 5, 4, 3, 2, 1, 0]

interface VideoMarker {
  version: number
  perAccount: number
  accounts: number
  lastDay: string
  videos: number
  snapshots: number
  words: number
  seconds: number
  method: string
}

export interface VideoDatasetReport {
  reused: boolean
  marker: VideoMarker
}

type Cell = string | number | null

/** One account's videos as rows (explicit ids from `nextId`), their snapshots and words. */
function* accountRows(
  accounts: BenchAccount[],
  perAccount: number,
  lastDay: string,
  firstId: number
) {
  const last = dayOf(lastDay)
  const endOf = (day: number) => (day + 1) * DAY_MS - 1
  const stampOf = (day: number) => `${dateOf(day + 1)} 04:00:00`
  const format = 'yyyy-MM-dd HH:mm:ss'
  let id = firstId
  for (const account of accounts) {
    const ref = { id: account.id, creator_id: account.creatorId, platform: account.platform }
    const model = modelOf(account.id, account.platform)
    const total = uploadsAt(model, endOf(last))
    const videos: Record<string, Cell>[] = []
    const snapshots: Record<string, Cell>[] = []
    const words: { id: number; title: string; tags: string | null }[] = []
    for (let n = total - 1; n >= Math.max(0, total - perAccount); n--) {
      const video = simulatedVideo(model, n)
      const gone = video.deletedMs === null ? null : Math.floor(video.deletedMs / DAY_MS)
      const listedDays = SNAPSHOT_DAYS.map((back) => last - back).filter(
        (day) => endOf(day) >= video.publishedMs && (gone === null || day < gone)
      )
      const lastListed = listedDays.at(-1) ?? last
      const final = simulatedVideoStats(account, model, video, endOf(lastListed))
      const before = (days: number) =>
        video.publishedMs > endOf(lastListed - days)
          ? 0
          : simulatedVideoCounters(model, video, endOf(lastListed - days)).views
      const row = videoRow(
        ref,
        final,
        countersOf(final),
        { week: final.views - before(7), month: final.views - before(30) },
        {
          source: 'simulated',
          adapter: 'simulated',
          firstSeen: stampOf(listedDays[0] ?? last),
          lastSeen: stampOf(lastListed),
          deletedOn: gone !== null && gone <= last ? dateOf(gone) : null,
          format,
        }
      )
      row.id = id
      videos.push(row)
      words.push({ id, title: String(row.title), tags: row.tags as string | null })
      for (const day of listedDays) {
        const counters = simulatedVideoCounters(model, video, endOf(day))
        const snapshot: Record<string, Cell> = {
          video_id: id,
          creator_id: account.creatorId,
          snapshot_date: dateOf(day),
          source: 'simulated',
          adapter: 'simulated',
          collected_at: stampOf(day),
        }
        for (const metric of VIDEO_METRICS) snapshot[metric] = counters[metric]
        snapshots.push(snapshot)
      }
      id++
    }
    yield { videos, snapshots, words }
  }
}

/** The words rows of a video (video_words), cached per title and tags: titles repeat. */
function wordLines() {
  const cache = new Map<string, string[]>()
  return (video: { id: number; title: string; tags: string | null }) => {
    const key = `${video.title}|${video.tags ?? ''}`
    let words = cache.get(key)
    if (!words) {
      const tags = tagsOf(video.tags)
      const whole = wholeWordsOf(video.title, tags)
      const all = searchWordsOf(video.title, tags)
      for (const word of whole) all.add(word)
      words = [...all].map(
        (word) => `${word.replace(/[\t\n\\]/g, ' ')}\t${whole.has(word) ? 1 : 0}`
      )
      if (cache.size < 100_000) cache.set(key, words)
    }
    return words.map(
      (word) =>
        `${word.slice(0, word.lastIndexOf('\t'))}\t${video.id}\t${word.slice(word.lastIndexOf('\t') + 1)}\n`
    )
  }
}

const tsv = (columns: readonly string[], row: Record<string, Cell>) =>
  `${columns
    .map((column) => {
      const value = row[column]
      return value === null || value === undefined ? '\\N' : String(value).replace(/[\t\n\\]/g, ' ')
    })
    .join('\t')}\n`

export default class BenchVideos {
  static async marker(): Promise<VideoMarker | null> {
    const row = await db.from('studio_settings').where('key', MARKER_KEY).first()
    return row?.value ? (JSON.parse(row.value) as VideoMarker) : null
  }

  /** The video dataset for `accounts` ending on `lastDay`: reused when its marker and counts match. */
  static async ensure(
    accounts: BenchAccount[],
    lastDay: string,
    options: { rebuild?: boolean; perAccount?: number; log: Log }
  ): Promise<VideoDatasetReport> {
    const perAccount = options.perAccount ?? (isMysql() ? 190 : 20)
    const existing = await this.marker()
    if (existing && !options.rebuild) {
      const problem = await this.#check(existing, {
        perAccount,
        accounts: accounts.length,
        lastDay,
      })
      if (!problem) return { reused: true, marker: existing }
      options.log(`bench videos: rebuilding (${problem})`)
    }
    const started = performance.now()
    await this.#clear()
    const loaded = isMysql()
      ? await this.#loadMysql(accounts, perAccount, lastDay, options.log)
      : await this.#loadSqlite(accounts, perAccount, lastDay, options.log)
    options.log('bench videos: counting the suggestion words …')
    const counted = performance.now()
    await rebuildVideoWordCounts()
    options.log(
      `bench videos: suggestion words counted in ${((performance.now() - counted) / 1000).toFixed(1)} s`
    )
    options.log('bench videos: the video tallies …')
    await VideoTallies.rebuild()
    const marker: VideoMarker = {
      version: VERSION,
      perAccount,
      accounts: accounts.length,
      lastDay,
      ...loaded,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    }
    await db.from('studio_settings').where('key', MARKER_KEY).delete()
    await db.table('studio_settings').insert({
      key: MARKER_KEY,
      value: JSON.stringify(marker),
      updated_at: stamp(),
    })
    return { reused: false, marker }
  }

  static async #check(
    marker: VideoMarker,
    wanted: { perAccount: number; accounts: number; lastDay: string }
  ) {
    if (marker.version !== VERSION) return 'older version'
    if (marker.perAccount !== wanted.perAccount || marker.accounts !== wanted.accounts) {
      return `marker says ${marker.accounts} accounts × ${marker.perAccount} videos`
    }
    if (marker.lastDay !== wanted.lastDay) return `marker ends on ${marker.lastDay}`
    const videos = count(await db.from('videos').count('* as total').first())
    if (videos !== marker.videos) return `${videos} videos, the marker says ${marker.videos}`
    const newest = await db.from('video_snapshots').max('id as total').first()
    if (count(newest) !== marker.snapshots) return 'the snapshots differ from the marker'
    return null
  }

  static async #clear() {
    const tables = [
      'video_word_changes',
      'video_word_counts',
      'video_words',
      'video_growth_points',
      'video_snapshots',
      'videos',
    ]
    if (isMysql()) {
      const { connection, query } = await loadSession()
      try {
        await query('set session foreign_key_checks = 0')
        for (const table of tables) await query(`truncate table ${table}`)
      } finally {
        await new Promise((resolve) => connection.end(() => resolve(null)))
      }
    } else {
      for (const table of tables) await db.from(table).delete()
    }
  }

  static async #loadMysql(accounts: BenchAccount[], perAccount: number, lastDay: string, log: Log) {
    const { connection, query } = await loadSession()
    const counts = { videos: 0, snapshots: 0, words: 0 }
    try {
      await query('set session unique_checks = 0')
      await query('set session foreign_key_checks = 0')
      for (const table of ['videos', 'video_snapshots', 'video_words']) {
        await dropIndexes(query, log, table)
      }
      const started = performance.now()
      const words = wordLines()
      // one LOAD DATA per table and group of accounts, streamed while generated
      for (const group of chunks(accounts, 500)) {
        const videoLines: string[] = []
        const snapshotLines: string[] = []
        const wordRows: string[] = []
        for (const rows of accountRows(group, perAccount, lastDay, counts.videos + 1)) {
          for (const row of rows.videos) videoLines.push(tsv(['id', ...VIDEO_COLUMNS], row))
          for (const row of rows.snapshots) {
            snapshotLines.push(tsv(['id', ...SNAPSHOT_COLUMNS], { id: ++counts.snapshots, ...row }))
          }
          for (const video of rows.words) wordRows.push(...words(video))
          counts.videos += rows.videos.length
        }
        // in primary-key order: the load appends to the clustered index instead of scattering
        wordRows.sort()
        counts.words += wordRows.length
        const load = (table: string, columns: string, lines: string[]) =>
          query(
            `load data local infile '${table}.tsv' into table ${table}
             character set utf8mb4 fields terminated by '\\t' lines terminated by '\\n' (${columns})`,
            { infileStreamFactory: () => stream([lines]) }
          )
        await load('videos', ['id', ...VIDEO_COLUMNS].join(', '), videoLines)
        await load('video_snapshots', ['id', ...SNAPSHOT_COLUMNS].join(', '), snapshotLines)
        await load('video_words', 'word, video_id, whole', wordRows)
        const seconds = (performance.now() - started) / 1000
        log(
          `bench videos: ${counts.videos.toLocaleString('en')} videos, ` +
            `${counts.snapshots.toLocaleString('en')} snapshots, ${counts.words.toLocaleString('en')} words ` +
            `(${Math.round(counts.snapshots / seconds).toLocaleString('en')} snapshots/s)`
        )
      }
      const indexed = performance.now()
      for (const table of ['videos', 'video_snapshots', 'video_words']) {
        await restorePendingIndexes(log, query, table)
      }
      const indexSeconds = ((performance.now() - indexed) / 1000).toFixed(1)
      return {
        ...counts,
        method: `LOAD DATA LOCAL INFILE without secondary indexes + index build ${indexSeconds} s`,
      }
    } finally {
      await new Promise((resolve) => connection.end(() => resolve(null)))
    }
  }

  static async #loadSqlite(
    accounts: BenchAccount[],
    perAccount: number,
    lastDay: string,
    log: Log
  ) {
    const counts = { videos: 0, snapshots: 0, words: 0 }
    for (const group of chunks(accounts, 100)) {
      await db.transaction(async (trx) => {
        for (const rows of accountRows(group, perAccount, lastDay, counts.videos + 1)) {
          await upsertVideos(
            trx,
            rows.videos.map(({ id: _, ...row }) => row)
          )
          const ids = await trx
            .from('videos')
            .where('account_id', rows.videos[0]?.account_id ?? 0)
            .select('id', 'platform_video_id')
          const byKey = new Map(ids.map((row) => [row.platform_video_id, Number(row.id)]))
          const idOf = new Map(
            rows.videos.map((row) => [Number(row.id), byKey.get(row.platform_video_id) ?? 0])
          )
          await upsertSnapshots(
            trx,
            rows.snapshots.map((row) => ({ ...row, video_id: idOf.get(Number(row.video_id))! }))
          )
          await indexVideoWords(
            trx,
            rows.words.map((video) => ({ ...video, id: idOf.get(video.id)! }))
          )
          counts.videos += rows.videos.length
          counts.snapshots += rows.snapshots.length
        }
      })
    }
    log(`bench videos: ${counts.videos} videos, ${counts.snapshots} snapshots (SQLite upserts)`)
    const newest = await db.from('video_snapshots').max('id as total').first()
    counts.snapshots = count(newest)
    counts.words = count(await db.from('video_words').count('* as total').first())
    return { ...counts, method: 'multi-row upserts (SQLite)' }
  }

  /**
   * The video ingest of a fresh day (the dataset's next) for `accountCount`
   * accounts, then the same day again (every snapshot an update); the day's
   * snapshots are removed afterwards.
   */
  static async measureIngest(
    accounts: BenchAccount[],
    marker: VideoMarker,
    options: { accountCount?: number; writers?: number; log: Log }
  ): Promise<IngestFigure[]> {
    const writers = options.writers ?? MetricCollectionService.concurrency
    const date = addDays(marker.lastDay, 1)
    const atMs = (dayOf(date) + 1) * DAY_MS - 1
    const chosen = accounts.slice(0, options.accountCount ?? (isMysql() ? 300 : 100))
    const listings: VideoListing[] = chosen.map((account) => {
      const model = modelOf(account.id, account.platform)
      const total = uploadsAt(model, (dayOf(marker.lastDay) + 1) * DAY_MS - 1)
      const items: VideoStats[] = []
      for (let n = total - 1; n >= Math.max(0, total - marker.perAccount); n--) {
        items.push(simulatedVideoStats(account, model, simulatedVideo(model, n), atMs))
      }
      return {
        account: { id: account.id, creator_id: account.creatorId, platform: account.platform },
        items,
        complete: false,
      }
    })
    const figures: IngestFigure[] = []
    await db.from('video_snapshots').where('snapshot_date', date).delete()
    try {
      for (const [name, note] of [
        ['video snapshots: a fresh day', 'insert'],
        ['video snapshots: the same day again', 'every row an update'],
      ] as const) {
        const started = performance.now()
        let rows = 0
        // as the collection writes them: each account in its own transaction, `writers` at a time
        let next = 0
        const writer = async () => {
          while (next < listings.length) {
            const listing = listings[next++]
            const result = await VideoIngestService.ingestMany([listing], {
              date,
              collectedAt: new Date(),
              source: 'simulated',
              adapter: 'simulated',
              announce: false,
            })
            rows += result.snapshots
          }
        }
        await Promise.all(Array.from({ length: Math.min(writers, listings.length) }, writer))
        const seconds = (performance.now() - started) / 1000
        figures.push({
          name,
          rows,
          seconds,
          perSecond: rows / seconds,
          note: `${chosen.length} accounts, ${writers} at a time, ${note}; target ≥ 10,000 rows/s`,
        })
        options.log(`${name}: ${rows} rows in ${seconds.toFixed(2)} s`)
      }
    } finally {
      await db.from('video_snapshots').where('snapshot_date', date).delete()
    }
    return figures
  }
}

/**
 * The video endpoints the bench measures: every path under /api/video and
 * /api/videos the studio serves (a path answering an error is reported as
 * skipped, so an endpoint not built yet costs nothing). Add one line per
 * endpoint; {video}, {videos} and {creator} are replaced by dataset ids.
 */
const VIDEO_ENDPOINTS: { name: string; paths: string[] }[] = [
  {
    name: 'GET /api/videos (list)',
    paths: [
      '/api/videos?_start=0&_end=20',
      '/api/videos?_start=0&_end=20&_sort=views_week&_order=desc',
      '/api/videos?_start=20&_end=40&platform=bilibili&_sort=views&_order=desc',
      '/api/videos?_start=0&_end=20&q=%E9%A6%96%E5%B0%94',
    ],
  },
  {
    name: 'GET /api/videos/dashboard',
    paths: ['/api/videos/dashboard', '/api/videos/dashboard?platform=bilibili'],
  },
  {
    name: 'GET /api/videos/suggest',
    paths: [
      '/api/videos/suggest?q=%E9%A6%96',
      '/api/videos/suggest?q=vl',
      '/api/videos/suggest?q=%EC%84%9C',
    ],
  },
  { name: 'GET /api/videos/:id', paths: ['/api/videos/{video}'] },
  { name: 'GET /api/videos/:id/growth', paths: ['/api/videos/{video}/growth'] },
  { name: 'GET /api/videos/compare', paths: ['/api/videos/compare?ids={videos}'] },
  {
    name: 'GET /api/video/list',
    paths: [
      '/api/video/list?page=1&pageSize=20',
      '/api/video/list?page=2&pageSize=20&creator_id={creator}',
    ],
  },
  {
    name: 'GET /api/video/search',
    paths: ['/api/video/search?q=%E7%BE%8E%E9%A3%9F&page=1&pageSize=20'],
  },
  { name: 'GET /api/video/detailData', paths: ['/api/video/detailData?id={video}'] },
  { name: 'GET /api/video/suggest_words', paths: ['/api/video/suggest_words?q=%E6%88%90'] },
  { name: 'GET /api/video/dashboard', paths: ['/api/video/dashboard'] },
]

/** VIDEO_ENDPOINTS as bench targets, with ids of the dataset's busiest videos and creators. */
export async function videoTargets(): Promise<Target[]> {
  const top = await db
    .from('videos')
    .orderBy('views_week', 'desc')
    .limit(5)
    .select('id', 'creator_id')
  if (top.length === 0) return []
  const ids = top.map((row) => Number(row.id))
  const fill = (path: string, index: number) =>
    path
      .replace('{video}', String(ids[index % ids.length]))
      .replace('{videos}', ids.slice(0, 3).join(','))
      .replace('{creator}', String(top[index % top.length].creator_id))
  return VIDEO_ENDPOINTS.map((endpoint) => ({
    name: endpoint.name,
    paths: endpoint.paths.flatMap((path) =>
      path.includes('{video}')
        ? ids.slice(0, 3).map((_, index) => fill(path, index))
        : [fill(path, 0)]
    ),
    auth: true,
    cold: true,
    checked: true,
    cache: 'per video data version (VideosCache)',
  }))
}
