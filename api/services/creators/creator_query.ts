import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type Creator from '#models/creator'
import { LIKE, containing, whereAnyLike } from '#support/like'
import { sqlDateTime } from '#support/sql'
import type { CreatorListFilters } from '#validators/creator'
import { COLLECT_STATUS, COOKIE_RECHECK_DAYS, NEW_CREATOR_DAYS } from '#shared/constants'

/*
|--------------------------------------------------------------------------
| The creator list's filters and sorting, shared by the list, the SPEC §7
| aliases and the Excel export. Token and cookie statuses are read as of
| `now` (an expired token or a cookie past its recheck counts as 1), the
| same way the creator presenter shows them.
|--------------------------------------------------------------------------
*/

/** The columns the list's search (q) looks in, besides the accounts' uids. */
const SEARCHED_COLUMNS = [
  'channel_name',
  'channel_name_zh',
  'contractor_name',
  'brand_no',
  'contract_no',
  'youtube_channel_name',
].map((column) => `creators.${column}`)

type Builder = { where: Function; orWhere: Function; whereNot: Function; whereNotNull: Function }
type CreatorQuery = ModelQueryBuilderContract<typeof Creator, Creator>

/** Accounts whose token cannot access (status 1, or expired by `now`). */
function tokenFailing(builder: Builder, now: DateTime) {
  builder.where('creator_platform_accounts.token_status', 1).orWhere((inner: Builder) => {
    inner
      .whereNotNull('creator_platform_accounts.token_expires_at')
      .where('creator_platform_accounts.token_expires_at', '<=', sqlDateTime(now))
  })
}

/** Accounts whose token is connected (status 0 and not expired by `now`): the others. */
export function tokenConnected(builder: Builder, now: DateTime) {
  builder.whereNot((inner: Builder) => tokenFailing(inner, now))
}

/** Accounts whose cookie cannot access (status 1, or its recheck has passed). */
function cookieFailing(builder: Builder, now: DateTime) {
  const cutoff = now.minus({ days: COOKIE_RECHECK_DAYS })
  builder.where('creator_platform_accounts.cookie_status', 1).orWhere((inner: Builder) => {
    inner
      .whereNotNull('creator_platform_accounts.cookie_checked_at')
      .where('creator_platform_accounts.cookie_checked_at', '<=', sqlDateTime(cutoff))
  })
}

/**
 * Active accounts whose token or cookie fails, or whose last collection
 * failed (collect_status 1): what makes a creator "failing".
 */
function accountFailing(builder: Builder, now: DateTime) {
  builder.where('creator_platform_accounts.active', 1).where((inner: Builder) => {
    inner
      .where((token: Builder) => tokenFailing(token, now))
      .orWhere((cookie: Builder) => cookieFailing(cookie, now))
      .orWhere('creator_platform_accounts.collect_status', COLLECT_STATUS.FAILED)
  })
}

/** Creators that fail: marked so, or with a failing account as of `now`. */
export function whereFailing(query: CreatorQuery, now: DateTime) {
  query.where((builder) => {
    builder
      .where('creators.failing', 1)
      .orWhereHas('accounts', (accounts) => accountFailing(accounts as any, now))
  })
}

/**
 * Applies the validated list filters of `creatorListValidator` to a creator
 * query: q (channel names, contractor, brand and contract numbers, any
 * account uid), kind, category, contract_status, team, failing, new,
 * min_fans/max_fans (total fans), platform + token_status, favorite (of
 * `userId`) and id.
 */
export function applyCreatorFilters(
  query: CreatorQuery,
  filters: CreatorListFilters,
  options: { userId?: number | null; now?: DateTime } = {}
) {
  const now = options.now ?? DateTime.utc()

  if (filters.q) {
    const like = containing(filters.q)
    query.where((builder) => {
      whereAnyLike(builder, SEARCHED_COLUMNS, like)
      builder.orWhereHas('accounts', (accounts) => {
        accounts.whereRaw(LIKE, ['creator_platform_accounts.uid', like])
      })
    })
  }

  if (filters.kind?.length) query.whereIn('creators.kind', filters.kind)
  if (filters.category?.length) query.whereIn('creators.category', filters.category)
  if (filters.contract_status?.length) {
    query.whereIn('creators.contract_status', filters.contract_status)
  }
  if (filters.team?.length) {
    query.whereIn('creators.cp_team_id', db.from('teams').select('id').whereIn('key', filters.team))
  }

  if (filters.failing === true) whereFailing(query, now)
  if (filters.failing === false) {
    query.whereNot((builder) => whereFailing(builder as CreatorQuery, now))
  }

  if (filters.new) {
    query.where('creators.created_at', '>=', sqlDateTime(now.minus({ days: NEW_CREATOR_DAYS })))
  }
  if (filters.min_fans !== undefined) query.where('creators.total_fans', '>=', filters.min_fans)
  if (filters.max_fans !== undefined) query.where('creators.total_fans', '<=', filters.max_fans)

  if (filters.platform !== undefined || filters.token_status !== undefined) {
    query.whereHas('accounts', (accounts) => {
      if (filters.platform) accounts.where('creator_platform_accounts.platform', filters.platform)
      if (filters.token_status === 1) accounts.where((inner) => tokenFailing(inner as any, now))
      if (filters.token_status === 0) accounts.where((inner) => tokenConnected(inner as any, now))
    })
  }

  if (filters.favorite) {
    query.whereIn(
      'creators.id',
      db
        .from('user_favorites')
        .select('creator_id')
        .where('user_id', options.userId ?? 0)
    )
  }

  if (filters.id?.length) query.whereIn('creators.id', filters.id)
  return query
}

/** Orders by `_sort`/`_order` (newest first by default), ties broken by id. */
export function applyCreatorSort(query: CreatorQuery, filters: CreatorListFilters) {
  const column = filters._sort ?? 'id'
  const order = (filters._order ?? (filters._sort ? 'asc' : 'desc')).toLowerCase() as 'asc' | 'desc'
  query.orderBy(`creators.${column}`, order)
  if (column !== 'id') query.orderBy('creators.id', order)
  return query
}
