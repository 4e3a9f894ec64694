import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Creator from '#models/creator'
import CreatorAudiencePortrait from '#models/creator_audience_portrait'
import type User from '#models/user'
import { presentCreatorDetail, presentCreatorListItem } from '#services/creators/creator_presenter'
import CreatorListCache from '#services/creators/creator_list_cache'
import FavoriteService from '#services/creators/favorite_service'
import {
  applyCreatorFilters,
  applyCreatorSort,
  tokenConnected,
  whereFailing,
} from '#services/creators/creator_query'
import { pageWindow, paginate } from '#support/pagination'
import { countOf, sqlDateTime } from '#support/sql'
import type { CreatorListFilters } from '#validators/creator'
import { CREATOR_KINDS, FOLLOWER_TIERS, NEW_CREATOR_DAYS, PLATFORMS } from '#shared/constants'

/** The creator list's page size limits (simple-rest `_start`/`_end`). */
const LIST_PAGE = { size: 20, max: 200, min: 1 }

/** Reads creators for the list, the summary panel and the detail. */
export default class CreatorReadService {
  /** The creators `user` may see, as a query. */
  static visibleTo(user: User) {
    return Creator.query().withScopes((scopes) => scopes.visibleTo(user))
  }

  /**
   * A list page as the JSON it was sent as, from the cache when the same
   * user asked the same query in the last seconds (`compute` validates and
   * builds it otherwise: only a valid query is ever cached).
   */
  static cachedPage(
    user: User,
    query: string,
    compute: () => Promise<{ body: string; total: number }>
  ) {
    return CreatorListCache.remember(`page:${user.id}:${query}`, compute)
  }

  /** One page of the filtered, sorted list and the total number of matches. */
  static list(filters: CreatorListFilters, user: User) {
    return CreatorListCache.remember(`list:${user.id}:${JSON.stringify(filters)}`, () =>
      this.#list(filters, user, DateTime.utc())
    )
  }

  static async #list(filters: CreatorListFilters, user: User, now: DateTime) {
    const query = applyCreatorFilters(this.visibleTo(user), filters, { userId: user.id, now })
    const { total, rows } = await paginate(
      query,
      pageWindow(filters._start, filters._end, LIST_PAGE),
      (filtered) => applyCreatorSort(filtered, filters).preload('cpTeam').preload('accounts')
    )
    const favorites = await FavoriteService.among(
      user,
      rows.map((row) => row.id)
    )
    return {
      items: rows.map((row) =>
        presentCreatorListItem(row, { favorite: favorites.has(row.id), now })
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

    return {
      total,
      ...kinds,
      ...(await this.#accounts(now)),
      new: fresh,
      failing,
      terminated,
      tiers: await this.#tiers(),
    }
  }

  /** Platform accounts in total, and connected / cannot access per platform as of `now`. */
  static async #accounts(now: DateTime) {
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
    return { accounts, token_status: tokenStatus }
  }

  /** Per follower tier, the creators with at least that many fans. */
  static async #tiers() {
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
    return Object.fromEntries(
      FOLLOWER_TIERS.map((tier, index) => [String(tier), Number(tierRow?.[`t${index}`] ?? 0)])
    )
  }

  /** The creator's detail JSON for `user` (404 when it does not exist or is not visible). */
  static async detail(creatorId: number, user: User, now: DateTime = DateTime.utc()) {
    const creator = await this.visibleTo(user)
      .where('creators.id', creatorId)
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
    return presentCreatorDetail(creator, {
      favorite: await FavoriteService.isFavorite(user, creator.id),
      memoCount,
      portraits,
      now,
    })
  }
}
