import { withLease } from '#support/lease'
import Caches from '#services/caches'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import platforms from '#platforms/main'
import { PlatformError, type PlatformAccountRef } from '#platforms/types'
import studioConfig from '#config/studio'
import MetricCollectionRun, { type CollectionFailure } from '#models/metric_collection_run'
import { accountRefOf, selectStoredAccounts, withStoredLogin } from '#platforms/account_ref'
import MetricRollupService from '#services/metrics/rollup_service'
import { WRITE_BATCH } from '#services/metrics/snapshot_writer'
import PlatformCircuit from '#services/platform_breaker/platform_circuit'
import type { PauseInfo } from '#services/platform_breaker/platform_breaker'
import { settlePauses } from '#services/metrics/collection_pauses'
import VideoIngestService from '#services/videos/ingest/video_ingest_service'
import LoginCheckService from '#services/platform_accounts/login_health/login_check_service'
import {
  loginFailure,
  loginOf,
  storeOutcomes,
  type AccountToCollect,
  type Outcome,
} from '#services/metrics/collection_store'
import type { CollectionTrigger, PlatformKey } from '#shared/constants'

interface CollectOptions {
  /** The day to collect (YYYY-MM-DD); yesterday in the studio's time zone by default. */
  date?: string | null
  platform?: PlatformKey | null
  creatorIds?: number[] | null
  trigger: CollectionTrigger
  requestedBy?: number | null
  /** An existing run row (queued by the API or the CLI) to run. */
  runId?: number | null
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
/** A run's counters before it has read any account. */
const NO_PROGRESS = {
  total: 0,
  processed: 0,
  succeeded: 0,
  failed: 0,
  skipped: 0,
  deferred: 0,
  videosFailed: 0,
  paused: null,
} as const

/** Codes that mean "no adapter can read this platform": the account is skipped, not failed. */
const SKIP_CODES = new Set(['not_supported', 'not_configured'])

/**
 * A run's video listings: accounts written, videos written, accounts whose
 * listing failed (what was read before is written), accounts whose videos
 * were read but not written (the run's videos_failed).
 */
interface VideoCounts {
  accounts: number
  videos: number
  failed: number
  unwritten: number
}

/**
 * An account whose stored login the account-health check found refused
 * (LoginCheckService.refusedAmong): skipped, as one never connected is,
 * until a new token or cookie is saved or a check finds it working again.
 */
function notConnected(account: AccountToCollect): Outcome {
  const message = 'The stored login was refused at its last check: reconnect or enter a new cookie'
  return { account, skipped: true, failure: { code: 'not_connected', message } }
}

/** Yesterday in the studio's time zone (the day the 13:00 collection describes). */
export function yesterday(now: DateTime = DateTime.now()) {
  return now.setZone(studioConfig.timezone).minus({ days: 1 }).toISODate()!
}

/**
 * The daily collection (SPEC §3, §9): for every active account of a creator
 * under a valid contract (optionally one platform or some creators), asks
 * the platform's adapter for the day's counters with a few requests at a
 * time and retries for rate limits and network errors, writes one snapshot
 * per account (SnapshotWriter, in batches), marks accounts whose collection
 * failed (collect_status 1, the creator then counts as failing; a refused
 * stored login also marks that cookie or token 'cannot access') and clears
 * the mark on success, keeps creators' total fans, and rebuilds the day's
 * totals. A platform whose adapter gives no channel counters (Xigua, iQiyi:
 * not_supported) still has its videos read — their snapshots, and through
 * `video:first_seen` the new uploads' growth windows — without a channel
 * snapshot (its channel figures come from the creator-center export
 * import); a refused login or a pause met while listing is then the
 * account's outcome. Each run is a metric_collection_runs row with its counters,
 * failures and duration. Running a day again rewrites the same rows.
 *
 * Every request goes through the per-platform breaker (PlatformCircuit): a
 * platform that answers a rate limit (after the retries) or a used-up quota
 * is paused; its remaining accounts are deferred — not failed, their state
 * left as it was, carried rows keeping the day's totals — and a follow-up
 * run for them is queued for when the pause ends (collection_pauses.ts).
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
      ...NO_PROGRESS,
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
      ...NO_PROGRESS,
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
    const accounts: AccountToCollect[] = await selectStoredAccounts(
      this.accountsQuery({ platform: run.platform, creatorIds: run.creatorIds }).orderBy('a.id')
    )

    const counts = { processed: 0, succeeded: 0, failed: 0, skipped: 0, deferred: 0 }
    const videoCounts: VideoCounts = { accounts: 0, videos: 0, failed: 0, unwritten: 0 }
    const failures: CollectionFailure[] = []
    const deferred: Outcome[] = []
    const circuit = new PlatformCircuit(this.retry, { runId: run.id })
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
          videos_failed: videoCounts.unwritten,
          updated_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
        })
    }

    for (let start = 0; start < accounts.length; start += WRITE_BATCH) {
      const part = accounts.slice(start, start + WRITE_BATCH)
      const outcomes: Outcome[] = []
      // a pause another run or instance stored meanwhile is respected from the next batch on
      await circuit.refresh()
      // logins the account-health check found refused are not asked: skipped as not connected
      const refused = await LoginCheckService.refusedAmong(part)
      let next = 0
      const worker = async () => {
        while (next < part.length) {
          const account = part[next++]
          const outcome = refused.has(account.id)
            ? notConnected(account)
            : await this.#collectOne(account, date, circuit, videoCounts)
          outcomes.push(outcome)
          counts.processed++
          if (outcome.stats || outcome.videosOnly) counts.succeeded++
          else if (outcome.skipped) counts.skipped++
          else if (outcome.deferred) {
            counts.deferred++
            deferred.push(outcome)
          } else {
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
      const written = await db.transaction((trx) => storeOutcomes(trx, date, outcomes))
      for (const day of written) dates.add(day)
    }

    await MetricRollupService.rebuild([...dates])
    if (videoCounts.videos > 0) {
      await VideoIngestService.afterRun().catch((error) =>
        logger.error({ err: error, runId: run.id }, 'video word counts not rebuilt')
      )
    }
    const paused = await settlePauses(run, circuit, deferred)

    const allFailed = counts.failed > 0 && counts.succeeded === 0 && counts.deferred === 0
    run.merge({
      ...counts,
      videosFailed: videoCounts.unwritten,
      failures,
      paused: paused.length ? paused : null,
      status: allFailed ? 'failed' : 'finished',
      error: allFailed ? `Every account failed (${counts.failed}); see the failures.` : null,
      durationMs: Date.now() - started,
      finishedAt: DateTime.utc(),
    })
    await run.save()
    logger.info(
      { runId: run.id, date, ...counts, videos: videoCounts, durationMs: run.durationMs },
      'metrics collection finished'
    )
  }

  /**
   * One account's counters through the breaker (which retries rate limits
   * and network errors): collected, skipped, deferred (its platform is
   * paused) or failed; a refused stored login fails as an expired login.
   */
  static async #collectOne(
    account: AccountToCollect,
    date: string,
    circuit: PlatformCircuit,
    videoCounts: VideoCounts
  ): Promise<Outcome> {
    let adapter
    try {
      adapter = platforms.use(account.platform)
    } catch (error) {
      return { account, failure: { code: 'error', message: String(error).slice(0, 255) } }
    }
    const ref = accountRefOf(account)
    const answer = await circuit.call(account.platform, async () =>
      adapter.channelStats(withStoredLogin(adapter, ref, account), { date })
    )
    const answeredBy = { name: adapter.name, source: adapter.source }
    if ('value' in answer) {
      await this.#collectVideos(adapter, ref, date, circuit, videoCounts)
      return { account, stats: answer.value, adapter: answeredBy }
    }
    if ('deferred' in answer) return { account, deferred: answer.deferred }

    const error = answer.error
    if (error instanceof PlatformError && error.code === 'not_supported') {
      // no channel counters on this platform (Xigua, iQiyi): its videos are still read, and
      // no channel snapshot is written (the creator-center export import gives those figures)
      const listing = await this.#collectVideos(adapter, ref, date, circuit, videoCounts)
      if (listing === 'written') return { account, videosOnly: true, adapter: answeredBy }
      if (listing === 'not_listed') return this.#failed(account, error)
      if (listing === 'unwritten') {
        return { account, failure: { code: 'error', message: 'The videos could not be written' } }
      }
      if ('deferred' in listing) return { account, deferred: listing.deferred }
      return this.#failed(account, listing.error)
    }
    return this.#failed(account, error)
  }

  /**
   * The outcome of an account whose read failed with `error`: skipped for a
   * platform no adapter can read, a refused stored login as such, else failed.
   */
  static #failed(account: AccountToCollect, error: unknown): Outcome {
    const platformError = error instanceof PlatformError ? error : null
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 255)
    if (platformError && SKIP_CODES.has(platformError.code)) {
      return { account, skipped: true, failure: { code: platformError.code, message } }
    }
    const login =
      platformError?.code === 'auth' || platformError?.code === 'captcha' ? loginOf(account) : null
    if (login) return { account, failure: loginFailure(account, login, message) }
    return { account, failure: { code: platformError?.code ?? 'error', message } }
  }

  /**
   * After an account's channel statistics: its uploads (the newest
   * VIDEO_LISTING pages) through the same breaker, written as videos and the
   * day's snapshots. A failure here is logged and counted, never the
   * channel's failure: a listing that failed part-way (what was read is
   * written), and an account whose videos could not be written (after the
   * writer's retries of deadlocks), which the run shows as videos_failed. A
   * pause met here defers the platform's next accounts as for channel
   * statistics. Answers what came of it: written; not listed (the adapter
   * lists no videos); unwritten; or, when nothing was read, the pause or the
   * error met (the account's outcome when its channel has no counters).
   */
  static async #collectVideos(
    adapter: ReturnType<typeof platforms.use>,
    ref: PlatformAccountRef,
    date: string,
    circuit: PlatformCircuit,
    videoCounts: VideoCounts
  ): Promise<
    'written' | 'not_listed' | 'unwritten' | { deferred: PauseInfo } | { error: unknown }
  > {
    try {
      // the simulator describes the end of the collected day; live adapters answer now
      const at = new Date(Math.min(Date.now(), Date.parse(`${date}T23:59:59.999Z`)))
      const listing = await VideoIngestService.readListing(adapter, ref, circuit, {
        at: at.toISOString(),
      })
      if (!listing) return 'not_listed'
      if (listing.error) {
        videoCounts.failed++
        logger.warn(
          { err: listing.error, accountId: ref.id, platform: ref.platform },
          'video listing failed'
        )
      }
      if (listing.items.length === 0 && !listing.complete) {
        return listing.deferred ? { deferred: listing.deferred } : { error: listing.error }
      }
      await VideoIngestService.ingestListing(ref, listing.items, {
        date,
        complete: listing.complete,
        collectedAt: new Date(),
        adapter: { name: adapter.name, source: adapter.source },
      })
      videoCounts.accounts++
      videoCounts.videos += listing.items.length
      return 'written'
    } catch (error) {
      videoCounts.unwritten++
      logger.error({ err: error, accountId: ref.id, platform: ref.platform }, 'video ingest failed')
      return 'unwritten'
    }
  }
}
