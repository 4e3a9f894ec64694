import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import OutsideVideo from '#models/outside_video'
import StudioException from '#exceptions/studio_exception'
import { parseVideoLink } from '#services/outside/links'
import { isUniqueViolation } from '#support/sql'
import { leaseLapsed } from '#support/lease'
import type { Actor } from '#support/actor'
import type { OutsideVideoStoreInput, OutsideVideoUpdateInput } from '#validators/outside_videos'

/**
 * Outside videos written (issue 29 "Outside videos"): a single video added
 * by its link, its tracking started or stopped, the video removed. The
 * crawls themselves are the crawl engine's (crawl_service.ts); a video added
 * or started is due at once, so the engine's sweep reads it first.
 */
export default class OutsideVideoService {
  /**
   * Tracks the video `input.link` names (origin 'link'). A video already
   * tracked — by its link or among an outside creator's uploads — answers
   * 409 naming it, also when two people add it at the same moment.
   */
  static async add(input: OutsideVideoStoreInput, actor: Actor): Promise<OutsideVideo> {
    const ref = parseVideoLink(input.link, input.platform ?? null)
    // the validator has read the same link; this only narrows the type
    if (!ref) throw new StudioException('outside_videos.errors.bad_link', { status: 422 })
    const existing = await OutsideVideo.query()
      .where('platform', ref.platform)
      .where('platform_video_id', ref.videoId)
      .select('id')
      .first()
    if (existing) throw this.#duplicate(existing.id)
    const now = DateTime.utc()
    try {
      return await OutsideVideo.create({
        origin: 'link',
        platform: ref.platform,
        platformVideoId: ref.videoId,
        url: ref.url,
        title: '',
        state: 'running',
        nextRunAt: now,
        userId: actor.user.id,
        firstSeenAt: now,
        lastSeenAt: now,
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      const raced = await OutsideVideo.query()
        .where('platform', ref.platform)
        .where('platform_video_id', ref.videoId)
        .select('id')
        .firstOrFail()
      throw this.#duplicate(raced.id)
    }
  }

  /**
   * Starts or stops the tracking of a video. A started video is due now
   * (unless it is due sooner); a stopped one keeps no due time, so no crawl
   * is planned for it. A crawl already in hand finishes.
   */
  static async setState(id: number, input: OutsideVideoUpdateInput): Promise<OutsideVideo> {
    return db.transaction(async (trx) => {
      const video = await OutsideVideo.query({ client: trx })
        .where('id', id)
        .forUpdate()
        .firstOrFail()
      if (video.state !== input.state) {
        const now = DateTime.utc()
        video.state = input.state
        video.nextRunAt =
          input.state === 'stopped'
            ? null
            : video.nextRunAt && video.nextRunAt < now
              ? video.nextRunAt
              : now
        await video.save()
      }
      return video
    })
  }

  /**
   * Removes a video with its points and its crawl history, in one
   * transaction. A video whose crawl is in hand answers 409 (wait for the
   * crawl to end); a lease its holder abandoned does not hold it back.
   */
  static async remove(id: number): Promise<void> {
    await db.transaction(async (trx) => {
      const video = await OutsideVideo.query({ client: trx })
        .where('id', id)
        .forUpdate()
        .firstOrFail()
      const held = { owner: video.leaseOwner, heartbeatAt: video.heartbeatAt }
      if (!leaseLapsed(held, 'outside_videos')) {
        throw new StudioException('outside_videos.errors.crawling', { status: 409 })
      }
      await trx.from('outside_crawl_runs').where('outside_video_id', video.id).delete()
      await trx.from('outside_video_points').where('outside_video_id', video.id).delete()
      await video.delete()
    })
  }

  static #duplicate(id: number) {
    return new StudioException('outside_videos.errors.duplicate', { status: 409, data: { id } })
  }
}
