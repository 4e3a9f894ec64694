import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Video from '#models/video'
import VideosCache from '#services/videos/videos_cache'
import { audienceKey } from '#services/videos/video_read_service'
import { queryWordsOf } from '#services/videos/video_words'
import { LIKE, startingWith } from '#support/like'
import { isAgencySide } from '#shared/roles'
import { VIDEO_SUGGEST_MAX } from '#shared/videos'
import type { SuggestionsJson } from '#shared/video_api'

/** Video ids read for the title suggestions (the top word's first rows of video_words). */
const TITLE_SCAN = 2_000
/** Titles offered beside the words. */
const TITLE_SUGGESTIONS = 5

export type Suggestions = SuggestionsJson

/**
 * Search suggestions (GET /api/video/suggest_words): the words starting
 * with what was typed (its last word; the words before it must match too
 * for the titles), most used first then by views, and the most viewed
 * titles carrying the best word.
 *
 * Cost: the agency side reads video_word_counts (one primary-key range of
 * the prefix, at most a few thousand words for one character); a creator
 * account counts its own videos' words (a range of video_words joined to
 * its videos, bounded by its own videos). Titles read at most TITLE_SCAN
 * rows of video_words and sort those videos by views.
 */
export default class VideoSearchService {
  static async suggest(
    user: Pick<User, 'id' | 'role'>,
    text: string,
    limit = VIDEO_SUGGEST_MAX
  ): Promise<Suggestions> {
    const words = queryWordsOf(text)
    const prefix = words.at(-1)
    if (!prefix) return { words: [], titles: [] }
    const key = `suggest:${audienceKey(user)}:${limit}:${words.join(' ')}`
    return VideosCache.remember(key, async () => {
      const found = isAgencySide(user)
        ? await this.#agencyWords(prefix, limit)
        : await this.#ownWords(user, prefix, limit)
      const best = found[0]?.word ?? null
      const titles = best ? await this.#titles(user, best, words.slice(0, -1)) : []
      return { words: found, titles }
    })
  }

  static async #agencyWords(prefix: string, limit: number) {
    const rows = await db
      .from('video_word_counts')
      .whereRaw(LIKE, ['word', startingWith(prefix)])
      .orderBy('videos', 'desc')
      .orderBy('views', 'desc')
      .orderBy('word', 'asc')
      .limit(limit)
    return rows.map((row) => ({
      word: String(row.word),
      videos: Number(row.videos),
      views: Number(row.views),
    }))
  }

  static async #ownWords(user: Pick<User, 'id' | 'role'>, prefix: string, limit: number) {
    const visible = Video.query()
      .withScopes((scopes) => scopes.visibleTo(user))
      .whereNull('videos.deleted_on')
      .select('videos.id')
    const rows = await db
      .from('video_words')
      .join('videos', 'videos.id', 'video_words.video_id')
      .where('video_words.whole', true)
      .whereRaw(LIKE, ['video_words.word', startingWith(prefix)])
      .whereIn('video_words.video_id', visible)
      .groupBy('video_words.word')
      .select('video_words.word')
      .count('* as word_videos')
      .sum('videos.views as word_views')
      .orderBy('word_videos', 'desc')
      .orderBy('word_views', 'desc')
      .orderBy('video_words.word', 'asc')
      .limit(limit)
    return rows.map((row) => ({
      word: String(row.word),
      videos: Number(row.word_videos),
      views: Number(row.word_views ?? 0),
    }))
  }

  /** The most viewed visible titles carrying `word` (and the words typed before it). */
  static async #titles(user: Pick<User, 'id' | 'role'>, word: string, before: string[]) {
    const ids = await db
      .from('video_words')
      .where('word', word)
      .select('video_id')
      .limit(TITLE_SCAN)
    if (!ids.length) return []
    const query = Video.query()
      .withScopes((scopes) => scopes.visibleTo(user))
      .whereIn(
        'videos.id',
        ids.map((row) => Number(row.video_id))
      )
      .whereNull('videos.deleted_on')
    for (const other of before) {
      query.whereIn('videos.id', (sub) =>
        sub.from('video_words').select('video_id').where('word', other)
      )
    }
    const rows = await query
      .select('videos.id', 'videos.title', 'videos.views')
      .orderBy('videos.views', 'desc')
      .limit(TITLE_SUGGESTIONS)
    return rows.map((video) => ({ id: video.id, title: video.title, views: video.views }))
  }
}
