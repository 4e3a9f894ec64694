import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import platforms from '#platforms/main'
import {
  PlatformError,
  type PlatformAccountRef,
  type PlatformAdapter,
  type VideoStats,
} from '#platforms/types'
import type { PlatformKey, SnapshotSource } from '#shared/constants'
import Caches from '#services/caches'
import type PlatformCircuit from '#services/platform_breaker/platform_circuit'
import type { PauseInfo } from '#services/platform_breaker/platform_breaker'
import { refreshChangedVideoWords, sweepVideoWordCounts } from '#services/videos/video_words'
import VideoWriter, {
  type VideoListing,
  type VideoWriteOptions,
  type VideoWriteResult,
} from '#services/videos/ingest/video_writer'
import { trackWork } from '#support/after_commit_work'
import { transactionRetryingDeadlocks } from '#support/sql'

/**
 * How much of an account's uploads the daily collection reads: pages of
 * `pageSize` newest first, at most `maxPages` per account per run (200
 * videos). A channel with more uploads is read in part: its newest videos
 * get their snapshots, the older ones keep their last ones, and since the
 * listing was not read to its end none of its videos is marked deleted.
 */
export const VIDEO_LISTING = { pageSize: 50, maxPages: 4 } as const

/** An account as the callers have it: a collection row or an adapter's ref. */
type IngestAccount =
  | { id: number; creator_id: number; platform: PlatformKey }
  | { id: number; creatorId: number; platform: PlatformKey }

interface IngestOptions {
  /** YYYY-MM-DD: the day the snapshots describe. */
  date: string
  /** The listing was read to its end: videos absent from it are marked deleted on `date`. */
  complete: boolean
  /** When the values were read. */
  collectedAt: Date
  /** Who answered (default: the platform's configured adapter). */
  adapter?: { name: string; source: SnapshotSource }
  /** Write inside this transaction (the event then follows its commit). */
  trx?: TransactionClientContract
}

/** What reading an account's listing came to. */
type ListingRead = {
  items: VideoStats[]
  complete: boolean
  deferred?: PauseInfo
  error?: unknown
} | null

/**
 * The video half of the collection: reads an account's uploads through the
 * platform breaker and writes the videos and the day's snapshots in bulk
 * (VideoWriter). After the write commits, the ids of videos new to the
 * studio are announced as `video:first_seen` (the growth-hacking windows
 * are planned from it) and the video answers' cache is cleared.
 */
export default class VideoIngestService {
  /**
   * Writes one account's listing for `date`; returns the ids of the videos
   * new to the studio.
   */
  static async ingestListing(
    account: IngestAccount,
    items: VideoStats[],
    options: IngestOptions
  ): Promise<number[]> {
    const creatorId = 'creator_id' in account ? account.creator_id : account.creatorId
    const listing: VideoListing = {
      account: { id: account.id, creator_id: creatorId, platform: account.platform },
      items,
      complete: options.complete,
    }
    const adapter = options.adapter ?? this.#adapterOf(account.platform)
    const result = await this.ingestMany([listing], {
      date: options.date,
      collectedAt: options.collectedAt,
      source: adapter.source,
      adapter: adapter.name,
      trx: options.trx,
    })
    return result.newVideoIds
  }

  /**
   * Several accounts' listings in one transaction (the demo, the bench),
   * tried again when MySQL rolls it back for a deadlock or a lock wait
   * timeout (not inside a caller's transaction `trx`: that is the caller's).
   */
  static async ingestMany(
    listings: VideoListing[],
    options: VideoWriteOptions & {
      trx?: TransactionClientContract
      /** Announce the new videos (default true; a backfill of history announces only its last day). */
      announce?: boolean
    }
  ): Promise<VideoWriteResult> {
    const { trx, announce = true, ...writeOptions } = options
    // an empty listing changes something only when it marks stored videos deleted
    const empty = listings.filter((listing) => listing.items.length === 0)
    if (empty.length === listings.length) {
      const marking = empty.filter((listing) => listing.complete)
      const stored = marking.length
        ? await (trx ?? db)
            .from('videos')
            .whereIn(
              'account_id',
              marking.map((listing) => listing.account.id)
            )
            .whereNull('deleted_on')
            .select('id')
            .first()
        : null
      if (!stored) return { videos: 0, snapshots: 0, newVideoIds: [], deleted: 0, restored: 0 }
    }
    const write = async (client: TransactionClientContract) => {
      const result = await VideoWriter.write(client, listings, writeOptions)
      Caches.afterCommit(client, 'videos', 'growthAnswers')
      return result
    }
    if (trx) {
      const result = await write(trx)
      if (announce && result.newVideoIds.length) {
        trx.after('commit', () => this.#announce(result.newVideoIds))
      }
      return result
    }
    // accounts are written at once (the collection's workers): a deadlock's victim is written again
    const result = await transactionRetryingDeadlocks(write)
    if (announce && result.newVideoIds.length) this.#announce(result.newVideoIds)
    return result
  }

  /**
   * An account's uploads, newest first, page by page through the breaker
   * (so a rate limit pauses the platform as for channel statistics), at most
   * VIDEO_LISTING.maxPages pages. Null when the adapter lists no videos
   * (a placeholder). What was read before a pause or a failure is kept, not
   * complete.
   */
  static async readListing(
    adapter: PlatformAdapter,
    ref: PlatformAccountRef,
    circuit: PlatformCircuit,
    options: { at: string }
  ): Promise<ListingRead> {
    const items: VideoStats[] = []
    for (let page = 1; page <= VIDEO_LISTING.maxPages; page++) {
      const answer = await circuit.call(ref.platform, () =>
        adapter.videos(ref, { page, pageSize: VIDEO_LISTING.pageSize, at: options.at })
      )
      if ('deferred' in answer) return { items, complete: false, deferred: answer.deferred }
      if ('error' in answer) {
        const error = answer.error
        if (error instanceof PlatformError && error.code === 'not_supported') return null
        return { items, complete: false, error }
      }
      items.push(...answer.value.items)
      if (!answer.value.hasMore) return { items, complete: true }
    }
    return { items, complete: false }
  }

  /**
   * After a collection run that wrote videos: the suggestion counts of the
   * words the run changed (new, retitled, deleted and restored videos), then
   * a slice of the others' views (api/services/videos/video_words.ts).
   */
  static async afterRun() {
    await refreshChangedVideoWords()
    Caches.clear('videos', 'growthAnswers')
    await sweepVideoWordCounts()
    Caches.clear('videos', 'growthAnswers')
  }

  static #adapterOf(platform: PlatformKey) {
    const adapter = platforms.use(platform)
    return { name: adapter.name, source: adapter.source }
  }

  static #announce(videoIds: number[]) {
    try {
      const pending = emitter.emit('video:first_seen', { videoIds })
      trackWork(
        Promise.resolve(pending).catch((error) =>
          logger.error({ err: error }, 'video:first_seen listener failed')
        )
      )
    } catch (error) {
      logger.error({ err: error }, 'video:first_seen listener failed')
    }
  }
}
