import type User from '#models/user'
import Video from '#models/video'
import VideoSnapshot from '#models/video_snapshot'
import VideoGrowthPoint from '#models/video_growth_point'
import StudioException from '#exceptions/studio_exception'
import { countersOf, presentVideo } from '#services/videos/video_presenter'
import type { ComparePointJson, CompareRowJson, VideoComparisonJson } from '#shared/video_api'
import { withCreatorName } from '#services/videos/video_query'
import { audienceKey } from '#services/videos/video_read_service'
import GrowthAnswersCache from '#services/videos/growth/growth_answers_cache'
import { GROWTH_WINDOWS } from '#shared/videos'

/** The ages (hours since upload) the compare table lines the videos up at. */
const COMPARE_HOURS = [...GROWTH_WINDOWS, 72, 96, 120, 168, 336, 720] as number[]

export type ComparePoint = ComparePointJson
type CompareVideo = VideoComparisonJson['videos'][number]
type CompareRow = CompareRowJson
export type VideoComparison = VideoComparisonJson

function round(hours: number) {
  return Math.round(hours * 100) / 100
}

/**
 * The video compare (SPEC §2 'Video Compare'): up to VIDEO_COMPARE_MAX
 * videos, each with its readings placed at their age (daily snapshots at
 * collected_at − published_at, growth-hacking windows at their real age),
 * and a table of every video at COMPARE_HOURS.
 */
export default class VideoCompareService {
  static async compare(user: Pick<User, 'id' | 'role'>, ids: number[]): Promise<VideoComparison> {
    return GrowthAnswersCache.remember(`compare:${audienceKey(user)}:${ids.join(',')}`, () =>
      this.#compare(user, ids)
    )
  }

  static async #compare(user: Pick<User, 'id' | 'role'>, ids: number[]): Promise<VideoComparison> {
    const videos = await withCreatorName(
      Video.query()
        .withScopes((scopes) => scopes.visibleTo(user))
        .whereIn('videos.id', ids)
    )
    if (videos.length !== ids.length) {
      throw new StudioException('videos.errors.compare_unknown', { status: 404 })
    }
    const [snapshots, windows] = await Promise.all([
      VideoSnapshot.query().whereIn('video_id', ids).orderBy('snapshot_date', 'asc'),
      VideoGrowthPoint.query()
        .whereIn('video_id', ids)
        .whereIn('status', ['taken', 'late'])
        .orderBy('window_hours', 'asc'),
    ])
    const byId = new Map(videos.map((video) => [video.id, video]))
    const compared = ids.map((id) => {
      const video = byId.get(id)!
      const points: ComparePoint[] = []
      if (video.publishedAt) {
        for (const snapshot of snapshots) {
          if (snapshot.videoId !== id) continue
          points.push({
            age_hours: round(snapshot.collectedAt.diff(video.publishedAt, 'hours').hours),
            kind: 'daily',
            at: snapshot.collectedAt.toUTC().toISO(),
            ...countersOf(snapshot),
          })
        }
        for (const window of windows) {
          if (window.videoId !== id) continue
          points.push({
            age_hours: round(Number(window.ageHours ?? window.windowHours)),
            kind: 'window',
            at: window.takenAt?.toUTC().toISO() ?? null,
            ...countersOf(window),
          })
        }
      }
      points.sort((a, b) => a.age_hours - b.age_hours)
      return { video: presentVideo(video), points }
    })
    return { videos: compared, table: compareTable(compared) }
  }
}

/** Each video's last reading at or before each of COMPARE_HOURS. */
function compareTable(videos: CompareVideo[], hours = COMPARE_HOURS): CompareRow[] {
  return hours.map((hour) => ({
    hours: hour,
    values: videos.map(({ points }) => {
      let found: ComparePoint | null = null
      for (const point of points) if (point.age_hours <= hour) found = point
      const newest = points.at(-1)
      if (!found || !newest || newest.age_hours < hour) return null
      return countersOf(found)
    }),
  }))
}
