import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { PublishRequest, Published } from '#platforms/upload/types'
import NotificationService from '#services/notifications/notification_service'
import VideoIngestService from '#services/videos/ingest/video_ingest_service'
import { affectedRows, sqlDateTime } from '#support/sql'
import type { UploadTaskStatus } from '#shared/uploads'

/**
 * What follows a publication: its job queued (or queued again after a
 * failure), the published video written to the video tables, and the end
 * of its task once every publication ended — the task's status, the
 * uploader's notification and, for a failure, the alert dashboard's entry.
 */
export default class UploadFinisher {
  /**
   * Queues the publishing job of `publicationId` after `delay` ms. A queue
   * that cannot take it loses nothing: the upload sweep runs the row once due.
   */
  static async queue(publicationId: number, delay = 0) {
    try {
      const { default: QueueService } = await import('#queue/main')
      const { default: UploadPublishJob } = await import('#jobs/upload_publish_job')
      await QueueService.dispatch(UploadPublishJob, { publicationId }, { delay, attempts: 1 })
      return true
    } catch (error) {
      logger.warn(
        { err: error, publicationId },
        'an upload could not be queued; the upload sweep runs it once due'
      )
      return false
    }
  }

  /**
   * A video published now enters the video tables (VideoIngestService, as
   * the collection writes it), so that its growth-hacking windows start; a
   * video the platform holds for later is found by the collection once it
   * is listed.
   */
  static async published(publicationId: number, published: Published, request: PublishRequest) {
    if (published.scheduled) return
    const row = await db
      .from('upload_publications as p')
      .join('creator_platform_accounts as a', 'a.id', 'p.account_id')
      .where('p.id', publicationId)
      .select('a.id', 'a.creator_id', 'a.platform')
      .first()
    if (!row) return
    const now = DateTime.utc()
    const [videoId] = await VideoIngestService.ingestListing(
      { id: Number(row.id), creator_id: Number(row.creator_id), platform: row.platform },
      [
        {
          id: published.platformVideoId,
          title: request.title,
          publishedAt: now.toISO(),
          url: published.url,
          views: 0,
          likes: 0,
          comments: 0,
          shares: 0,
          danmaku: 0,
          coins: 0,
          favorites: 0,
          durationS: request.video.durationS ? Math.round(request.video.durationS) : null,
          category: request.subcategory ?? request.category,
          tags: request.tags,
          unread: ['likes', 'comments', 'favorites', 'shares', 'danmaku', 'coins'],
        },
      ],
      {
        date: now.toISODate()!,
        complete: false,
        collectedAt: now.toJSDate(),
        adapter: { name: 'upload', source: 'official' },
      }
    )
    const existing = videoId
      ? null
      : await db
          .from('videos')
          .where('account_id', row.id)
          .where('platform_video_id', published.platformVideoId)
          .select('id')
          .first()
    const stored = videoId ?? existing?.id
    if (stored) {
      await db
        .from('upload_publications')
        .where('id', publicationId)
        .update({ video_id: Number(stored) })
    }
  }

  /**
   * Ends task `taskId` when none of its publications is open any more:
   * success (all published), failure (none) or partial; the uploader is
   * notified and a failure is put on the alert dashboard, in the same
   * transaction, once (the status changes from running only once).
   */
  static async finishTask(taskId: number) {
    await db.transaction(async (trx) => {
      const publications = await trx
        .from('upload_publications')
        .where('task_id', taskId)
        .select('platform', 'status', 'error_code')
      if (!publications.length) return
      if (publications.some((row) => !['success', 'failure'].includes(row.status))) return
      const succeeded = publications.filter((row) => row.status === 'success')
      const failed = publications.filter((row) => row.status === 'failure')
      const status: UploadTaskStatus =
        failed.length === 0 ? 'success' : succeeded.length === 0 ? 'failure' : 'partial'
      const stamp = sqlDateTime()
      const changed = affectedRows(
        await trx
          .from('upload_tasks')
          .where('id', taskId)
          .where('status', 'running')
          .update({ status, finished_at: stamp, updated_at: stamp })
      )
      if (!changed) return
      const task = await trx
        .from('upload_tasks')
        .where('id', taskId)
        .select('user_id', 'creator_id', 'title')
        .first()
      const params = {
        title: task.title,
        succeeded: succeeded.map((row) => row.platform).join(','),
        failed: failed.map((row) => row.platform).join(','),
        task: taskId,
      }
      if (task.user_id) {
        await NotificationService.notify(
          {
            kind: status === 'success' ? 'upload_finished' : 'upload_failed',
            userIds: [Number(task.user_id)],
            params,
            link: `/app/upload_main/upload_station?task=${taskId}`,
            dedupeKey: `upload:${taskId}`,
          },
          trx
        )
      }
      if (failed.length) {
        await trx.table('alerts').insert({
          kind: 'upload_failed',
          severity: status === 'failure' ? 'critical' : 'warning',
          creator_id: task.creator_id,
          account_id: null,
          platform: failed.length === 1 ? failed[0].platform : null,
          day: DateTime.utc().toISODate(),
          dedupe_key: `upload_failed:${taskId}`,
          figures: JSON.stringify({
            ...params,
            errors: failed.map((row) => `${row.platform}:${row.error_code ?? 'unknown'}`).join(','),
          }),
          status: 'open',
          last_seen_at: stamp,
          created_at: stamp,
          updated_at: stamp,
        })
      }
    })
  }
}
