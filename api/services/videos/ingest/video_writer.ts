import { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { VideoStats } from '#platforms/types'
import type { SnapshotSource } from '#shared/constants'
import { VIDEO_FIELD_MAX, VIDEO_METRICS } from '#shared/videos'
import {
  indexVideoWords,
  markVideoWordChanges,
  type WordSource,
} from '#services/videos/video_words'
import { chunks } from '#support/chunks'
import { affectedRows } from '#support/sql'
import VideoTallies from '#services/videos/video_tallies'
import {
  countersOf,
  cut,
  tagsText,
  videoRow,
  type Cell,
  type VideoAccount,
} from '#services/videos/ingest/video_rows'
import { storedVideos, type ListedVideo } from '#services/videos/ingest/stored_videos'
import { viewGains, type GainInput } from '#services/videos/ingest/view_gains'
import { upsertSnapshots, upsertVideos } from '#services/videos/ingest/video_upserts'

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
|    in the same statement) — stored_videos.ts;
| 2. for the few without a snapshot on that day, the earliest one after it
|    (view_gains.ts);
| 3. an upsert of `videos` (insert … on duplicate key update on MySQL and
|    MariaDB, on conflict … do update on SQLite), stored videos by their id
|    and new ones by the unique key: new rows get
|    first_seen_at; title, counters, views_week / views_month, last_seen_at
|    are updated and deleted_on is cleared (a video that came back) —
|    the rows in video_rows.ts, the statements in video_upserts.ts;
| 4. the ids of the new rows, then an upsert of `video_snapshots` on
|    (video_id, snapshot_date) — writing a day again rewrites its rows;
| 5. the search words of new videos and of those whose title or tags changed,
|    and the suggestion words whose counts changed (video_word_changes: those
|    words, and every word of a video marked deleted or listed again);
| 6. the accounts' video tallies (api/services/videos/video_tallies.ts).
|
| views_week and views_month: the views gained since D−7 and D−30
| (view_gains.ts).
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
const VIDEO_WRITE_BATCH = 1000

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

interface Prepared extends ListedVideo, GainInput {
  title: string
  tags: string | null
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
    const work: ListedVideo[] = []
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
    batch: ListedVideo[],
    options: VideoWriteOptions,
    stamp: string,
    result: VideoWriteResult
  ) {
    const format = client.dialect.dateTimeFormat
    const existing = await storedVideos(client, batch, options.date)
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

    const gains = await viewGains(client, prepared, counters, options.date)

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
    await upsertVideos(client, known, { byId: true })
    await upsertVideos(
      client,
      videoRows.filter((_, index) => !prepared[index].existing)
    )
    result.videos += videoRows.length

    // the ids of the new rows
    const ids = prepared.map((entry) => entry.existing?.id ?? 0)
    const fresh = prepared.filter((entry) => !entry.existing)
    if (fresh.length) {
      const found = await storedVideos(client, fresh)
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
    await upsertSnapshots(client, snapshotRows)
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
}
