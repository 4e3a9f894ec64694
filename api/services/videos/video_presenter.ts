import type Video from '#models/video'
import type VideoSnapshot from '#models/video_snapshot'
import { isoDateTime } from '#support/dates'
import { VIDEO_METRICS, viewTierOf, type VideoMetric } from '#shared/videos'
import type { VideoCounters, VideoJson, VideoPointJson } from '#shared/video_api'

/*
|--------------------------------------------------------------------------
| The JSON of videos (lists, tops, detail, compare)
|--------------------------------------------------------------------------
*/

export type { VideoCounters, VideoJson, VideoPointJson }

export function countersOf(row: Partial<Record<VideoMetric, number | null>>): VideoCounters {
  const out = {} as VideoCounters
  for (const metric of VIDEO_METRICS) out[metric] = Number(row[metric] ?? 0)
  return out
}

export function tagsOf(tags: string | null) {
  return (tags ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
}

/** A video as every list and card shows it (the creator preloaded, or only its id). */
export function presentVideo(video: Video): VideoJson {
  const creator = video.$preloaded.creator ? video.creator : null
  return {
    id: video.id,
    platform: video.platform,
    platform_video_id: video.platformVideoId,
    title: video.title,
    tags: tagsOf(video.tags),
    category: video.category,
    published_at: isoDateTime(video.publishedAt),
    duration_s: video.durationS,
    thumbnail_url: video.thumbnailUrl,
    url: video.url,
    ...countersOf(video),
    views_week: video.viewsWeek,
    views_month: video.viewsMonth,
    tier: viewTierOf(video.views),
    source: video.source,
    deleted_on: video.deletedOn,
    last_seen_at: isoDateTime(video.lastSeenAt),
    account_id: video.accountId,
    creator: {
      id: video.creatorId,
      brand_no: creator?.brandNo ?? null,
      channel_name: creator?.channelName ?? null,
    },
  }
}

/** One day of a video's series. */
export function presentSnapshot(snapshot: VideoSnapshot, video: Video): VideoPointJson {
  const age =
    video.publishedAt && snapshot.collectedAt
      ? snapshot.collectedAt.diff(video.publishedAt, 'hours').hours
      : null
  return {
    date: snapshot.snapshotDate,
    collected_at: isoDateTime(snapshot.collectedAt),
    age_hours: age === null ? null : Math.round(age * 100) / 100,
    ...countersOf(snapshot),
    source: snapshot.source,
  }
}
