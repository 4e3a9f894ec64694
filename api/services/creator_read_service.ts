import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Creator from '#models/creator'
import CreatorAudiencePortrait from '#models/creator_audience_portrait'
import CreatorMemo from '#models/creator_memo'
import type User from '#models/user'
import CreatorPresenter from '#services/creator_presenter'
import CreatorListCache from '#services/creator_list_cache'
import FavoriteService from '#services/favorite_service'
import { sqlDateTime } from '#services/platform_account_service'
import {
  applyCreatorFilters,
  applyCreatorSort,
  tokenConnected,
  whereFailing,
} from '#services/creator_query'
import { pageOf } from '#validators/list'
import type { CreatorListFilters } from '#validators/creator'
import { CREATOR_KINDS, FOLLOWER_TIERS, NEW_CREATOR_DAYS, PLATFORMS } from '#shared/constants'

/** The most memos one creator's history returns. */
const MEMO_HISTORY_MAX = 500

/** `count('* as total')` of a model query (in $extras) or of a plain query. */
function countOf(row: unknown) {
  if (!row || typeof row !== 'object') return 0
  const record = row as { $extras?: { total?: unknown }; total?: unknown }
  return Number(record.$extras?.total ?? record.total ?? 0)
}

/** Reads creators for the list, the summary panel, the detail and the memo history. */
export default class CreatorReadService {
  /** One page of the filtered, sorted list and the total number of matches. */
  static list(filters: CreatorListFilters, user: User) {
    return CreatorListCache.remember(`list:${user.id}:${JSON.stringify(filters)}`, () =>
      this.#list(filters, user, DateTime.utc())
    )
  }

  static async #list(filters: CreatorListFilters, user: User, now: DateTime) {
    const query = applyCreatorFilters(Creator.query(), filters, { userId: user.id, now })
    const total = countOf(await query.clone().count('* as total').first())

    const { offset, limit } = pageOf(filters)
    const rows = await applyCreatorSort(query, filters)
      .preload('cpTeam')
      .preload('accounts')
      .offset(offset)
      .limit(limit)
    const favorites = await FavoriteService.among(
      user,
      rows.map((row) => row.id)
    )
    return {
      items: rows.map((row) =>
        CreatorPresenter.listItem(row, { favorite: favorites.has(row.id), now })
      ),
      total,
    }
  }

  /**
   * The list's panel: creators in total and per kind, platform accounts, new,
   * failing and terminated creators, token status per platform (accounts
   * connected / cannot access as of now) and, per follower tier, the
   * creators with at least that many fans.
   */
  static summary() {
    return CreatorListCache.remember('summary', () => this.#summary(DateTime.utc()))
  }

  static async #summary(now: DateTime) {
    const byKind = await db.from('creators').select('kind').count('* as total').groupBy('kind')
    const kinds = Object.fromEntries(CREATOR_KINDS.map((kind) => [kind, 0])) as Record<
      (typeof CREATOR_KINDS)[number],
      number
    >
    let total = 0
    for (const row of byKind) {
      total += Number(row.total)
      if (row.kind in kinds) kinds[row.kind as keyof typeof kinds] = Number(row.total)
    }

    const terminated = countOf(
      await db.from('creators').where('contract_status', 'terminated').count('* as total').first()
    )
    const fresh = countOf(
      await db
        .from('creators')
        .where('created_at', '>=', sqlDateTime(now.minus({ days: NEW_CREATOR_DAYS })))
        .count('* as total')
        .first()
    )
    const failingQuery = Creator.query()
    whereFailing(failingQuery, now)
    const failing = countOf(await failingQuery.count('* as total').first())

    const accountsByPlatform = await db
      .from('creator_platform_accounts')
      .select('platform')
      .count('* as total')
      .groupBy('platform')
    const connectedByPlatform = await db
      .from('creator_platform_accounts')
      .where((builder) => tokenConnected(builder, now))
      .select('platform')
      .count('* as total')
      .groupBy('platform')
    const tokenStatus: Record<string, { connected: number; cannot_access: number }> = {}
    let accounts = 0
    for (const platform of PLATFORMS) {
      const all = Number(accountsByPlatform.find((row) => row.platform === platform)?.total ?? 0)
      const connected = Number(
        connectedByPlatform.find((row) => row.platform === platform)?.total ?? 0
      )
      accounts += all
      tokenStatus[platform] = { connected, cannot_access: all - connected }
    }

    const tierRow = await db
      .from('creators')
      .select(
        FOLLOWER_TIERS.map((tier, index) =>
          db.raw(`coalesce(sum(case when total_fans >= ? then 1 else 0 end), 0) as t${index}`, [
            tier,
          ])
        )
      )
      .first()
    const tiers = Object.fromEntries(
      FOLLOWER_TIERS.map((tier, index) => [String(tier), Number(tierRow?.[`t${index}`] ?? 0)])
    )

    return {
      total,
      ...kinds,
      accounts,
      new: fresh,
      failing,
      terminated,
      token_status: tokenStatus,
      tiers,
    }
  }

  /** The creator's detail JSON for `user` (404 when it does not exist). */
  static async detail(creatorId: number, user: User, now: DateTime = DateTime.utc()) {
    const creator = await Creator.query()
      .where('id', creatorId)
      .preload('cpTeam')
      .preload('uploader')
      .preload('user')
      .preload('accounts')
      .preload('adPrices')
      .firstOrFail()

    const memoCount = countOf(
      await db.from('creator_memos').where('creator_id', creator.id).count('* as total').first()
    )
    const portraits = await CreatorAudiencePortrait.query()
      .where('creator_id', creator.id)
      .where(
        'captured_on',
        db.from('creator_audience_portraits').where('creator_id', creator.id).max('captured_on')
      )
    return CreatorPresenter.detail(creator, {
      favorite: await FavoriteService.isFavorite(user, creator.id),
      memoCount,
      portraits,
      now,
    })
  }

  /** The memo history, newest first (404 when the creator does not exist). */
  static async memos(creatorId: number) {
    const creator = await Creator.findOrFail(creatorId)
    const memos = await CreatorMemo.query()
      .where('creator_id', creator.id)
      .preload('user')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MEMO_HISTORY_MAX)
    return memos.map((memo) => CreatorPresenter.memo(memo))
  }
}
