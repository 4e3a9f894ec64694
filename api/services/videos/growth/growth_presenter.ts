import type Video from '#models/video'
import type { GrowthFlag, GrowthJson, GrowthPointJson, WindowMedian } from '#shared/growth'
import { presentVideo } from '#services/videos/video_presenter'
import { VIDEO_METRICS, type GrowthPointStatus } from '#shared/videos'
import { utcOf } from '#support/dates'

/** A video_growth_points row read by a plain query. */
export function presentGrowthPoint(row: Record<string, any>): GrowthPointJson {
  const point = {
    window_hours: Number(row.window_hours),
    status: row.status as GrowthPointStatus,
    due_at: utcOf(row.due_at)?.toISO() ?? null,
    taken_at: utcOf(row.taken_at)?.toISO() ?? null,
    age_hours: row.age_hours === null || row.age_hours === undefined ? null : Number(row.age_hours),
  } as GrowthPointJson
  for (const metric of VIDEO_METRICS) {
    point[metric] = row[metric] === null || row[metric] === undefined ? null : Number(row[metric])
  }
  return point
}

/**
 * A video's growth: `points` (its windows), `median` (its creator's median
 * at each window over `videos` previous videos) and `flags` (windows where
 * it out- or under-performs that median). The video detail screen reads
 * exactly this shape.
 */
export function presentGrowth(
  points: GrowthPointJson[],
  median: WindowMedian[],
  flags: GrowthFlag[]
): GrowthJson {
  return { points, median, flags }
}

/** A video of the board with its windows, its creator's median and its flags. */
export interface GrowthBoardEntry {
  video: Video
  points: GrowthPointJson[]
  median: WindowMedian[]
  flags: GrowthFlag[]
}

/** One row of the board: the video as every list shows it, with its growth. */
export function presentBoardEntry(entry: GrowthBoardEntry) {
  return {
    ...presentVideo(entry.video),
    growth: presentGrowth(entry.points, entry.median, entry.flags),
  }
}
