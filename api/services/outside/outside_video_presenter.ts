import type OutsideVideo from '#models/outside_video'
import type OutsideVideoPoint from '#models/outside_video_point'
import type OutsideCrawlRun from '#models/outside_crawl_run'
import { countersOf } from '#services/videos/video_presenter'
import { isoDateTime } from '#support/dates'
import { leaseLapsed } from '#support/lease'
import type { OutsideComparisonJson, OutsideWindowJson } from '#shared/outside_videos'

/*
| The JSON of outside videos (the list, the detail, its counters over time,
| its growth windows and its comparison with the agency's own videos).
*/

/** A video as the list and the detail show it (`window_views` when the list read a window). */
export function presentOutsideVideo(video: OutsideVideo) {
  const creator = video.$preloaded.outsideCreator ? video.outsideCreator : null
  const windowViews = video.$extras.window_views
  return {
    id: video.id,
    origin: video.origin,
    platform: video.platform,
    platform_video_id: video.platformVideoId,
    title: video.title,
    channel_name: video.channelName ?? creator?.name ?? null,
    url: video.url,
    thumbnail_url: video.thumbnailUrl,
    category: video.category,
    published_at: isoDateTime(video.publishedAt),
    duration_s: video.durationS,
    ...countersOf(video),
    state: video.state,
    crawling: !leaseLapsed(
      { owner: video.leaseOwner, heartbeatAt: video.heartbeatAt },
      'outside_videos'
    ),
    next_run_at: isoDateTime(video.nextRunAt),
    first_seen_at: isoDateTime(video.firstSeenAt),
    last_seen_at: isoDateTime(video.lastSeenAt),
    created_at: isoDateTime(video.createdAt),
    connected_video_id: video.connectedVideoId,
    window_views:
      windowViews === undefined ? undefined : windowViews === null ? null : Number(windowViews),
    outside_creator: creator
      ? { id: creator.id, name: creator.name, uid: creator.uid, platform: creator.platform }
      : null,
  }
}
/** The counters read at one crawl, with the video's age then. */
function presentOutsidePoint(point: OutsideVideoPoint) {
  return {
    taken_at: isoDateTime(point.takenAt),
    age_hours: point.ageHours,
    ...countersOf(point),
  }
}

/** One crawl of the video (the detail's history). */
export function presentOutsideVideoRun(run: OutsideCrawlRun) {
  return {
    id: run.id,
    trigger: run.trigger,
    status: run.status,
    started_at: isoDateTime(run.startedAt),
    finished_at: isoDateTime(run.finishedAt),
    duration_ms: run.durationMs,
    views: run.views,
    error_code: run.errorCode,
    error_message: run.errorMessage,
  }
}

/** GET /api/outside_videos/:id: the video, its counters over time, its windows and its last crawls. */
export function presentOutsideVideoDetail(detail: {
  video: OutsideVideo
  points: OutsideVideoPoint[]
  windows: OutsideWindowJson[]
  runs: OutsideCrawlRun[]
}) {
  return {
    ...presentOutsideVideo(detail.video),
    points: detail.points.map(presentOutsidePoint),
    windows: detail.windows,
    runs: detail.runs.map(presentOutsideVideoRun),
  }
}

/** GET /api/outside_videos/:id/comparison. */
export function presentOutsideComparison(video: OutsideVideo, windows: OutsideComparisonJson[]) {
  return { id: video.id, platform: video.platform, windows }
}
