import { rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import logger from '@adonisjs/core/services/logger'
import StudioException from '#exceptions/studio_exception'
import LabsVideoDownloadJob from '#jobs/labs_video_download_job'
import LabsVideoDownload from '#models/labs_video_download'
import type User from '#models/user'
import QueueService from '#queue/main'
import { youtubeVideoId } from '#shared/labs_downloads'
import { lapsedLeases } from '#support/lease'
import { paginate, type PageWindow } from '#support/pagination'
import { affectedRows, isUniqueViolation, sqlDateTime } from '#support/sql'
import VideoDownloadRunner from '#services/labs/video_download_runner'

/**
 * The Labs YouTube download (SPEC §2 'Labs'): a link is checked to be a
 * YouTube video's, recorded as a row whose `active_key` (the video id) is
 * unique while the download is queued or running — the same video asked
 * twice meanwhile gives the download in hand, never a second one — and
 * LabsVideoDownloadJob runs it (VideoDownloadRunner). The list is the
 * studio's (one download per video serves everyone with the labs
 * permission); who asked, or an admin, deletes one with its file.
 */
export default class VideoDownloadService {
  /**
   * A download of `link` for `user`: the new row (`created`), or the one
   * already queued or running for that video.
   */
  static async request(user: User, link: string) {
    const videoId = youtubeVideoId(link)
    if (!videoId) throw new StudioException('labs.video.errors.not_youtube', { status: 422 })
    QueueService.assertAvailable()
    await this.sweep()
    let record: LabsVideoDownload
    try {
      record = await LabsVideoDownload.create({
        userId: user.id,
        videoId,
        activeKey: videoId,
        link: link.trim(),
        status: 'queued',
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      const current = await LabsVideoDownload.findBy('active_key', videoId)
      if (!current) throw error
      return { record: current, created: false }
    }
    try {
      await QueueService.dispatch(LabsVideoDownloadJob, { downloadId: record.id }, { attempts: 1 })
    } catch (error) {
      await this.fail(record.id, 'failed')
      throw error
    }
    return { record, created: true }
  }

  /** The studio's downloads, newest first (a dead run is marked first). */
  static async list(window: PageWindow) {
    await this.sweep()
    return paginate(LabsVideoDownload.query(), window, (query) =>
      query.preload('user').orderBy('id', 'desc')
    )
  }

  static async find(id: number) {
    const record = await LabsVideoDownload.find(id)
    if (!record) throw new StudioException('labs.video.errors.not_found', { status: 404 })
    return record
  }

  /** The saved file of a completed download (409 before, 410 when it is gone from disk). */
  static async file(id: number) {
    const record = await this.find(id)
    if (record.status !== 'completed' || !record.filePath) {
      throw new StudioException('labs.video.errors.not_ready', { status: 409 })
    }
    const path = join(VideoDownloadRunner.folder(), record.filePath)
    const info = await stat(path).catch(() => null)
    if (!info?.isFile()) throw new StudioException('labs.video.errors.file_gone', { status: 410 })
    return { record, path }
  }

  /**
   * Deletes a download and its files (who asked for it, or an admin). One in
   * hand stops: here at once, in another process at its next heartbeat,
   * which finds the row gone.
   */
  static async delete(user: User, id: number) {
    const record = await this.find(id)
    if (user.role !== 'admin' && record.userId !== user.id) {
      throw new StudioException('labs.video.errors.not_yours', { status: 403 })
    }
    await record.delete()
    VideoDownloadRunner.cancel(id)
    await rm(join(VideoDownloadRunner.folder(), String(id)), { recursive: true, force: true })
  }

  /** Marks a download failed with `error`, freeing its video for another download. */
  static async fail(id: number, error: string) {
    await LabsVideoDownload.query()
      .where('id', id)
      .whereIn('status', ['queued', 'running'])
      .update({
        status: 'failed',
        error,
        active_key: null,
        lease_owner: null,
        finished_at: sqlDateTime(),
        updated_at: sqlDateTime(),
      })
  }

  /** Running downloads whose process died (their lease lapsed) end "interrupted", their files removed. */
  static async sweep() {
    const lapsed = await lapsedLeases('labs_video_downloads', (query) =>
      query.where('status', 'running')
    )
    for (const { id, owner } of lapsed) {
      const taken = await LabsVideoDownload.query()
        .where('id', id)
        .where('status', 'running')
        .where((query) =>
          owner ? query.where('lease_owner', owner) : query.whereNull('lease_owner')
        )
        .update({
          status: 'failed',
          error: 'interrupted',
          active_key: null,
          lease_owner: null,
          finished_at: sqlDateTime(),
          updated_at: sqlDateTime(),
        })
      if (!affectedRows(taken)) continue
      logger.warn({ downloadId: id, owner }, 'labs video download interrupted')
      await rm(join(VideoDownloadRunner.folder(), String(id)), { recursive: true, force: true })
    }
  }
}
