import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type User from '#models/user'
import type Video from '#models/video'
import AlertRulesService from '#services/alerts/alert_rules_service'
import GrowthMedians from '#services/videos/growth/growth_medians'
import {
  presentGrowth,
  presentGrowthPoint,
  type GrowthBoardEntry,
} from '#services/videos/growth/growth_presenter'
import type { GrowthPointJson } from '#shared/growth'
import { videoQuery, withCreatorName } from '#services/videos/video_query'
import { audienceKey } from '#services/videos/video_read_service'
import GrowthAnswersCache from '#services/videos/growth/growth_answers_cache'
import { GROWTH_BOARD_DAYS, GROWTH_BOARD_FLAG_SCAN_MAX } from '#shared/growth'
import { chunks } from '#support/chunks'
import { pageWindow, type Page } from '#support/pagination'
import type { GrowthBoardParams } from '#validators/growth'

/**
 * What the growth-hacking screens read: one video's windows against its
 * creator's median (the video detail), and the board of new videos.
 */
export default class GrowthReadService {
  /** GET /api/videos/:id/growth — 404 for a video the user may not see. */
  static async ofVideo(user: Pick<User, 'id' | 'role'>, videoId: number) {
    return GrowthAnswersCache.remember(`growth:${audienceKey(user)}:${videoId}`, () =>
      this.#ofVideo(user, videoId)
    )
  }

  static async #ofVideo(user: Pick<User, 'id' | 'role'>, videoId: number) {
    const video = await videoQuery(user, {}).where('videos.id', videoId).firstOrFail()
    const [entry] = await this.#entries([video])
    return presentGrowth(entry.points, entry.median, entry.flags)
  }

  /**
   * GET /api/growth-board — videos uploaded in the last `days` (7 by
   * default), newest first, each with its windows, its creator's median and
   * its flags; filters platform, creator_id, team and flag (out, under,
   * none: weighed over at most GROWTH_BOARD_FLAG_SCAN_MAX videos).
   */
  static async board(user: Pick<User, 'id' | 'role'>, params: GrowthBoardParams) {
    const days = params.days ?? GROWTH_BOARD_DAYS.default
    const since = DateTime.utc().minus({ days }).startOf('day')
    const query = videoQuery(user, {
      platform: params.platform,
      creator_id: params.creator_id,
      team: params.team,
    })
      .where('videos.published_at', '>=', since.toFormat('yyyy-MM-dd HH:mm:ss'))
      .orderBy('videos.published_at', 'desc')
      .orderBy('videos.id', 'desc')
    const window = pageWindow(params._start, params._end, { size: 20, max: 100 })

    let total: number
    let entries: GrowthBoardEntry[]
    if (params.flag) {
      const candidates = await withCreatorName(query.clone()).limit(GROWTH_BOARD_FLAG_SCAN_MAX)
      const all: GrowthBoardEntry[] = []
      for (const part of chunks(candidates, 200)) all.push(...(await this.#entries(part)))
      const kept = all.filter((entry) =>
        params.flag === 'none'
          ? entry.flags.length === 0
          : entry.flags.some((flag) => flag.flag === params.flag)
      )
      total = kept.length
      entries = kept.slice(window.offset, window.offset + window.limit)
    } else {
      const counted = await query.clone().count('* as total')
      total = Number(counted[0].$extras.total)
      const rows = await withCreatorName(query).offset(window.offset).limit(window.limit)
      entries = await this.#entries(rows)
    }
    const page: Page<GrowthBoardEntry> = { total, rows: entries }
    return page
  }

  static async #entries(videos: Video[]): Promise<GrowthBoardEntry[]> {
    if (!videos.length) return []
    const rules = await AlertRulesService.get()
    const points = new Map<number, GrowthPointJson[]>()
    const ids = videos.map((video) => video.id)
    for (const part of chunks(ids, 500)) {
      const rows = await db
        .from('video_growth_points')
        .whereIn('video_id', part)
        .orderBy('window_hours')
      for (const row of rows) {
        const list = points.get(Number(row.video_id)) ?? []
        list.push(presentGrowthPoint(row))
        points.set(Number(row.video_id), list)
      }
    }
    const medians = await GrowthMedians.of(
      videos.map((video) => ({
        id: video.id,
        creatorId: video.creatorId,
        publishedAt: video.publishedAt,
      }))
    )
    return videos.map((video) => {
      const own = points.get(video.id) ?? []
      const median = medians.get(video.id) ?? []
      return { video, points: own, median, flags: GrowthMedians.flags(own, median, rules) }
    })
  }
}
