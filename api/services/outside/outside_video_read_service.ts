import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import OutsideVideo from '#models/outside_video'
import OutsideVideoPoint from '#models/outside_video_point'
import OutsideCrawlRun from '#models/outside_crawl_run'
import { queryWordsOf, searchWordsOf, wholeWordsOf } from '#services/videos/video_words'
import { paginate, pageWindow, type Page } from '#support/pagination'
import { containing, whereAnyLike } from '#support/like'
import { sqlDateTime } from '#support/sql'
import { GROWTH_WINDOWS } from '#shared/videos'
import {
  OUTSIDE_COMPARE_SAMPLE,
  OUTSIDE_DEFAULT_WINDOW,
  OUTSIDE_POINTS_MAX,
  OUTSIDE_SEARCH_SCAN_MAX,
  quantile,
  standingOf,
  windowPointOf,
  windowRange,
  windowStatusOf,
  type OutsideComparisonJson,
  type OutsideWindowJson,
} from '#shared/outside_videos'
import type { OutsideVideoListParams } from '#validators/outside_videos'

type OutsideVideoQuery = ModelQueryBuilderContract<typeof OutsideVideo, OutsideVideo>

/** Crawls shown on the detail. */
const DETAIL_RUNS = 10

/**
 * The views of the point a growth window reads (windowPointOf in SQL): the
 * point of the window's age range nearest the window, the earlier of two as
 * near. Null when the video has none.
 */
function windowViewsSql(hours: number) {
  const { from, to } = windowRange(hours)
  return {
    sql:
      '(select p.views from outside_video_points p where p.outside_video_id = outside_videos.id' +
      ' and p.age_hours >= ? and p.age_hours < ?' +
      ' order by abs(p.age_hours - ?) asc, p.age_hours asc limit 1)',
    bindings: [from, to, hours],
  }
}

/** Start of an upload day in UTC, as the database compares datetimes. */
function dayStart(day: string) {
  return sqlDateTime(DateTime.fromISO(day, { zone: 'utc' }))
}

/** Every word of `words` is a word of the video (the last one as a prefix), as the managed search has it. */
function carriesWords(document: Set<string>, words: string[]) {
  return words.every((word, index) => {
    if (index < words.length - 1) return document.has(word)
    for (const own of document) if (own.startsWith(word)) return true
    return false
  })
}

/**
 * Outside videos read (issue 29 "Outside videos"): the list with its search,
 * filters and sorts, a video's counters over time and growth windows, and
 * its comparison with the agency's own videos of the same age.
 */
export default class OutsideVideoReadService {
  /** The filtered list, one page of it. */
  static async list(params: OutsideVideoListParams): Promise<Page<OutsideVideo>> {
    const query = this.#filtered(params)
    if (params.q) {
      const ids = await this.#searchIds(query.clone(), params.q)
      query.whereIn('outside_videos.id', ids.length ? ids : [0])
    }
    const window = pageWindow(params._start, params._end, { size: 20, max: 200 })
    const hours = params.window ?? OUTSIDE_DEFAULT_WINDOW
    const direction = (params._order ?? 'desc').toLowerCase() as 'asc' | 'desc'
    return paginate(query, window, (page) => {
      const views = windowViewsSql(hours)
      page
        .select('outside_videos.*')
        .select(db.raw(`${views.sql} as window_views`, views.bindings))
        .preload('outsideCreator', (creator) => creator.select('id', 'name', 'uid', 'platform'))
      const sort = params._sort ?? 'published_at'
      if (sort === 'growth') {
        // videos without the window's point last, whichever the direction
        page.orderByRaw(`${views.sql} is null asc`, views.bindings)
        page.orderByRaw(`${views.sql} ${direction}`, views.bindings)
      } else if (sort === 'published_at') {
        page.orderByRaw('outside_videos.published_at is null asc')
        page.orderBy('outside_videos.published_at', direction)
      } else {
        page.orderBy(`outside_videos.${sort}`, direction)
      }
      return page.orderBy('outside_videos.id', direction)
    })
  }

  /** The video with its counters over time, its windows and its last crawls. */
  static async detail(id: number, now: DateTime = DateTime.utc()) {
    const video = await OutsideVideo.query()
      .where('id', id)
      .preload('outsideCreator', (creator) => creator.select('id', 'name', 'uid', 'platform'))
      .firstOrFail()
    const points = await this.points(video.id)
    const runs = await OutsideCrawlRun.query()
      .where('outside_video_id', video.id)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DETAIL_RUNS)
    return { video, points, windows: this.windows(video, points, now), runs }
  }

  /** The newest OUTSIDE_POINTS_MAX points of a video, oldest first. */
  static async points(videoId: number) {
    const newest = await OutsideVideoPoint.query()
      .where('outside_video_id', videoId)
      .orderBy('taken_at', 'desc')
      .limit(OUTSIDE_POINTS_MAX)
    return newest.reverse()
  }

  /**
   * The 6/12/24/48/60 h windows read from the points (windowPointOf): each
   * with the real age of its point, its status, and the views gained since
   * the window before it (since upload for the first).
   */
  static windows(
    video: Pick<OutsideVideo, 'publishedAt'>,
    points: OutsideVideoPoint[],
    now: DateTime = DateTime.utc()
  ): OutsideWindowJson[] {
    const published = video.publishedAt
    const ageNow = published ? now.diff(published, 'hours').hours : null
    const aged = points.map((point) => ({ point, age_hours: published ? point.ageHours : null }))
    let previous: number | null = 0
    return GROWTH_WINDOWS.map((hours) => {
      const found = windowPointOf(aged, hours)?.point ?? null
      const views = found ? found.views : null
      const gain = views !== null && previous !== null ? views - previous : null
      previous = views
      return {
        window_hours: hours,
        status: windowStatusOf(hours, found?.ageHours ?? null, ageNow),
        due_at: published ? published.plus({ hours }).toUTC().toISO() : null,
        taken_at: found ? found.takenAt.toUTC().toISO() : null,
        age_hours: found?.ageHours ?? null,
        views,
        likes: found ? found.likes : null,
        comments: found ? found.comments : null,
        shares: found ? found.shares : null,
        views_gain: gain,
      }
    })
  }

  /**
   * The agency's own videos of the same platform at each window (the newest
   * OUTSIDE_COMPARE_SAMPLE measured — taken or late — listed videos):
   * quartiles of their views, and where this video's views at that window
   * stand among them (the share with fewer views, and its quartile).
   */
  static async comparison(id: number, now: DateTime = DateTime.utc()) {
    const video = await OutsideVideo.findOrFail(id)
    const windows = this.windows(video, await this.points(video.id), now)
    const result: OutsideComparisonJson[] = []
    for (const window of windows) {
      const rows = await db
        .from('video_growth_points as g')
        .join('videos as v', 'v.id', 'g.video_id')
        .where('v.platform', video.platform)
        .whereNull('v.deleted_on')
        .where('g.window_hours', window.window_hours)
        .whereIn('g.status', ['taken', 'late'])
        .whereNotNull('g.views')
        .orderBy('v.published_at', 'desc')
        .orderBy('g.video_id', 'desc')
        .limit(OUTSIDE_COMPARE_SAMPLE)
        .select('g.views')
      const sorted = rows.map((row) => Number(row.views)).sort((a, b) => a - b)
      const p25 = quantile(sorted, 0.25)
      const middle = quantile(sorted, 0.5)
      const p75 = quantile(sorted, 0.75)
      const views = window.views
      const measured = views !== null && sorted.length > 0
      result.push({
        window_hours: window.window_hours,
        videos: sorted.length,
        p25,
        median: middle,
        p75,
        views,
        percentile: measured
          ? Math.round((100 * sorted.filter((value) => value < views).length) / sorted.length)
          : null,
        standing: measured ? standingOf(views, { p25: p25!, median: middle!, p75: p75! }) : null,
      })
    }
    return { video, windows: result }
  }

  /** The filters other than the words. */
  static #filtered(params: OutsideVideoListParams): OutsideVideoQuery {
    const query = OutsideVideo.query()
    if (params.platform?.length) query.whereIn('outside_videos.platform', params.platform)
    if (params.origin) query.where('outside_videos.origin', params.origin)
    if (params.state) query.where('outside_videos.state', params.state)
    if (params.outside_creator_id) {
      query.where('outside_videos.outside_creator_id', params.outside_creator_id)
    }
    if (params.published_from) {
      query.where('outside_videos.published_at', '>=', dayStart(params.published_from))
    }
    if (params.published_to) {
      const next = DateTime.fromISO(params.published_to, { zone: 'utc' }).plus({ days: 1 })
      query.where('outside_videos.published_at', '<', dayStart(next.toISODate()!))
    }
    return query
  }

  /**
   * The ids of the videos whose title and channel name carry every word of
   * `text`, cut as the managed videos' search cuts it (video_words.ts: the
   * board's jieba): the titles holding each word are read first (at most
   * OUTSIDE_SEARCH_SCAN_MAX), then weighed by their words.
   */
  static async #searchIds(query: OutsideVideoQuery, text: string): Promise<number[]> {
    const words = queryWordsOf(text)
    if (!words.length) return []
    for (const word of words) {
      whereAnyLike(query, ['outside_videos.title', 'outside_videos.channel_name'], containing(word))
    }
    const rows = await query
      .select('outside_videos.id', 'outside_videos.title', 'outside_videos.channel_name')
      .orderBy('outside_videos.id', 'desc')
      .limit(OUTSIDE_SEARCH_SCAN_MAX)
    return rows
      .filter((row) => {
        const extra = row.channelName ? [row.channelName] : []
        const document = searchWordsOf(row.title, extra)
        for (const word of wholeWordsOf(row.title, extra)) document.add(word)
        return carriesWords(document, words)
      })
      .map((row) => row.id)
  }
}
