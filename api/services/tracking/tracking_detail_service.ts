import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import CreatorPlatformAccount from '#models/creator_platform_account'
import type User from '#models/user'
import CreatorReadService from '#services/creators/creator_read_service'
import MemoService from '#services/creators/memo_service'
import { presentMemo } from '#services/creators/memo_presenter'
import CreatorMetricsService from '#services/metrics/creator_metrics_service'
import MetricScope, { isoDay } from '#services/metrics/metric_scope'
import { dayOf } from '#services/metrics/rollup_service'
import { GAIN_COLUMNS } from '#services/metrics/daily_totals'
import { keywordsOf } from '#services/tracking/keywords'
import { milestonesOf } from '#services/tracking/milestones'
import { pendingReasons, presentPendingItem } from '#services/tracking/pending_items'
import { byPlatformOrder } from '#services/platform_accounts/platform_account_presenter'
import type { CreatorMonthParams } from '#validators/tracking'
import { TRACKING_DAILY_DAYS, TRACKING_KEYWORD_TITLES } from '#shared/tracking'

/** The monthly chart's columns: fans and views with their gains, likes, comments and uploads gained. */
const HISTORY_COLUMNS = [...GAIN_COLUMNS, 'videos_diff'] as const

type HistoryDay = { date: string } & Record<(typeof HISTORY_COLUMNS)[number], number>

/**
 * One creator's tracking detail (SPEC §2 Creator Tracking 'detail'): growth
 * milestones, memo history, keyword cloud, platform share, daily records and
 * pending items. The creator must be one the user may see (else a 404).
 */
export default class TrackingDetailService {
  /** The creator if `user` may see it (404 otherwise). */
  static find(creatorId: number, user: User) {
    return CreatorReadService.visibleTo(user).where('creators.id', creatorId).firstOrFail()
  }

  /** Per day (oldest first), the creator's figures summed over its platforms. */
  static async history(creatorId: number): Promise<HistoryDay[]> {
    const rows = await db
      .from('metric_snapshots')
      .where('creator_id', creatorId)
      .groupBy('snapshot_date')
      .select('snapshot_date')
      .select(HISTORY_COLUMNS.map((column) => db.raw(`sum(${column}) as ${column}`)))
      .orderBy('snapshot_date', 'asc')
    return rows.map((row) => ({
      date: dayOf(row.snapshot_date),
      ...(Object.fromEntries(
        HISTORY_COLUMNS.map((column) => [column, Number(row[column])])
      ) as Record<(typeof HISTORY_COLUMNS)[number], number>),
    }))
  }

  /** The achievement history: the day each fan tier was first reached. */
  static async milestones(creatorId: number, user: User) {
    const creator = await this.find(creatorId, user)
    const history = await this.history(creator.id)
    return {
      creator_id: creator.id,
      first_day: history[0]?.date ?? null,
      last_day: history.at(-1)?.date ?? null,
      fans: history.at(-1)?.fans ?? 0,
      milestones: milestonesOf(history),
    }
  }

  /** The keywords of the creator's newest video titles. */
  static async keywords(creatorId: number) {
    const rows = await db
      .from('videos')
      .where('creator_id', creatorId)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(TRACKING_KEYWORD_TITLES)
      .select('title')
    return { titles: rows.length, words: keywordsOf(rows.map((row) => String(row.title ?? ''))) }
  }

  /** Active accounts never collected or failing, in platform order. */
  static async pending(creatorId: number) {
    const now = DateTime.utc()
    const accounts = await CreatorPlatformAccount.query()
      .where('creator_id', creatorId)
      .where('active', true)
    return accounts
      .filter((account) => pendingReasons(account, now).length > 0)
      .sort(byPlatformOrder)
      .map((account) => presentPendingItem(account, now))
  }

  /**
   * Everything the detail shows; the memo history only when `withMemos`
   * (the controller asks the creator policy: memos are the agency's notes).
   */
  static async detail(creatorId: number, user: User, withMemos: boolean) {
    const creator = await this.find(creatorId, user)
    const scope = await MetricScope.forUser(user)
    const [history, keywords, pending, platforms, memos] = await Promise.all([
      this.history(creator.id),
      this.keywords(creator.id),
      this.pending(creator.id),
      CreatorMetricsService.detail({ id: creator.id }, scope),
      withMemos ? MemoService.list(creator.id, user) : Promise.resolve(null),
    ])
    const total = platforms.total
    const share = (value: number, sum: number) => (sum > 0 ? value / sum : null)
    return {
      creator: {
        id: creator.id,
        brand_no: creator.brandNo,
        channel_name: creator.channelName,
        channel_name_zh: creator.channelNameZh,
        kind: creator.kind,
        category: creator.category,
        total_fans: creator.totalFans,
      },
      milestones: milestonesOf(history),
      first_day: history[0]?.date ?? null,
      daily: history.slice(-TRACKING_DAILY_DAYS).reverse(),
      platforms: {
        range: platforms.range,
        items: platforms.platforms.map((item) => {
          const figures = item as typeof item & Record<string, number>
          return {
            platform: item.platform,
            fans: figures.fans,
            views: figures.views,
            fans_diff: figures.fans_diff,
            views_diff: figures.views_diff,
            fans_share: share(figures.fans, total.fans),
            views_share: share(figures.views, total.views),
          }
        }),
        total: { fans: total.fans, views: total.views },
      },
      keywords,
      pending,
      memos: memos ? memos.map((memo) => presentMemo(memo)) : null,
    }
  }

  /**
   * A creator's figures for one calendar month (default: the month of the
   * newest collected day), per platform and in total: the values on the
   * month's last collected day and the month's gains.
   */
  static async month(params: CreatorMonthParams, user: User) {
    const creator = await this.find(params.id, user)
    const latest = (await MetricScope.latestDate()) ?? isoDay(DateTime.utc().minus({ days: 1 }))
    const month = params.month ?? latest.slice(0, 7)
    const first = DateTime.fromISO(`${month}-01`, { zone: 'utc' })
    const last = isoDay(first.endOf('month'))
    const end = last > latest && isoDay(first) <= latest ? latest : last
    const scope = await MetricScope.forUser(user)
    const detail = await CreatorMetricsService.detail(
      { id: creator.id, start: isoDay(first), end },
      scope
    )
    return { month, ...detail }
  }
}
