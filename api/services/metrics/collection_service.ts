import { withLease } from '#support/lease'
import Caches from '#services/caches'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import platforms from '#platforms/main'
import { PlatformError, type ChannelStats, type PlatformAccountRef } from '#platforms/types'
import studioConfig from '#config/studio'
import MetricCollectionRun, { type CollectionFailure } from '#models/metric_collection_run'
import { decryptPrivate } from '#support/private_data'
import CreatorTotalsService from '#services/creators/totals_service'
import MetricRollupService from '#services/metrics/rollup_service'
import SnapshotWriter, { type SnapshotRow, WRITE_BATCH } from '#services/metrics/snapshot_writer'
import {
  COLLECT_STATUS,
  METRICS,
  type CollectionTrigger,
  type PlatformKey,
} from '#shared/constants'

export interface CollectOptions {
  /** The day to collect (YYYY-MM-DD); yesterday in the studio's time zone by default. */
  date?: string | null
  platform?: PlatformKey | null
  creatorIds?: number[] | null
  trigger: CollectionTrigger
  requestedBy?: number | null
  /** An existing run row (queued by the API or the CLI) to run. */
  runId?: number | null
}

interface AccountToCollect {
  id: number
  creator_id: number
  platform: PlatformKey
  uid: string | null
  token_encrypted: string | null
  cookie_encrypted: string | null
}

interface Outcome {
  account: AccountToCollect
  stats?: ChannelStats
  adapter?: { name: string; source: SnapshotRow['source'] }
  failure?: { code: string; message: string }
  skipped?: boolean
}

/** Failures kept on the run row for its detail. */
const FAILURES_KEPT = 200
/** Progress is written to the run row every this many accounts. */
const PROGRESS_EVERY = 200
/**
 * A queued run that has not moved for this long no longer blocks a new one
 * (a running one is judged by its lease: api/services/lease_sweeper.ts).
 */
const STALE_AFTER_MINUTES = 120
/** Codes that mean "no adapter can read this platform": the account is skipped, not failed. */
const SKIP_CODES = new Set(['not_supported', 'not_configured'])

/** Yesterday in the studio's time zone (the day the 13:00 collection describes). */
export function yesterday(now: DateTime = DateTime.now()) {
  return now.setZone(studioConfig.timezone).minus({ days: 1 }).toISODate()!
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The daily collection (SPEC §3, §9): for every active account of a creator
 * under a valid contract (optionally one platform or some creators), asks
 * the platform's adapter for the day's counters with a few requests at a
 * time and retries for rate limits and network errors, writes one snapshot
 * per account (SnapshotWriter, in batches), marks accounts whose collection
 * failed (collect_status 1, the creator then counts as failing) and clears
 * the mark on success, keeps creators' total fans, and rebuilds the day's
 * totals. Each run is a metric_collection_runs row with its counters,
 * failures and duration. Running a day again rewrites the same rows.
 */
export default class MetricCollectionService {
  /** Accounts read at the same time. */
  static concurrency = 8
  /** Per account: attempts for retryable errors, and the backoff (tests shorten it). */
  static retry = { attempts: 3, baseDelayMs: 500, maxDelayMs: 10_000 }

  /**
   * A run row for the scope, 'queued' (the API and the CLI create it first,
   * then run or queue it).
   */
  static async createRun(options: Omit<CollectOptions, 'runId'>) {
    const run = await MetricCollectionRun.create({
      snapshotDate: options.date ?? yesterday(),
      platform: options.platform ?? null,
      creatorIds: options.creatorIds?.length
        ? [...new Set(options.creatorIds)].sort((a, b) => a - b)
        : null,
      trigger: options.trigger,
      status: 'queued',
      total: 0,
      processed: 0,
      succeeded: 0,
      failed: 0,
      skipped: 0,
      requestedBy: options.requestedBy ?? null,
    })
    Caches.clear('lastRun')
    return run
  }

  /**
   * A queued or running run whose scope overlaps (same day; platforms equal
   * or either all; creator lists intersecting or either all), or null.
   */
  static async overlapping(scope: {
    date: string
    platform?: PlatformKey | null
    creatorIds?: number[] | null
  }) {
    // a run whose process died is marked first, so it never blocks this one
    const { default: LeaseSweeper } = await import('#services/lease_sweeper')
    await LeaseSweeper.sweep()
    const fresh = DateTime.utc().minus({ minutes: STALE_AFTER_MINUTES })
    const runs = await MetricCollectionRun.query()
      .whereIn('status', ['queued', 'running'])
      .where('snapshot_date', scope.date)
      .where('updated_at', '>=', fresh.toFormat(db.connection().dialect.dateTimeFormat))
      .orderBy('id', 'desc')
    const wanted = scope.creatorIds?.length ? new Set(scope.creatorIds) : null
    return (
      runs.find((run) => {
        if (run.platform && scope.platform && run.platform !== scope.platform) return false
        if (run.creatorIds?.length && wanted) {
          return run.creatorIds.some((id) => wanted.has(id))
        }
        return true
      }) ?? null
    )
  }

  /** Runs a collection (a new run, or the queued run `runId`) and returns its row. */
  static async collect(options: CollectOptions): Promise<MetricCollectionRun> {
    let run: MetricCollectionRun
    if (options.runId) {
      run = await MetricCollectionRun.findOrFail(options.runId)
      // a queue retry of a run that already ended changes nothing
      if (run.status === 'finished') return run
    } else {
      run = await this.createRun(options)
    }

    const started = Date.now()
    run.merge({
      status: 'running',
      startedAt: DateTime.utc(),
      finishedAt: null,
      error: null,
      total: 0,
      processed: 0,
      succeeded: 0,
      failed: 0,
      skipped: 0,
      failures: [],
      durationMs: null,
    })
    await run.save()

    try {
      await withLease('metric_collection_runs', run.id, () => this.#execute(run, started))
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      logger.error({ err: error, runId: run.id }, 'metrics collection crashed')
      run.merge({
        status: 'failed',
        error: message.slice(0, 2000),
        durationMs: Date.now() - started,
        finishedAt: DateTime.utc(),
      })
      await run.save()
      throw error
    } finally {
      Caches.clear('lastRun')
    }
    return run
  }

  /** The accounts a run covers: active, of creators whose contract is valid. */
  static accountsQuery(scope: { platform?: PlatformKey | null; creatorIds?: number[] | null }) {
    const query = db
      .from('creator_platform_accounts as a')
      .join('creators as c', 'c.id', 'a.creator_id')
      .where('a.active', true)
      .where('c.contract_status', 'valid')
    if (scope.platform) query.where('a.platform', scope.platform)
    if (scope.creatorIds?.length) query.whereIn('a.creator_id', scope.creatorIds)
    return query
  }

  static async #execute(run: MetricCollectionRun, started: number) {
    const date = run.snapshotDate
    const selected = await this.accountsQuery({
      platform: run.platform,
      creatorIds: run.creatorIds,
    })
      .orderBy('a.id')
      .select(
        'a.id',
        'a.creator_id',
        'a.platform',
        'a.uid',
        'a.token_encrypted',
        'a.cookie_encrypted'
      )
    const accounts: AccountToCollect[] = selected.map((row) => ({
      ...row,
      id: Number(row.id),
      creator_id: Number(row.creator_id),
    }))

    const counts = { processed: 0, succeeded: 0, failed: 0, skipped: 0 }
    const failures: CollectionFailure[] = []
    const dates = new Set<string>([date])
    run.total = accounts.length
    await run.save()

    let reported = 0
    const report = async () => {
      if (counts.processed - reported < PROGRESS_EVERY) return
      reported = counts.processed
      await MetricCollectionRun.query()
        .where('id', run.id)
        .update({
          ...counts,
          updated_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
        })
    }

    for (let start = 0; start < accounts.length; start += WRITE_BATCH) {
      const part = accounts.slice(start, start + WRITE_BATCH)
      const outcomes: Outcome[] = []
      let next = 0
      const worker = async () => {
        while (next < part.length) {
          const account = part[next++]
          const outcome = await this.#collectOne(account, date)
          outcomes.push(outcome)
          counts.processed++
          if (outcome.stats) counts.succeeded++
          else if (outcome.skipped) counts.skipped++
          else {
            counts.failed++
            if (failures.length < FAILURES_KEPT) {
              failures.push({
                account_id: account.id,
                creator_id: account.creator_id,
                platform: account.platform,
                code: outcome.failure!.code,
                message: outcome.failure!.message,
              })
            }
          }
          await report()
        }
      }
      await Promise.all(
        Array.from({ length: Math.min(this.concurrency, part.length) }, () => worker())
      )
      const written = await db.transaction((trx) => this.#store(trx, date, outcomes))
      for (const day of written) dates.add(day)
    }

    await MetricRollupService.rebuild([...dates])

    const allFailed = counts.failed > 0 && counts.succeeded === 0
    run.merge({
      ...counts,
      failures,
      status: allFailed ? 'failed' : 'finished',
      error: allFailed ? `Every account failed (${counts.failed}); see the failures.` : null,
      durationMs: Date.now() - started,
      finishedAt: DateTime.utc(),
    })
    await run.save()
    logger.info(
      { runId: run.id, date, ...counts, durationMs: run.durationMs },
      'metrics collection finished'
    )
  }

  /** One account's counters, with retries for rate limits and network errors. */
  static async #collectOne(account: AccountToCollect, date: string): Promise<Outcome> {
    let attempt = 0
    while (true) {
      attempt++
      try {
        const adapter = platforms.use(account.platform)
        const ref: PlatformAccountRef = {
          id: account.id,
          creatorId: account.creator_id,
          platform: account.platform,
          uid: account.uid,
          connected: Boolean(account.token_encrypted || account.cookie_encrypted),
        }
        if (adapter.source !== 'simulated') {
          ref.token = decryptPrivate('platform_token', account.token_encrypted)
          ref.cookie = decryptPrivate('platform_cookie', account.cookie_encrypted)
        }
        const stats = await adapter.channelStats(ref, { date })
        return { account, stats, adapter: { name: adapter.name, source: adapter.source } }
      } catch (error) {
        const platformError = error instanceof PlatformError ? error : null
        if (platformError && SKIP_CODES.has(platformError.code)) {
          return {
            account,
            skipped: true,
            failure: { code: platformError.code, message: platformError.message },
          }
        }
        if (platformError?.retryable && attempt < this.retry.attempts) {
          const backoff = this.retry.baseDelayMs * 2 ** (attempt - 1)
          const wait = Math.min(
            Math.max(backoff, platformError.options.retryAfterMs ?? 0),
            this.retry.maxDelayMs
          )
          await sleep(wait)
          continue
        }
        const message = error instanceof Error ? error.message : String(error)
        return {
          account,
          failure: { code: platformError?.code ?? 'error', message: message.slice(0, 255) },
        }
      }
    }
  }

  /**
   * Stand-in rows for accounts whose collection of `date` failed: their last
   * known values before `date` with zero differences (source 'carried'), so
   * that the day's totals and charts do not dip for a failed login. A day that
   * already holds a snapshot keeps it; accounts without history get none.
   */
  static async #carried(
    trx: TransactionClientContract,
    date: string,
    failed: Outcome[],
    collectedAt: Date
  ): Promise<SnapshotRow[]> {
    const rows: SnapshotRow[] = []
    for (let start = 0; start < failed.length; start += 500) {
      const ids = failed.slice(start, start + 500).map((outcome) => outcome.account.id)
      const previous = await trx
        .from('metric_snapshots as s')
        .whereIn('s.account_id', ids)
        .where(
          's.snapshot_date',
          trx.knexRawQuery(
            `(select max(p.snapshot_date) from metric_snapshots p
               where p.account_id = s.account_id and p.snapshot_date < ?)`,
            [date]
          )
        )
        .whereNotExists((query) =>
          query
            .from('metric_snapshots as d')
            .whereColumn('d.account_id', 's.account_id')
            .where('d.snapshot_date', date)
        )
        .select('s.*')
      for (const row of previous) {
        rows.push({
          ...Object.fromEntries(
            METRICS.flatMap((metric) => [
              [metric, Number(row[metric])],
              [`${metric}_diff`, 0],
            ])
          ),
          account_id: Number(row.account_id),
          creator_id: Number(row.creator_id),
          platform: row.platform,
          snapshot_date: date,
          source: 'carried',
          adapter: 'carried',
          collected_at: collectedAt,
        } as SnapshotRow)
      }
    }
    return rows
  }

  /**
   * Writes a batch's snapshots and account states, then the touched
   * creators' total fans and failing flag; returns the days written.
   */
  static async #store(trx: TransactionClientContract, date: string, outcomes: Outcome[]) {
    const now = DateTime.utc()
    const stamp = now.toFormat(trx.dialect.dateTimeFormat)
    const collectedAt = now.toJSDate()
    const rows: SnapshotRow[] = []
    const succeeded: number[] = []
    const failed: Outcome[] = []
    for (const outcome of outcomes) {
      if (outcome.stats) {
        const { account, stats, adapter } = outcome
        rows.push({
          ...stats,
          account_id: account.id,
          creator_id: account.creator_id,
          platform: account.platform,
          snapshot_date: date,
          source: adapter!.source,
          adapter: adapter!.name.slice(0, 20),
          collected_at: collectedAt,
        })
        succeeded.push(account.id)
      } else if (!outcome.skipped) {
        failed.push(outcome)
      }
    }

    rows.push(...(await this.#carried(trx, date, failed, collectedAt)))
    const result = await SnapshotWriter.upsertMany(rows, trx)

    // the account's fans are those of its newest snapshot (a back-dated run leaves them)
    await CreatorTotalsService.refreshAccountFans(trx, succeeded, {
      collect_status: COLLECT_STATUS.OK,
      collect_error: null,
      last_collected_at: stamp,
      updated_at: stamp,
    })
    for (let start = 0; start < failed.length; start += 500) {
      const part = failed.slice(start, start + 500)
      const cases = part.map(() => 'when ? then ?').join(' ')
      await trx
        .from('creator_platform_accounts')
        .whereIn(
          'id',
          part.map((outcome) => outcome.account.id)
        )
        .update({
          collect_status: COLLECT_STATUS.FAILED,
          collect_error: trx.knexRawQuery(
            `case id ${cases} end`,
            part.flatMap((outcome) => [
              outcome.account.id,
              `${outcome.failure!.code}: ${outcome.failure!.message}`.slice(0, 255),
            ])
          ),
          collect_failed_at: stamp,
          updated_at: stamp,
        })
    }

    const creators = [
      ...new Set(outcomes.filter((o) => !o.skipped).map((outcome) => outcome.account.creator_id)),
    ]
    await CreatorTotalsService.recompute(trx, creators, stamp, { touch: false })
    return result.dates
  }
}
