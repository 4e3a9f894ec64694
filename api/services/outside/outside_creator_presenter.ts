import type OutsideCreator from '#models/outside_creator'
import type OutsideCrawlRun from '#models/outside_crawl_run'
import type OutsideVideo from '#models/outside_video'
import { VIDEO_METRICS } from '#shared/videos'
import { isoDateTime } from '#support/dates'

/** An outside creator and its crawl task as the list, the detail and the SPEC §7 paths show it. */
export function presentOutsideCreator(creator: OutsideCreator) {
  return {
    id: creator.id,
    platform: creator.platform,
    uid: creator.uid,
    name: creator.name,
    channel_url: creator.channelUrl,
    avatar_url: creator.avatarUrl,
    purpose: creator.purpose,
    note: creator.note,
    state: creator.state,
    interval_days: creator.intervalDays,
    interval_hours: creator.intervalHours,
    custom_times: creator.customTimes ?? [],
    replay_strategy: creator.replayStrategy,
    replay_by_hour: creator.replayByHour ?? {},
    auto_video_crawl: creator.autoVideoCrawl,
    next_run_at: isoDateTime(creator.nextRunAt),
    next_slot_at: isoDateTime(creator.nextSlotAt),
    /** A crawl is in hand (its lease is held). */
    crawling: creator.leaseOwner !== null,
    fans: creator.fans,
    views: creator.views,
    likes: creator.likes,
    comments: creator.comments,
    videos: creator.videos,
    fans_growth_7d: creator.fansGrowth7d,
    opened_count: creator.openedCount,
    opened_at: isoDateTime(creator.openedAt),
    last_run_at: isoDateTime(creator.lastRunAt),
    last_status: creator.lastStatus,
    last_error: creator.lastError,
    connected_creator_id: creator.connectedCreatorId,
    connected_at: isoDateTime(creator.connectedAt),
    user_id: creator.userId,
    created_at: isoDateTime(creator.createdAt),
    updated_at: isoDateTime(creator.updatedAt),
  }
}

/** One crawl of the run history: when, how long, what it read, and why it failed. */
export function presentCrawlRun(run: OutsideCrawlRun) {
  return {
    id: run.id,
    outside_creator_id: run.outsideCreatorId,
    trigger: run.trigger,
    slot_at: isoDateTime(run.slotAt),
    status: run.status,
    started_at: isoDateTime(run.startedAt),
    finished_at: isoDateTime(run.finishedAt),
    duration_ms: run.durationMs,
    fans: run.fans,
    views: run.views,
    likes: run.likes,
    videos: run.videos,
    videos_read: run.videosRead,
    error_code: run.errorCode,
    error_message: run.errorMessage,
  }
}

/** One of an outside creator's tracked videos, as the owner service's `video` lists them. */
export function presentOwnerVideo(video: OutsideVideo) {
  return {
    id: video.id,
    outside_creator_id: video.outsideCreatorId,
    platform: video.platform,
    platform_video_id: video.platformVideoId,
    title: video.title,
    url: video.url,
    thumbnail_url: video.thumbnailUrl,
    published_at: isoDateTime(video.publishedAt),
    duration_s: video.durationS,
    ...Object.fromEntries(VIDEO_METRICS.map((metric) => [metric, Number(video[metric])])),
    last_seen_at: isoDateTime(video.lastSeenAt),
  }
}
