import type UploadTask from '#models/upload_task'
import type UploadPublication from '#models/upload_publication'
import { isoDateTime } from '#support/dates'

/** One platform's publication as the waiting and result lists show it. */
function presentPublication(publication: UploadPublication) {
  const total = publication.totalBytes
  return {
    id: publication.id,
    platform: publication.platform,
    status: publication.status,
    attempts: publication.attempts,
    sent_bytes: publication.sentBytes,
    total_bytes: total,
    progress: total > 0 ? Math.min(1, publication.sentBytes / total) : 0,
    schedule: publication.platformScheduledAt ? 'platform' : 'immediate',
    platform_scheduled_at: isoDateTime(publication.platformScheduledAt),
    scheduled: publication.scheduled,
    platform_video_id: publication.platformVideoId,
    url: publication.url,
    video_id: publication.videoId,
    error: publication.errorCode
      ? { code: publication.errorCode, message: publication.errorMessage }
      : null,
    next_attempt_at:
      publication.status === 'requesting' && publication.attempts > 0
        ? isoDateTime(publication.nextAttemptAt)
        : null,
    started_at: isoDateTime(publication.startedAt),
    finished_at: isoDateTime(publication.finishedAt),
  }
}

/** An upload task with its publications. */
export function presentUploadTask(task: UploadTask) {
  return {
    id: task.id,
    creator_id: task.creatorId,
    creator_name: task.$preloaded.creator ? task.creator.channelName : null,
    user_id: task.userId,
    title: task.title,
    status: task.status,
    scheduled_at: isoDateTime(task.scheduledAt),
    video: { size: task.videoSize, mime: task.videoMime, duration_s: task.videoDurationS },
    thumbnail: { size: task.thumbnailSize, mime: task.thumbnailMime },
    publications: (task.$preloaded.publications ? task.publications : []).map(presentPublication),
    created_at: isoDateTime(task.createdAt),
    finished_at: isoDateTime(task.finishedAt),
  }
}
