import { execFileSync } from 'node:child_process'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import platforms from '#platforms/main'
import type { PlatformAdapter } from '#platforms/types'
import { closeSharedBrowserSession, sharedBrowserSession } from '#platforms/browser_session'
import MetricCollectionService from '#services/metrics/collection_service'
import MetricRollupService from '#services/metrics/rollup_service'
import PlatformBreaker from '#services/platform_breaker/platform_breaker'
import { settleWork } from '#support/after_commit_work'
import { chunks } from '#support/chunks'
import { encryptPrivate } from '#support/private_data'
import { sqlDateTime } from '#support/sql'
import { PLATFORMS, type PlatformKey } from '#shared/constants'
import { loginOf, startFakes, useLiveAdapters } from '#tests/helpers/live_platforms'
import * as haokan from '#tests/helpers/open_apis/haokan'
import type { BenchContext } from '#bench/context'

/*
|--------------------------------------------------------------------------
| The daily collection with every platform live, against the local fakes
|--------------------------------------------------------------------------
|
| `npm run bench -- --only collection [--collect-accounts 6000]`, and a
| section of a full run (24 accounts unless --collect-accounts says
| otherwise; 0 leaves it out): creators with one account on each of the
| twelve platforms, each holding the login its platform's fake accepts, are
| collected by MetricCollectionService with config/platforms.ts's live
| adapters pointed at the fake servers and pages of the adapter tests
| (tests/helpers/live_platforms.ts, their published bodies; every YouTube
| channel and iQiyi space answered as the sample one). Printed: the run's
| rows (channel and video snapshots) per second, overall and per kind (open
| API, browser session: rows of that kind over the time from its first
| call to its last), and for the browser session its pages and reads per
| second and the RSS of this process and of its Chromium (sampled each
| second, the peak). The creators and what the run wrote are removed
| afterwards. Never asserted.
|
*/

const PREFIX = 'LIVEBENCH-'
const DAY = '2026-12-06'
const BROWSER_PLATFORMS = new Set<PlatformKey>([
  'xiaohongshu',
  'wechat_channels',
  'tencent',
  'iqiyi',
  'netease',
])
type Kind = 'open API' | 'browser session'
const kindOf = (platform: PlatformKey): Kind =>
  BROWSER_PLATFORMS.has(platform) ? 'browser session' : 'open API'

/** A uid of its own per account where the platform reads one (the fakes answer any). */
function uidOf(platform: PlatformKey, index: number, sample: string | null) {
  // Weibo reads the token's open_id, Haokan the app id its token carries: the fakes' samples
  if (platform === 'weibo' || platform === 'haokan') return null
  if (platform === 'iqiyi' || platform === 'bilibili') return String(4_000_000_000 + index)
  if (platform === 'youtube') return `UCbench${String(index).padStart(17, '0')}`
  return sample ? `${sample}-${index}` : null
}

async function seed(accounts: number) {
  const creators = Math.ceil(accounts / PLATFORMS.length)
  const now = sqlDateTime()
  const today = DateTime.utc().toISODate()!
  const rows = Array.from({ length: creators }, (_, index) => ({
    brand_no: `${PREFIX}${String(index + 1).padStart(5, '0')}`,
    kind: 'CR',
    contractor_name: `Live bench ${index + 1}`,
    channel_name: `Live bench ${index + 1}`,
    contract_date: today,
    end_date: DateTime.utc().plus({ years: 1 }).toISODate(),
    contract_status: 'valid',
    min_monthly_videos: 4,
    total_fans: 0,
    failing: false,
    created_at: now,
    updated_at: now,
  }))
  for (const part of chunks(rows, 200)) await db.table('creators').multiInsert(part)
  const inserted = await db
    .from('creators')
    .where('brand_no', 'like', `${PREFIX}%`)
    .orderBy('id')
    .select('id')
  const ids = inserted.map((row) => Number(row.id))
  const accountRows: Record<string, unknown>[] = []
  ids.forEach((creatorId, index) => {
    for (const platform of PLATFORMS) {
      if (accountRows.length >= accounts) return
      const login = loginOf(platform)
      if (platform === 'haokan') {
        login.token = JSON.stringify({ app_id: haokan.APP_ID, app_token: haokan.APP_TOKEN })
      }
      accountRows.push({
        creator_id: creatorId,
        platform,
        uid: uidOf(platform, index, login.uid),
        channel_name: `Live bench ${platform} ${index + 1}`,
        fans: 0,
        active: true,
        token_encrypted: encryptPrivate('platform_token', login.token),
        cookie_encrypted: encryptPrivate('platform_cookie', login.cookie),
        token_status: 0,
        cookie_status: 0,
        collect_status: 0,
        created_at: now,
        updated_at: now,
      })
    }
  })
  for (const part of chunks(accountRows, 200)) {
    await db.table('creator_platform_accounts').multiInsert(part)
  }
  return ids
}

async function clear(creatorIds: number[]) {
  for (const part of chunks(creatorIds, 500)) {
    const accounts = db.from('creator_platform_accounts').whereIn('creator_id', part).select('id')
    const videos = db.from('videos').whereIn('account_id', accounts).select('id')
    await db.from('video_words').whereIn('video_id', videos).delete()
    await db.from('video_snapshots').whereIn('video_id', videos).delete()
    await db.from('video_growth_points').whereIn('video_id', videos).delete()
    await db.from('videos').whereIn('account_id', accounts).delete()
    await db.from('video_tallies').whereIn('account_id', accounts).delete()
    await db.from('metric_snapshots').whereIn('account_id', accounts).delete()
    await db.from('creator_platform_accounts').whereIn('creator_id', part).delete()
    await db.from('creators').whereIn('id', part).delete()
  }
  await db.from('creators').where('brand_no', 'like', `${PREFIX}%`).delete()
}

/** Rows the run wrote on DAY per platform: channel snapshots, video snapshots. */
async function rowsWritten(creatorIds: number[]) {
  const rows = new Map<PlatformKey, { channel: number; video: number }>()
  for (const platform of PLATFORMS) rows.set(platform, { channel: 0, video: 0 })
  for (const part of chunks(creatorIds, 500)) {
    const channel = await db
      .from('metric_snapshots')
      .whereIn('creator_id', part)
      .where('snapshot_date', DAY)
      .groupBy('platform')
      .select('platform')
      .count('* as total')
    for (const row of channel) rows.get(row.platform)!.channel += Number(row.total)
    const video = await db
      .from('video_snapshots as s')
      .join('videos as v', 'v.id', 's.video_id')
      .whereIn('v.creator_id', part)
      .where('s.snapshot_date', DAY)
      .groupBy('v.platform')
      .select('v.platform')
      .count('* as total')
    for (const row of video) rows.get(row.platform)!.video += Number(row.total)
  }
  return rows
}

/** RSS in MB of the Chromium processes this process started (and their children). */
function chromiumRssMb() {
  try {
    const out = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,comm='], { encoding: 'utf8' })
    const rows = out
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .map(([pid, ppid, rss, comm]) => ({ pid, ppid, rss: Number(rss), comm }))
    const ours = new Set([String(process.pid)])
    let total = 0
    for (let grew = true; grew;) {
      grew = false
      for (const row of rows) {
        if (ours.has(row.ppid) && !ours.has(row.pid)) {
          ours.add(row.pid)
          grew = true
          if (/chrom/i.test(row.comm ?? '')) total += row.rss
        }
      }
    }
    return total / 1024
  } catch {
    return 0
  }
}

/** The adapter with its calls' first start and last end recorded per kind. */
function timed(adapter: PlatformAdapter, kind: Kind, spans: Map<Kind, [number, number]>) {
  const record = <T>(call: () => Promise<T>) => {
    const started = performance.now()
    return call().finally(() => {
      const span = spans.get(kind) ?? [started, started]
      spans.set(kind, [Math.min(span[0], started), Math.max(span[1], performance.now())])
    })
  }
  return {
    name: adapter.name,
    source: adapter.source,
    channelStats: (...args: Parameters<PlatformAdapter['channelStats']>) =>
      record(() => adapter.channelStats(...args)),
    videos: (...args: Parameters<PlatformAdapter['videos']>) =>
      record(() => adapter.videos(...args)),
    fanPortrait: (...args: Parameters<PlatformAdapter['fanPortrait']>) =>
      record(() => adapter.fanPortrait(...args)),
  } satisfies PlatformAdapter
}

export async function measureLiveCollection(context: BenchContext, accounts: number) {
  const log = (line: string) => context.logger.log(line)
  const fakes = await startFakes({ anyChannel: true })
  const spans = new Map<Kind, [number, number]>()
  let creatorIds: number[] = []
  const peak = { node: 0, chromium: 0 }
  const sample = () => {
    peak.node = Math.max(peak.node, process.memoryUsage().rss / 1048576)
    peak.chromium = Math.max(peak.chromium, chromiumRssMb())
  }
  const sampler = setInterval(sample, 1000)
  try {
    await clear([])
    creatorIds = await seed(accounts)
    useLiveAdapters(fakes)
    for (const key of PLATFORMS) {
      platforms.fake(key, timed(platforms.use(key), kindOf(key), spans))
      await PlatformBreaker.reset(key)
    }
    log(
      `collection (live adapters, local fakes): ${accounts} accounts of ${creatorIds.length} creators…`
    )
    const started = performance.now()
    const run = await MetricCollectionService.collect({
      date: DAY,
      creatorIds,
      trigger: 'cli',
    })
    await settleWork()
    const seconds = (performance.now() - started) / 1000
    sample()
    const session = sharedBrowserSession().stats()
    const rows = await rowsWritten(creatorIds)
    const total = [...rows.values()].reduce((sum, row) => sum + row.channel + row.video, 0)
    log(
      `collection: ${run.succeeded} collected, ${run.failed} failed, ${run.skipped} skipped, ` +
        `${run.deferred} deferred in ${seconds.toFixed(1)} s — ${total} rows ` +
        `(${Math.round(total / seconds)} rows/s; ${MetricCollectionService.concurrency} accounts at once)`
    )
    for (const kind of ['open API', 'browser session'] as const) {
      const keys = PLATFORMS.filter((platform) => kindOf(platform) === kind)
      const kindRows = keys.reduce(
        (sum, key) => sum + rows.get(key)!.channel + rows.get(key)!.video,
        0
      )
      const span = spans.get(kind)
      const spanSeconds = span ? (span[1] - span[0]) / 1000 : 0
      const perPlatform = keys
        .map((key) => `${key} ${rows.get(key)!.channel}+${rows.get(key)!.video}`)
        .join(', ')
      log(
        `  ${kind}: ${kindRows} rows in ${spanSeconds.toFixed(1)} s ` +
          `(${Math.round(kindRows / Math.max(spanSeconds, 0.001))} rows/s) — channel+video rows: ${perPlatform}`
      )
    }
    const span = spans.get('browser session')
    const browserSeconds = span ? (span[1] - span[0]) / 1000 : 0
    log(
      `  browser session: ${session.pagesOpened} pages opened, ${session.reads} reads ` +
        `(${(session.reads / Math.max(browserSeconds, 0.001)).toFixed(2)} reads/s, ` +
        `${(session.pagesOpened / Math.max(browserSeconds, 0.001)).toFixed(2)} pages/s), ` +
        `${session.launches} Chromium launch, at most ${session.maxActive} pages at once ` +
        `(BROWSER_SESSION_CONCURRENCY ${process.env.BROWSER_SESSION_CONCURRENCY ?? 2}); ` +
        `failed ${JSON.stringify(session.failed)}; RSS peak: Node ${Math.round(peak.node)} MB, ` +
        `Chromium ${Math.round(peak.chromium)} MB`
    )
    if (run.failures?.length) {
      log(`  first failures: ${JSON.stringify(run.failures.slice(0, 3))}`)
    }
    await db.from('metric_collection_runs').where('id', run.id).delete()
  } finally {
    clearInterval(sampler)
    platforms.restore()
    await closeSharedBrowserSession()
    await fakes.close()
    await clear(creatorIds)
    await MetricRollupService.rebuild([DAY])
  }
}
