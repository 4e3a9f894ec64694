import { DateTime } from 'luxon'
import type { VideoStats } from '#platforms/types'
import type { PlatformKey, SnapshotSource } from '#shared/constants'
import { VIDEO_FIELD_MAX, VIDEO_METRICS, type VideoMetric } from '#shared/videos'

/*
|--------------------------------------------------------------------------
| The rows of `videos` and `video_snapshots` as the ingest writes them
|--------------------------------------------------------------------------
|
| The columns of each table (every upsert writes all of them, in this
| order) and a listed video's answer turned into a `videos` row: its fields
| cut to the columns, its counters as non-negative integers. The daily
| collection (VideoWriter), the backfill and the bench build their rows here.
|
*/

export interface VideoAccount {
  id: number
  creator_id: number
  platform: PlatformKey
}

export const VIDEO_COLUMNS = [
  'account_id',
  'creator_id',
  'platform',
  'platform_video_id',
  'title',
  'tags',
  'category',
  'published_at',
  'duration_s',
  'thumbnail_url',
  'url',
  ...VIDEO_METRICS,
  'views_week',
  'views_month',
  'source',
  'adapter',
  'first_seen_at',
  'last_seen_at',
  'deleted_on',
  'created_at',
  'updated_at',
] as const
export const SNAPSHOT_COLUMNS = [
  'video_id',
  'creator_id',
  'snapshot_date',
  ...VIDEO_METRICS,
  'source',
  'adapter',
  'collected_at',
] as const

export type Cell = string | number | null

/** A text cut to `max` characters (whole code points where it can); null stays null. */
export function cut(value: string | null | undefined, max: number) {
  if (value === null || value === undefined) return null
  return value.length <= max ? value : Array.from(value).slice(0, max).join('').slice(0, max)
}

/** Tags as stored: comma-separated, commas inside a tag replaced. */
export function tagsText(tags: string[] | undefined) {
  if (!tags || tags.length === 0) return null
  const text = tags
    .map((tag) => tag.replace(/,/g, ' ').trim())
    .filter(Boolean)
    .join(',')
  return text ? cut(text, VIDEO_FIELD_MAX.tags) : null
}

function count(value: unknown) {
  const number = Number(value)
  return Number.isFinite(number) && number > 0 ? Math.trunc(number) : 0
}

/**
 * A `videos` row of a listed video: its answer's fields cut to the columns,
 * the counters given (the answer's, or the last known ones it did not read),
 * the week's and month's view gains.
 */
export function videoRow(
  account: VideoAccount,
  item: VideoStats,
  counters: Record<VideoMetric, number>,
  gains: { week: number; month: number },
  meta: {
    source: SnapshotSource
    adapter: string
    firstSeen: string
    lastSeen: string
    deletedOn: string | null
    format: string
  }
): Record<string, Cell> {
  const published = item.publishedAt ? Date.parse(item.publishedAt) : Number.NaN
  const row: Record<string, Cell> = {
    account_id: account.id,
    creator_id: account.creator_id,
    platform: account.platform,
    platform_video_id: item.id,
    title: cut(item.title ?? '', VIDEO_FIELD_MAX.title) ?? '',
    tags: tagsText(item.tags),
    category: cut(item.category, VIDEO_FIELD_MAX.category),
    published_at: Number.isFinite(published)
      ? DateTime.fromMillis(published, { zone: 'utc' }).toFormat(meta.format)
      : null,
    duration_s:
      typeof item.durationS === 'number' && item.durationS >= 0 ? Math.round(item.durationS) : null,
    thumbnail_url: cut(item.thumbnailUrl, VIDEO_FIELD_MAX.url),
    url: cut(item.url, VIDEO_FIELD_MAX.url),
    views_week: gains.week,
    views_month: gains.month,
    source: meta.source,
    adapter: meta.adapter.slice(0, 20),
    first_seen_at: meta.firstSeen,
    last_seen_at: meta.lastSeen,
    deleted_on: meta.deletedOn,
    created_at: meta.firstSeen,
    updated_at: meta.lastSeen,
  }
  for (const metric of VIDEO_METRICS) row[metric] = counters[metric]
  return row
}

/** The counters of an answer (or of a stored row) as stored: non-negative integers. */
export function countersOf(item: Partial<Record<VideoMetric, unknown>>) {
  const values = {} as Record<VideoMetric, number>
  for (const metric of VIDEO_METRICS) values[metric] = count(item[metric])
  return values
}
