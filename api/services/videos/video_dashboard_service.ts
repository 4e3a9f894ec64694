import type User from '#models/user'
import VideosCache from '#services/videos/videos_cache'
import { presentVideo, type VideoJson } from '#services/videos/video_presenter'
import type { RateRiserJson, VideoDashboardJson } from '#shared/video_api'
import { filtersKey, videoQuery, withCreatorName } from '#services/videos/video_query'
import { audienceKey } from '#services/videos/video_read_service'
import { countOf } from '#support/sql'
import VideoTallies from '#services/videos/video_tallies'
import { VIDEO_TOP_SIZE, VIDEO_VIEW_TIERS } from '#shared/videos'
import type { VideoFilters } from '#validators/video'

/**
 * A rapid riser by rate needs at least this many views before the week (a
 * video at 50 views that reaches 5,000 is not news), and is picked among the
 * RATE_CANDIDATES biggest weekly gains (an index range of views_week; the
 * rate itself has no index).
 */
const RAPID_RISE_MIN_BASE = 1_000
const RATE_CANDIDATES = 500

type RateRiser = RateRiserJson
export type VideoDashboard = VideoDashboardJson

/**
 * The video dashboard (SPEC §2 'Video Dashboard'): weekly rapid-rise top 10
 * (by views gained this week, and by that gain's rate over the views
 * before), monthly top 10, the saves and shares tops, the count per view
 * tier and the newest uploads — all through the shared filters, on the
 * videos still listed (deleted ones only when `deleted` asks for them).
 * Every list is an index range (views_week, views_month, favorites, shares,
 * published_at); the answer is kept per data version and audience.
 */
export default class VideoDashboardService {
  static async dashboard(user: Pick<User, 'id' | 'role'>, filters: VideoFilters) {
    const key = `dashboard:${audienceKey(user)}:${filtersKey(filters)}`
    return VideosCache.remember<VideoDashboard>(key, () => this.#compute(user, filters))
  }

  static async #compute(
    user: Pick<User, 'id' | 'role'>,
    given: VideoFilters
  ): Promise<VideoDashboard> {
    const filters: VideoFilters = { ...given, deleted: given.deleted ?? false }
    const top = async (column: string, size = VIDEO_TOP_SIZE) => {
      const rows = await withCreatorName(videoQuery(user, filters))
        .where(`videos.${column}`, '>', 0)
        .orderBy(`videos.${column}`, 'desc')
        .orderBy('videos.id', 'desc')
        .limit(size)
      return rows.map((video) => presentVideo(video))
    }
    const recentRows = await withCreatorName(videoQuery(user, filters))
      .whereNotNull('videos.published_at')
      .orderBy('videos.published_at', 'desc')
      .orderBy('videos.id', 'desc')
      .limit(VIDEO_TOP_SIZE)

    // the counts from the tallies when they can answer the filters, else counted live
    const counts = async () => {
      const tallied = await VideoTallies.counts(user, filters)
      if (tallied) return tallied
      const [tiers, [row]] = await Promise.all([
        this.#tiers(user, filters),
        videoQuery(user, filters).count('* as total'),
      ])
      return { tiers, total: countOf(row) }
    }
    const [weekly, candidates, monthly, favorites, shares, { tiers, total }] = await Promise.all([
      top('views_week'),
      top('views_week', RATE_CANDIDATES),
      top('views_month'),
      top('favorites'),
      top('shares'),
      counts(),
    ])
    return {
      weekly_top: weekly,
      weekly_rate_top: rateTop(candidates),
      monthly_top: monthly,
      favorites_top: favorites,
      shares_top: shares,
      recent: recentRows.map((video) => presentVideo(video)),
      tiers,
      total,
    }
  }

  /**
   * Videos per views bucket, one count per tier (an index range of views
   * each), when the tallies cannot answer the filters. The tier filter does not narrow them, so the chips keep showing
   * every tier's count.
   */
  static async #tiers(user: Pick<User, 'id' | 'role'>, filters: VideoFilters) {
    return Promise.all(
      VIDEO_VIEW_TIERS.map(async (min, tier) => {
        const max = VIDEO_VIEW_TIERS[tier + 1] ?? null
        const query = videoQuery(user, { ...filters, tier: undefined })
        query.where('videos.views', '>=', min)
        if (max !== null) query.where('videos.views', '<', max)
        const [row] = await query.count('* as total')
        return { tier, min, max, videos: countOf(row) }
      })
    )
  }
}

/**
 * The weekly risers by rate: gain ÷ views before the week, among videos
 * with at least RAPID_RISE_MIN_BASE views before it; ties by the bigger gain.
 */
function rateTop(candidates: VideoJson[], size = VIDEO_TOP_SIZE): RateRiser[] {
  return candidates
    .map((video) => ({ video, before: video.views - video.views_week }))
    .filter(({ before }) => before >= RAPID_RISE_MIN_BASE)
    .map(({ video, before }) => ({ ...video, rate: video.views_week / before }))
    .sort((a, b) => b.rate - a.rate || b.views_week - a.views_week || b.id - a.id)
    .slice(0, size)
}
