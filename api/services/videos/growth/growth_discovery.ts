import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import platforms from '#platforms/main'
import { PlatformError } from '#platforms/types'
import { accountRefOf, selectStoredAccounts, withStoredLogin } from '#platforms/account_ref'
import type { StoredAccount } from '#platforms/account_ref'
import MetricCollectionService from '#services/metrics/collection_service'
import PlatformBreaker from '#services/platform_breaker/platform_breaker'
import PlatformCircuit from '#services/platform_breaker/platform_circuit'
import VideoIngestService, { VIDEO_LISTING } from '#services/videos/ingest/video_ingest_service'
import studioConfig from '#config/studio'

/**
 * The growth windows' discovery pass (hourly, 'videos:growth:discover'): the
 * first page of every collected account's uploads (active accounts of
 * creators under a valid contract, as the daily collection reads them),
 * through the per-platform breaker, handed to the video ingest as an
 * incomplete listing of today. A video uploaded after the daily collection
 * is thus first seen within the hour, and its 6 and 12-hour windows are
 * planned in time (`video:first_seen` → GrowthWindows).
 */
export default class GrowthDiscovery {
  static concurrency = 4
  static retry = { attempts: 2, baseDelayMs: 500, maxDelayMs: 5_000 }

  static async run(now: DateTime = DateTime.utc()) {
    const accounts = await selectStoredAccounts(
      MetricCollectionService.accountsQuery({}).orderBy('a.id')
    )
    const circuit = new PlatformCircuit(this.retry)
    await circuit.refresh(now)
    const date = now.setZone(studioConfig.timezone).toISODate()!
    const totals = { accounts: accounts.length, read: 0, newVideos: 0, deferred: 0, failed: 0 }
    let next = 0
    const worker = async () => {
      while (next < accounts.length) {
        const account = accounts[next++]
        const outcome = await this.#discover(account, circuit, date, now)
        if (outcome === 'deferred') totals.deferred++
        else if (outcome === 'failed') totals.failed++
        else if (outcome !== 'skipped') {
          totals.read++
          totals.newVideos += outcome
        }
      }
    }
    await Promise.all(
      Array.from({ length: Math.min(this.concurrency, accounts.length) }, () => worker())
    )
    for (const platform of circuit.answered) await PlatformBreaker.reset(platform)
    if (totals.newVideos || totals.failed || totals.deferred) {
      logger.info(totals, 'growth discovery pass finished')
    }
    return totals
  }

  static async #discover(
    account: StoredAccount,
    circuit: PlatformCircuit,
    date: string,
    now: DateTime
  ): Promise<number | 'deferred' | 'failed' | 'skipped'> {
    let adapter
    try {
      adapter = platforms.use(account.platform)
    } catch {
      return 'skipped'
    }
    const ref = accountRefOf(account)
    const answer = await circuit.call(account.platform, async () =>
      adapter.videos(withStoredLogin(adapter, ref, account), {
        page: 1,
        pageSize: VIDEO_LISTING.pageSize,
        at: now.toISO()!,
      })
    )
    if ('deferred' in answer) return 'deferred'
    if ('error' in answer) {
      const error = answer.error
      if (error instanceof PlatformError && error.code === 'not_supported') return 'skipped'
      return 'failed'
    }
    if (!answer.value.items.length) return 0
    try {
      const created = await VideoIngestService.ingestListing(account, answer.value.items, {
        date,
        complete: false,
        collectedAt: now.toJSDate(),
        adapter: { name: adapter.name, source: adapter.source },
      })
      return created.length
    } catch (error) {
      logger.warn(
        { err: error, accountId: account.id },
        'growth discovery could not store a listing'
      )
      return 'failed'
    }
  }
}
