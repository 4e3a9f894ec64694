import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import platforms from '#platforms/main'
import { PlatformError, type PlatformAccountRef } from '#platforms/types'
import MetricCollectionService from '#services/metrics/collection_service'
import PlatformBreaker from '#services/platform_breaker/platform_breaker'
import PlatformCircuit from '#services/platform_breaker/platform_circuit'
import VideoIngestService, { VIDEO_LISTING } from '#services/videos/ingest/video_ingest_service'
import studioConfig from '#config/studio'
import type { PlatformKey } from '#shared/constants'
import { decryptPrivate } from '#support/private_data'

interface DiscoveryAccount {
  id: number
  creator_id: number
  platform: PlatformKey
  uid: string | null
  token_encrypted: string | null
  cookie_encrypted: string | null
}

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
    const rows = await MetricCollectionService.accountsQuery({})
      .orderBy('a.id')
      .select(
        'a.id',
        'a.creator_id',
        'a.platform',
        'a.uid',
        'a.token_encrypted',
        'a.cookie_encrypted'
      )
    const accounts: DiscoveryAccount[] = rows.map((row) => ({
      ...row,
      id: Number(row.id),
      creator_id: Number(row.creator_id),
    }))
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
    account: DiscoveryAccount,
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
    const ref: PlatformAccountRef = {
      id: account.id,
      creatorId: account.creator_id,
      platform: account.platform,
      uid: account.uid,
      connected: Boolean(account.token_encrypted || account.cookie_encrypted),
    }
    const answer = await circuit.call(account.platform, async () => {
      if (adapter.source !== 'simulated') {
        ref.token = decryptPrivate('platform_token', account.token_encrypted)
        ref.cookie = decryptPrivate('platform_cookie', account.cookie_encrypted)
      }
      return adapter.videos(ref, { page: 1, pageSize: VIDEO_LISTING.pageSize, at: now.toISO()! })
    })
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
