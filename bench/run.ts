import type { BenchContext } from '#bench/context'
import { explainEndpoints } from '#bench/explain'
import { compareLoader, measureHttp } from '#bench/http'
import type { IngestFigure } from '#bench/ingest'
import { printDataset, printExplain, printHttp, printIngest, storageNote } from '#bench/report'
import db from '@adonisjs/lucid/services/db'
import BenchDataset from '#bench/dataset'
import ReferenceSeeder from '#database/seeders/01_reference_seeder'
import { measureIngest } from '#bench/ingest'
import BenchVideos, { type VideoDatasetReport } from '#bench/videos'
import { measureUpload } from '#bench/upload'
import { measureLiveCollection } from '#bench/collection_live'

/** The live collection's default size in a run (about a minute on the 2-vCPU machine). */
const LIVE_COLLECTION_ACCOUNTS = 24
import { measureOutside } from '#bench/outside'

/**
 * Builds — or reuses — the bench dataset (bench/dataset.ts: 1,000 creators ×
 * 6 platforms × 730 days on MySQL/MariaDB, a smaller one on SQLite), starts
 * the server on a spare port against the bench database and measures every
 * endpoint with autocannon: p50, p95, requests/s and the ratio of requests/s
 * to GET /api/health in the same run, several query variants per endpoint,
 * and separately the first (cold) answer of each after the metrics cache is
 * invalidated. Then the collection's write path (snapshots/s) and EXPLAIN /
 * ANALYZE of every query the metric endpoints run, and last a 2 GB upload
 * through the resumable endpoint (bench/upload.ts). Figures are printed,
 * never asserted; misses of the speed targets (bench/context.ts) are marked.
 */
export async function runBench(context: BenchContext) {
  await ReferenceSeeder.seed()
  const only = context.options.only ?? process.env.BENCH_ONLY
  // the upload (bench/upload.ts) needs no dataset: measured alone with --only upload
  if (only === 'upload') {
    await measureUpload(context)
    return
  }
  // nor the collection over the twelve fake platforms (bench/collection_live.ts)
  const collectAccounts = context.options.collectAccounts ?? LIVE_COLLECTION_ACCOUNTS
  if (only === 'collection') {
    await measureLiveCollection(context, collectAccounts || LIVE_COLLECTION_ACCOUNTS)
    return
  }
  // outside crawl scheduling and throughput (bench/outside.ts): alone with --only outside
  if (only === 'outside') {
    await measureOutside(context)
    return
  }

  const mysql = db.connection().dialect.name.startsWith('mysql')
  const creators = context.options.creators ?? (mysql ? 1000 : 200)
  const days = context.options.days ?? (mysql ? 730 : 365)
  const method =
    context.options.method === 'insert' ? 'insert' : context.options.method ? 'infile' : undefined
  const dataset = await BenchDataset.ensure({
    creators,
    days,
    rebuild: context.options.rebuild,
    method,
    log: (line) => context.logger.log(line),
  })
  printDataset(context, dataset, mysql)
  // the videos (bench/videos.ts): built unless the run measures other endpoints only
  const withVideos = !only || 'videos'.includes(only) || only.includes('video')
  const videoOnly = Boolean(only && withVideos)
  const videos = withVideos
    ? await BenchVideos.ensure(await BenchDataset.accounts(), dataset.marker.end, {
        rebuild: context.options.rebuild,
        log: (line) => context.logger.log(line),
      })
    : null
  if (videos) printVideoDataset(context, videos)
  if (context.options.loadOnly) return
  if (mysql && context.options.poolMb) await sizePool(context)
  if (context.options.soak) {
    const { measureSoak } = await import('#bench/soak')
    await measureSoak(context, dataset)
    return
  }

  const rows = context.options.skipHttp ? [] : await measureHttp(context, dataset)
  const loader = context.options.skipHttp ? null : await compareLoader(context)
  const accounts = await BenchDataset.accounts()
  let ingest: IngestFigure[] = []
  if (!context.options.skipIngest && !videoOnly) {
    ingest = await measureIngest(accounts, dataset.marker.end, (line) => context.logger.log(line))
  }
  if (!context.options.skipIngest && videos) {
    ingest.push(
      ...(await BenchVideos.measureIngest(accounts, videos.marker, {
        log: (line) => context.logger.log(line),
      }))
    )
  }
  const explained =
    context.options.skipExplain || videoOnly ? [] : await explainEndpoints(context, dataset)

  printDataset(context, dataset, mysql)
  if (videos) printVideoDataset(context, videos)
  const storage = await storageNote()
  if (storage) context.logger.log(storage)
  if (rows.length) printHttp(context, rows)
  if (loader) {
    context.logger.log(
      `Production build: GET /api/health ${Math.round(loader.compiled.rps)} req/s compiled ` +
        `(build/bin/server.js) vs ${Math.round(loader.loader.rps)} req/s through the runtime ` +
        `loader — ratio ${(loader.compiled.rps / Math.max(loader.loader.rps, 1)).toFixed(2)}; ` +
        `p95 ${loader.compiled.p95} vs ${loader.loader.p95} ms`
    )
  }
  if (ingest.length) printIngest(context, ingest)
  if (explained.length) printExplain(context, explained, mysql)
  if (!only) await measureOutside(context)
  if (!only && collectAccounts > 0) await measureLiveCollection(context, collectAccounts)
  // a full run ends with the upload (a 2 GB file unless --upload-mb says otherwise; 0 skips it)
  if (!only && context.options.uploadMb !== 0) await measureUpload(context)
}

/**
 * SET GLOBAL innodb_buffer_pool_size for the run. The pool is left at that
 * size: shrinking a pool full of dirty pages back to MariaDB's 128 MB
 * default wedged MariaDB 10.11 on the build machine (a page cleaner spinning,
 * "Could not free any blocks"), and only a restart cured it.
 */
async function sizePool(context: BenchContext) {
  const [[before]] = await db.rawQuery('select @@innodb_buffer_pool_size as size')
  const bytes = Math.round(context.options.poolMb! * 1048576)
  if (bytes <= Number(before.size)) return
  await db.rawQuery('set global innodb_buffer_pool_size = ?', [bytes])
  context.logger.log(
    `storage: innodb_buffer_pool_size set to ${context.options.poolMb} MB ` +
      `(was ${Math.round(Number(before.size) / 1048576)} MB); it stays so until MariaDB restarts`
  )
}

function printVideoDataset(context: BenchContext, videos: VideoDatasetReport) {
  const { marker } = videos
  context.logger.log(
    `videos: ${marker.videos.toLocaleString('en')} videos, ${marker.snapshots.toLocaleString('en')} ` +
      `video snapshots, ${marker.words.toLocaleString('en')} search words ` +
      `(${marker.perAccount} per account, last day ${marker.lastDay}; ` +
      `${videos.reused ? 'reused' : `built in ${marker.seconds} s by ${marker.method}`})`
  )
}
