import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import MetricCollectionService, { yesterday } from '#services/metrics/collection_service'
import { DAY_MS, dateOf, dayOf, modelOf } from '#platforms/simulated_model'
import {
  simulatedVideo,
  simulatedVideoCounters,
  simulatedVideoStats,
  uploadsAt,
} from '#platforms/simulated_videos'
import type { PlatformKey } from '#shared/constants'
import VideoIngestService from '#services/videos/ingest/video_ingest_service'
import { countersOf, videoRow } from '#services/videos/ingest/video_rows'
import { upsertSnapshots, upsertVideos } from '#services/videos/ingest/video_upserts'
import VideoTallies from '#services/videos/video_tallies'
import { indexVideoWords } from '#services/videos/video_words'
import { VIDEO_METRICS } from '#shared/videos'
import { chunks } from '#support/chunks'

interface VideoBackfillOptions {
  /** Days of snapshots, ending on `until`. */
  days: number
  /** Uploads of this many days before `until` are kept (older ones are left out). */
  uploadDays: number
  until?: string | null
  creatorIds?: number[] | null
  /** The present moment (default now): no upload and no reading after it. */
  nowMs?: number
}

interface VideoBackfillResult {
  accounts: number
  videos: number
  snapshots: number
  deleted: number
  durationMs: number
}

/** Accounts written per transaction. */
const ACCOUNTS_PER_GROUP = 100

type Account = { id: number; creator_id: number; platform: PlatformKey }
type Counters = ReturnType<typeof simulatedVideoCounters>

/**
 * Video history from the simulator (the demo): for every active account of
 * a valid creator, its uploads of the last `uploadDays` days with a snapshot
 * on each of the last `days` days they were listed — the rows the daily
 * collection would have written (the rows of video_rows.ts, the views_week
 * / views_month rule of view_gains.ts, `deleted_on` the first day a deleted
 * video was not listed), computed in memory and inserted in bulk instead of
 * day by day.
 * Nothing is announced: the growth-hacking windows concern the uploads the
 * collection meets from now on.
 */
export default class VideoBackfillService {
  static async backfill(options: VideoBackfillOptions): Promise<VideoBackfillResult> {
    const started = Date.now()
    const until = options.until ?? yesterday()
    const rows = await MetricCollectionService.accountsQuery({ creatorIds: options.creatorIds })
      .orderBy('a.id')
      .select('a.id', 'a.creator_id', 'a.platform')
    const accounts: Account[] = rows.map((row) => ({
      id: Number(row.id),
      creator_id: Number(row.creator_id),
      platform: row.platform as PlatformKey,
    }))
    const result: VideoBackfillResult = {
      accounts: accounts.length,
      videos: 0,
      snapshots: 0,
      deleted: 0,
      durationMs: 0,
    }
    for (const group of chunks(accounts, ACCOUNTS_PER_GROUP)) {
      await db.transaction((trx) => this.#writeGroup(trx, group, until, options, result))
    }
    await VideoIngestService.afterRun()
    result.durationMs = Date.now() - started
    return result
  }

  static async #writeGroup(
    trx: TransactionClientContract,
    accounts: Account[],
    until: string,
    options: VideoBackfillOptions,
    result: VideoBackfillResult
  ) {
    const format = trx.dialect.dateTimeFormat
    const lastDay = dayOf(until)
    const firstDay = lastDay - options.days + 1
    // the last day in the studio's time zone may not be over in UTC: nothing after now
    const nowMs = options.nowMs ?? Date.now()
    const endMs = Math.min((lastDay + 1) * DAY_MS - 1, nowMs)
    const oldestMs = (lastDay - options.uploadDays + 1) * DAY_MS
    // read at 13:00 in Seoul the day after, as the daily collection does
    const nowStamp = new Date(Math.min(nowMs, 8.64e15)).toISOString().slice(0, 19).replace('T', ' ')
    const stampOf = (day: number) => {
      const stamp = `${dateOf(day + 1)} 04:00:00`
      return stamp < nowStamp ? stamp : nowStamp
    }
    const dayEnd = (day: number) => Math.min((day + 1) * DAY_MS - 1, nowMs)

    const videoRows: Record<string, string | number | null>[] = []
    const histories: { key: string; creatorId: number; days: [string, Counters][] }[] = []
    for (const account of accounts) {
      const model = modelOf(account.id, account.platform)
      for (let n = uploadsAt(model, endMs) - 1; n >= 0; n--) {
        const video = simulatedVideo(model, n)
        if (video.publishedMs < oldestMs) break
        const published = Math.floor(video.publishedMs / DAY_MS)
        const gone = video.deletedMs === null ? null : Math.floor(video.deletedMs / DAY_MS)
        const first = Math.max(published, firstDay)
        const last = gone === null || gone > lastDay ? lastDay : gone - 1
        if (last < first) continue

        const days: [string, Counters][] = []
        for (let day = first; day <= last; day++) {
          days.push([dateOf(day), simulatedVideoCounters(model, video, dayEnd(day))])
        }
        const final = simulatedVideoStats(account, model, video, dayEnd(last))
        // as the writer: views since the stored day 7 (30) days before, or all when published after it
        const gain = (window: number) => {
          const baseline = last - window
          if (video.publishedMs > dayEnd(baseline)) return final.views
          const stored = baseline >= first ? days[baseline - first] : days[0]
          if (baseline < first && first === last) return 0
          return Math.max(0, final.views - stored[1].views)
        }
        const deletedOn = gone !== null && gone <= lastDay ? dateOf(gone) : null
        videoRows.push(
          videoRow(
            account,
            final,
            countersOf(final),
            { week: gain(7), month: gain(30) },
            {
              source: 'simulated',
              adapter: 'simulated',
              firstSeen: stampOf(first),
              lastSeen: stampOf(last),
              deletedOn,
              format,
            }
          )
        )
        if (deletedOn) {
          // marked by the collection of the day it was missing
          videoRows[videoRows.length - 1].updated_at = stampOf(gone!)
          result.deleted++
        }
        histories.push({ key: `${account.id}|${final.id}`, creatorId: account.creator_id, days })
      }
    }
    if (videoRows.length === 0) return
    await upsertVideos(trx, videoRows)
    await VideoTallies.refresh(
      trx,
      accounts.map((account) => account.id)
    )
    result.videos += videoRows.length

    const ids = new Map<string, { id: number; title: string; tags: string | null }>()
    for (const part of chunks(
      accounts.map((account) => account.id),
      500
    )) {
      const stored = await trx
        .from('videos')
        .whereIn('account_id', part)
        .select('id', 'account_id', 'platform_video_id', 'title', 'tags')
      for (const row of stored) {
        ids.set(`${row.account_id}|${row.platform_video_id}`, {
          id: Number(row.id),
          title: row.title,
          tags: row.tags ?? null,
        })
      }
    }

    const snapshots: Record<string, string | number | null>[] = []
    for (const history of histories) {
      const video = ids.get(history.key)
      if (!video) continue
      for (const [date, stats] of history.days) {
        const row: Record<string, string | number | null> = {
          video_id: video.id,
          creator_id: history.creatorId,
          snapshot_date: date,
          source: 'simulated',
          adapter: 'simulated',
          collected_at: stampOf(dayOf(date)),
        }
        for (const metric of VIDEO_METRICS) row[metric] = stats[metric]
        snapshots.push(row)
      }
    }
    await upsertSnapshots(trx, snapshots)
    result.snapshots += snapshots.length
    // deleted_on may have changed as well as the words: every whole word is recounted
    await indexVideoWords(trx, [...ids.values()], { markAll: true })
  }
}
