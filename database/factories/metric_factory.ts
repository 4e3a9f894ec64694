import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import MetricCollectionRun from '#models/metric_collection_run'
import MetricDailyTotal from '#models/metric_daily_total'
import MetricSnapshot from '#models/metric_snapshot'
import { CreatorFactory, PlatformAccountFactory } from '#database/factories/creator_factory'

/** Yesterday in UTC, 'YYYY-MM-DD': the newest day a collection can have. */
const yesterday = () => DateTime.utc().minus({ days: 1 }).toISODate()!

/** A bilibili channel's counters on one day, with no change since the day before. */
const counters = () => ({
  fans: 12_000,
  views: 480_000,
  likes: 9_600,
  comments: 1_200,
  shares: 300,
  danmaku: 450,
  coins: 800,
  forwards: 0,
  recommends: 0,
  videos: 48,
  fansDiff: 0,
  viewsDiff: 0,
  likesDiff: 0,
  commentsDiff: 0,
  sharesDiff: 0,
  danmakuDiff: 0,
  coinsDiff: 0,
  forwardsDiff: 0,
  recommendsDiff: 0,
  videosDiff: 0,
})

/**
 * One account's counters on one day (yesterday), as the simulated adapter
 * writes them. Merge `accountId`, `creatorId` and `platform` of the account,
 * or build the account with `with('account')`. Datasets of many days go
 * through tests/helpers/metrics.ts, which inserts them in bulk.
 */
export const MetricSnapshotFactory = factory
  .define(MetricSnapshot, () => ({
    platform: 'bilibili' as const,
    snapshotDate: yesterday(),
    ...counters(),
    source: 'simulated' as const,
    adapter: 'simulated',
    collectedAt: DateTime.utc(),
  }))
  .relation('account', () => PlatformAccountFactory)
  .relation('creator', () => CreatorFactory)
  .build()

/** The rollup of one platform on one day (yesterday): one account of one creator. */
export const MetricDailyTotalFactory = factory
  .define(MetricDailyTotal, () => ({
    snapshotDate: yesterday(),
    platform: 'bilibili' as const,
    accounts: 1,
    creators: 1,
    ...counters(),
  }))
  .build()

/**
 * A manual collection of yesterday, queued, nothing counted yet. States set
 * what makes them and fill their dates unless merged (merge the counters a
 * test needs): `running` (started a minute ago), `finished` (in 42 s),
 * `failed` (stopped by an error).
 */
export const MetricCollectionRunFactory = factory
  .define(MetricCollectionRun, () => ({
    snapshotDate: yesterday(),
    platform: null,
    creatorIds: null,
    trigger: 'manual' as const,
    status: 'queued' as const,
    total: 0,
    processed: 0,
    succeeded: 0,
    failed: 0,
    skipped: 0,
    durationMs: null,
    failures: null,
    error: null,
    requestedBy: null,
    startedAt: null,
    finishedAt: null,
  }))
  .state('running', (run) => {
    run.status = 'running'
    run.startedAt ??= DateTime.utc().minus({ minutes: 1 })
  })
  .state('finished', (run) => {
    run.status = 'finished'
    run.durationMs ??= 42_000
    run.finishedAt ??= DateTime.utc()
    run.startedAt ??= run.finishedAt.minus({ milliseconds: run.durationMs })
  })
  .state('failed', (run) => {
    run.status = 'failed'
    run.error ??= 'The platform did not answer.'
    run.finishedAt ??= DateTime.utc()
    run.startedAt ??= run.finishedAt.minus({ seconds: 5 })
  })
  .build()
