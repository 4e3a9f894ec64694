import type User from '#models/user'
import Video from '#models/video'
import VideoSnapshot from '#models/video_snapshot'
import type { Page } from '#support/pagination'
import { countUpTo, pageWindow, paginate } from '#support/pagination'
import VideosCache from '#services/videos/videos_cache'
import { presentSnapshot, presentVideo } from '#services/videos/video_presenter'
import type { VideoDetailJson, VideoJson } from '#shared/video_api'
import { filtersKey, videoQuery, withCreatorName } from '#services/videos/video_query'
import type { VideoListParams } from '#validators/video'
import { isAgencySide } from '#shared/roles'
import VideoTallies from '#services/videos/video_tallies'
import { VIDEO_SEARCH_COUNT_CAP } from '#shared/videos'

/** Most rows one list page holds (and the export's ceiling). */
const VIDEO_PAGE_MAX = 100
/** Rows the Excel export of the list holds at most. */
const VIDEO_EXPORT_MAX = 10_000

/** Who sees the same rows: the agency side shares answers, a creator account has its own. */
export function audienceKey(user: Pick<User, 'id' | 'role'>) {
  return isAgencySide(user) ? 'agency' : `user:${user.id}`
}

export type VideoDetail = VideoDetailJson

export default class VideoReadService {
  /** The ordered, filtered query of the list (its sort from VIDEO_SORTS, newest upload first by default). */
  static #ordered(user: Pick<User, 'id' | 'role'>, params: VideoListParams) {
    const { _sort: sort, _order: order, id: ids } = params
    const query = videoQuery(user, params)
    if (ids?.length) query.whereIn('videos.id', ids)
    const direction = (order ?? 'desc').toLowerCase() as 'asc' | 'desc'
    return { query, sort: sort ?? 'published_at', direction }
  }

  /**
   * One page of the videos `user` may see (Refine's `_start`/`_end`, at most
   * VIDEO_PAGE_MAX rows), as presented; the answer is kept per data version.
   */
  static async list(user: Pick<User, 'id' | 'role'>, params: VideoListParams) {
    const key = `list:${audienceKey(user)}:${filtersKey(params)}`
    return VideosCache.remember<Page<VideoJson>>(key, async () => {
      const { query, sort, direction } = this.#ordered(user, params)
      const window = pageWindow(params._start, params._end, { max: VIDEO_PAGE_MAX })
      const shape = (rows: typeof query) =>
        withCreatorName(
          rows.clone().orderBy(`videos.${sort}`, direction).orderBy('videos.id', direction)
        )
      // the total from the tallies when they can answer the filters (not counting a million
      // rows); a word search counts up to its cap (one past it: "more than")
      const tallied = await VideoTallies.counts(user, params)
      const total = tallied
        ? tallied.total
        : params.q
          ? await countUpTo(query, VIDEO_SEARCH_COUNT_CAP + 1, 'videos.id')
          : null
      const page =
        total !== null
          ? { total, rows: await shape(query).offset(window.offset).limit(window.limit) }
          : await paginate(query, window, shape)
      return { total: page.total, rows: page.rows.map((video) => presentVideo(video)) }
    })
  }

  /** Every row of the filtered list, up to VIDEO_EXPORT_MAX (the Excel export). */
  static async all(user: Pick<User, 'id' | 'role'>, params: VideoListParams) {
    const { query, sort, direction } = this.#ordered(user, params)
    const rows = await withCreatorName(query)
      .orderBy(`videos.${sort}`, direction)
      .orderBy('videos.id', direction)
      .limit(VIDEO_EXPORT_MAX)
    return rows.map((video) => presentVideo(video))
  }

  /** A video `user` may see, or a 404. */
  static async find(user: Pick<User, 'id' | 'role'>, id: number) {
    return withCreatorName(
      Video.query()
        .withScopes((scopes) => scopes.visibleTo(user))
        .where('videos.id', id)
    ).firstOrFail()
  }

  /** The video and its daily series (oldest day first). */
  static async detail(user: Pick<User, 'id' | 'role'>, id: number): Promise<VideoDetail> {
    // the video and its daily snapshots: both part of the cache's data version
    return VideosCache.remember(`detail:${audienceKey(user)}:${id}`, () => this.#detail(user, id))
  }

  static async #detail(user: Pick<User, 'id' | 'role'>, id: number): Promise<VideoDetail> {
    const video = await this.find(user, id)
    const snapshots = await VideoSnapshot.query()
      .where('video_id', video.id)
      .orderBy('snapshot_date', 'asc')
    return {
      video: presentVideo(video),
      series: snapshots.map((snapshot) => presentSnapshot(snapshot, video)),
    }
  }
}
