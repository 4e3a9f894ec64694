import { DateTime } from 'luxon'
import { count, type Json } from '#platforms/open_http'
import { PlatformError, type VideoStats } from '#platforms/types'

/*
| Reading the Baijiahao open API's answers (haokan.ts): the page of a list
| (data.page), the items of articleListall (an object keyed by article id, or
| a list), one article, and articleStatistics' counters, where -1 means
| "获取失败" (Baijiahao could not read that counter now).
*/

export type { Json }

export interface Article {
  id: string
  title: string
  url: string | null
  publishedAt: string | null
}

/** The six counters of query/articleStatistics; null where Baijiahao answered -1. */
export interface ArticleCounters {
  views: number | null
  likes: number | null
  comments: number | null
  shares: number | null
  favorites: number | null
  recommends: number | null
}

export function badResponse(path: string, what: string) {
  return new PlatformError(
    'haokan',
    'bad_response',
    `Baijiahao's answer to ${path} lacks ${what}`,
    {
      retryable: false,
    }
  )
}

function objectOf(value: unknown): Json | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null
}

/** A count as a non-negative integer; absent → `absent`, -1 (or any negative) → null. */
function countOf(value: unknown, absent: number | null = 0): number | null {
  if (value === undefined || value === null || value === '') return absent
  const number = Number(value)
  if (Number.isFinite(number) && number < 0) return null
  return count(value)
}

/** data.page of a list answer: its total (total_count, items_count) and whether more follow. */
export function pageOf(data: Json, path: string) {
  const page = objectOf(data.page)
  if (!page) throw badResponse(path, 'data.page')
  const totalValue = page.total_count ?? page.items_count ?? page.total
  const total = totalValue === undefined ? null : countOf(totalValue, null)
  const next = page.has_next
  const hasNext = next === undefined || next === null ? null : next === true || Number(next) === 1
  return { total, hasNext }
}

/** The items of a list answer: data.items as an object keyed by id or as a list. */
export function itemsOf(data: Json, path: string): Json[] {
  const items = data.items ?? data.list
  if (items === undefined || items === null) return []
  const values = Array.isArray(items) ? items : objectOf(items) ? Object.values(items) : null
  if (!values) throw badResponse(path, 'data.items')
  return values.map((item) => {
    const value = objectOf(item)
    if (!value) throw badResponse(path, 'data.items[]')
    return value
  })
}

/** One article of articleListall ({article_id, nid, title, type, status, collection, article_url, updated_at}). */
export function articleOf(item: Json, path: string): Article {
  const raw = item.article_id
  const id = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : ''
  if (!id) throw badResponse(path, 'items[].article_id')
  const url = typeof item.article_url === 'string' && item.article_url ? item.article_url : null
  return {
    id,
    title: typeof item.title === 'string' ? item.title : '',
    url,
    publishedAt: beijingTime(item.updated_at),
  }
}

/**
 * A time as the open API writes it: "2019-07-11 15:12:28" (China time),
 * unix seconds or milliseconds, or ISO 8601; null when unreadable.
 */
export function beijingTime(value: unknown): string | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{9,13}$/.test(value))) {
    const number = Number(value)
    if (!Number.isFinite(number) || number <= 0) return null
    const ms = number < 1e12 ? number * 1000 : number
    return DateTime.fromMillis(ms).toUTC().toISO()
  }
  if (typeof value !== 'string' || !value.trim()) return null
  const text = value.trim()
  const local = DateTime.fromFormat(text, 'yyyy-MM-dd HH:mm:ss', { zone: 'Asia/Shanghai' })
  const parsed = local.isValid ? local : DateTime.fromISO(text, { zone: 'Asia/Shanghai' })
  return parsed.isValid ? parsed.toUTC().toISO() : null
}

/** articleStatistics' data as counters (-1 = 获取失败 → null). */
export function countersOf(data: Json, path: string): ArticleCounters {
  if (data.view_count === undefined) throw badResponse(path, 'data.view_count')
  return {
    views: countOf(data.view_count),
    likes: countOf(data.likes_count),
    comments: countOf(data.comment_count),
    shares: countOf(data.share_count),
    favorites: countOf(data.collect_count),
    recommends: countOf(data.recommend_count),
  }
}

/**
 * An article with its counters as VideoStats. Counters Baijiahao could not
 * read (-1) are listed in `unread`; danmaku and coins do not exist (0). The
 * listing gives no length, category, cover or tags.
 */
export function videoStats(article: Article, counters: ArticleCounters): VideoStats {
  const unread: NonNullable<VideoStats['unread']> = []
  const read = (name: 'likes' | 'comments' | 'shares' | 'favorites') => {
    const value = counters[name]
    if (value === null) unread.push(name)
    return value ?? 0
  }
  return {
    id: article.id,
    title: article.title,
    publishedAt: article.publishedAt,
    url: article.url,
    views: counters.views ?? 0,
    likes: read('likes'),
    comments: read('comments'),
    shares: read('shares'),
    favorites: read('favorites'),
    danmaku: 0,
    coins: 0,
    durationS: null,
    category: null,
    thumbnailUrl: null,
    tags: [],
    ...(unread.length ? { unread } : {}),
  }
}
