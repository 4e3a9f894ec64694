import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { DateTime } from 'luxon'
import Video from '#models/video'
import type User from '#models/user'
import { LIKE, startingWith } from '#support/like'
import { VIDEO_VIEW_TIERS } from '#shared/videos'
import { queryWordsOf } from '#services/videos/video_words'
import type { VideoFilters } from '#validators/video'

type VideoQuery = ModelQueryBuilderContract<typeof Video, Video>

/** The views bucket of tier `index`: [threshold, next threshold). */
function tierRange(index: number) {
  return { min: VIDEO_VIEW_TIERS[index], max: VIDEO_VIEW_TIERS[index + 1] ?? null }
}

/** Start of an upload day in UTC, as the database compares datetimes. */
function dayStart(day: string) {
  return DateTime.fromISO(day, { zone: 'utc' }).toFormat('yyyy-MM-dd HH:mm:ss')
}

/** The ids of the creators of the CP teams `keys` (a subquery). */
export function creatorsOfTeams(keys: string[]) {
  return db
    .from('creators')
    .select('creators.id')
    .whereIn('creators.cp_team_id', db.from('teams').select('id').whereIn('key', keys))
}

/**
 * Narrows `query` (on `videos`) by the shared video filters
 * (api/validators/video.ts). `q` keeps the videos carrying every word of the
 * text (the last one as a prefix): one primary-key range of video_words each.
 */
function applyVideoFilters(query: VideoQuery, filters: VideoFilters) {
  if (filters.platform?.length) query.whereIn('videos.platform', filters.platform)
  if (filters.creator_id?.length) query.whereIn('videos.creator_id', filters.creator_id)
  if (filters.team?.length) query.whereIn('videos.creator_id', creatorsOfTeams(filters.team))
  if (filters.category?.length) query.whereIn('videos.category', filters.category)
  if (filters.published_from) {
    query.where('videos.published_at', '>=', dayStart(filters.published_from))
  }
  if (filters.published_to) {
    const next = DateTime.fromISO(filters.published_to, { zone: 'utc' }).plus({ days: 1 })
    query.where('videos.published_at', '<', dayStart(next.toISODate()!))
  }
  if (filters.tier !== undefined) {
    const { min, max } = tierRange(filters.tier)
    query.where('videos.views', '>=', min)
    if (max !== null) query.where('videos.views', '<', max)
  }
  if (filters.deleted === true) query.whereNotNull('videos.deleted_on')
  if (filters.deleted === false) query.whereNull('videos.deleted_on')
  if (filters.q) {
    const words = queryWordsOf(filters.q)
    if (!words.length) query.whereRaw('1 = 0')
    words.forEach((word, index) => {
      query.whereIn('videos.id', (sub) => {
        sub.from('video_words').select('video_words.video_id')
        if (index === words.length - 1) sub.whereRaw(LIKE, ['video_words.word', startingWith(word)])
        else sub.where('video_words.word', word)
      })
    })
  }
  return query
}

/** The videos `user` may see, narrowed by `filters`. */
export function videoQuery(user: Pick<User, 'id' | 'role'>, filters: VideoFilters) {
  return applyVideoFilters(
    Video.query().withScopes((scopes) => scopes.visibleTo(user)),
    filters
  )
}

/** The creator's brand number and channel name, for lists and cards. */
export function withCreatorName(query: VideoQuery) {
  return query.preload('creator', (creator) => creator.select('id', 'brand_no', 'channel_name'))
}

/** A stable key of the filters (cache keys). */
export function filtersKey(filters: object) {
  return JSON.stringify(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
  )
}
