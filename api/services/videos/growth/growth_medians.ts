import type { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import {
  GROWTH_FLAG_METRIC,
  GROWTH_MEDIAN_MIN_VIDEOS,
  GROWTH_MEDIAN_VIDEOS,
  median,
  type GrowthCounters,
  type GrowthFlag,
  type GrowthFlagKind,
  type WindowMedian,
} from '#shared/growth'
import { GROWTH_WINDOWS, VIDEO_METRICS } from '#shared/videos'
import { chunks } from '#support/chunks'
import { utcOf } from '#support/dates'
import { sqlDateTime } from '#support/sql'

/** A video whose creator's median is wanted: previous videos are those uploaded before it. */
interface MedianSubject {
  id: number
  creatorId: number
  publishedAt: DateTime | null
}

/** The thresholds of the flags (the alert rules videoSurgeMultiplier and videoUnderRatio). */
interface FlagRules {
  videoSurgeMultiplier: number
  videoUnderRatio: number
}

interface MeasuredRow {
  videoId: number
  windowHours: number
  publishedAt: number
  counters: Record<string, number>
}

/** How far back a creator's previous videos are read. */
const HISTORY_DAYS = 365

/**
 * A creator's median growth curve: for a video, the median of each counter
 * at each window over the creator's previous videos (uploaded before it,
 * the newest GROWTH_MEDIAN_VIDEOS with that window taken or late), with the
 * number of videos it is based on. A video is flagged at a window when its
 * views are at least `videoSurgeMultiplier` times the median (out) or at
 * most `videoUnderRatio` times it (under) — only when the median rests on
 * at least GROWTH_MEDIAN_MIN_VIDEOS videos.
 */
export default class GrowthMedians {
  /** The medians of each subject, by video id. */
  static async of(subjects: MedianSubject[]): Promise<Map<number, WindowMedian[]>> {
    const result = new Map<number, WindowMedian[]>()
    const dated = subjects.filter((subject) => subject.publishedAt)
    for (const subject of subjects) {
      if (!subject.publishedAt)
        result.set(
          subject.id,
          GROWTH_WINDOWS.map((hours) => empty(hours, 0))
        )
    }
    if (!dated.length) return result

    const history = await this.#history(dated)
    for (const subject of dated) {
      const before = subject.publishedAt!.toMillis()
      const rows = (history.get(subject.creatorId) ?? []).filter(
        (row) =>
          row.videoId !== subject.id &&
          (row.publishedAt < before || (row.publishedAt === before && row.videoId < subject.id))
      )
      result.set(
        subject.id,
        GROWTH_WINDOWS.map((hours) => {
          const previous = rows
            .filter((row) => row.windowHours === hours)
            .slice(0, GROWTH_MEDIAN_VIDEOS)
          if (!previous.length) return empty(hours, 0)
          const counters = Object.fromEntries(
            VIDEO_METRICS.map((metric) => [
              metric,
              roundMedian(median(previous.map((row) => row.counters[metric]))),
            ])
          ) as GrowthCounters
          return { window_hours: hours, ...counters, videos: previous.length }
        })
      )
    }
    return result
  }

  /** Flags of a video's measured windows against its median. */
  static flags(
    points: { window_hours: number; status: string; views: number | null }[],
    medians: WindowMedian[],
    rules: FlagRules
  ): GrowthFlag[] {
    const flags: GrowthFlag[] = []
    for (const point of points) {
      if (point.status !== 'taken' && point.status !== 'late') continue
      const base = medians.find((row) => row.window_hours === point.window_hours)
      const middle = base?.[GROWTH_FLAG_METRIC]
      const value = point[GROWTH_FLAG_METRIC as 'views']
      if (!base || base.videos < GROWTH_MEDIAN_MIN_VIDEOS || !middle || value === null) continue
      const ratio = value / middle
      const flag: GrowthFlagKind | null =
        ratio >= rules.videoSurgeMultiplier
          ? 'out'
          : ratio <= rules.videoUnderRatio
            ? 'under'
            : null
      if (flag) {
        flags.push({
          window_hours: point.window_hours,
          metric: GROWTH_FLAG_METRIC,
          flag,
          value,
          median: middle,
          ratio: Math.round(ratio * 100) / 100,
          videos: base.videos,
        })
      }
    }
    return flags
  }

  /** Measured windows of the subjects' creators, newest upload first, by creator. */
  static async #history(subjects: MedianSubject[]) {
    const creators = [...new Set(subjects.map((subject) => subject.creatorId))]
    const newest = Math.max(...subjects.map((subject) => subject.publishedAt!.toMillis()))
    const oldest = Math.min(...subjects.map((subject) => subject.publishedAt!.toMillis()))
    const upTo = subjects.find(
      (subject) => subject.publishedAt!.toMillis() === newest
    )!.publishedAt!
    const from = subjects
      .find((subject) => subject.publishedAt!.toMillis() === oldest)!
      .publishedAt!.minus({ days: HISTORY_DAYS })
    const byCreator = new Map<number, MeasuredRow[]>()
    for (const part of chunks(creators, 200)) {
      const rows = await db
        .from('video_growth_points as g')
        .join('videos as v', 'v.id', 'g.video_id')
        .whereIn('g.creator_id', part)
        .whereIn('g.status', ['taken', 'late'])
        .where('v.published_at', '<=', sqlDateTime(upTo))
        .where('v.published_at', '>=', sqlDateTime(from))
        .orderBy('v.published_at', 'desc')
        .orderBy('g.video_id', 'desc')
        .select(
          'g.video_id',
          'g.creator_id',
          'g.window_hours',
          'v.published_at',
          ...VIDEO_METRICS.map((metric) => `g.${metric}`)
        )
      for (const row of rows) {
        const list = byCreator.get(Number(row.creator_id)) ?? []
        list.push({
          videoId: Number(row.video_id),
          windowHours: Number(row.window_hours),
          publishedAt: utcOf(row.published_at)!.toMillis(),
          counters: Object.fromEntries(
            VIDEO_METRICS.map((metric) => [metric, Number(row[metric] ?? 0)])
          ),
        })
        byCreator.set(Number(row.creator_id), list)
      }
    }
    return byCreator
  }
}

function empty(hours: number, videos: number): WindowMedian {
  const counters = Object.fromEntries(VIDEO_METRICS.map((metric) => [metric, null]))
  return { window_hours: hours, ...(counters as GrowthCounters), videos }
}

/** Medians of whole counts stay whole unless they fall between two (x.5). */
function roundMedian(value: number | null) {
  return value === null ? null : Math.round(value * 10) / 10
}
