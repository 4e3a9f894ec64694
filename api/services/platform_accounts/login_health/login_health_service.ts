import { DateTime } from 'luxon'
import { loginOf } from '#services/metrics/collection_store'
import {
  loginAccountsQuery,
  type LoginScope,
} from '#services/platform_accounts/login_health/login_accounts'
import { COOKIE_NAMES, COOKIE_DOMAINS, parseCookies } from '#shared/cookies'
import { summarizeCookie } from '#shared/cookies'
import { ACCESS_STATUS, PLATFORMS, type PlatformKey } from '#shared/constants'
import {
  LOGIN_GROUPS,
  LOGIN_LAPSE_DAYS,
  REFUSED_RESULTS,
  type LoginCheckResult,
  type LoginGroup,
} from '#shared/login_health'
import { decryptPrivate } from '#support/private_data'
import { utcOf } from '#support/dates'
import type { Page } from '#support/pagination'

/*
| The account-health centre's list: every stored login a user may see, in
| one of four groups — refused (the platform refused it, it is marked
| 'cannot access', or its expiry passed), lapsing (it expires within
| LOGIN_LAPSE_DAYS: the token's token_expires_at, the cookie's own expiry
| read from the stored cookie), works (the last check, made after the login
| was entered, found it working) and unchecked — with the one action that
| fixes it and who is in charge of the creator.
*/

export interface LoginHealthEntry {
  accountId: number
  platform: PlatformKey
  uid: string | null
  channelName: string | null
  login: 'token' | 'cookie'
  group: LoginGroup
  expiresAt: DateTime | null
  checkedAt: DateTime | null
  result: LoginCheckResult | null
  error: string | null
  creator: { id: number; name: string; brandNo: string }
  inCharge: { id: number; name: string } | null
  teamKey: string | null
}

export type LoginHealthSummary = {
  platforms: Partial<Record<PlatformKey, Record<LoginGroup, number>>>
  totals: Record<LoginGroup, number>
  lastCheckedAt: DateTime | null
}

const GROUP_ORDER = new Map(LOGIN_GROUPS.map((group, index) => [group, index]))

/**
 * When a stored cookie stops working: the expiry of the platform's
 * essential cookie (COOKIE_NAMES) when the platform names one, else the
 * earliest expiry the export holds; null for session cookies.
 */
function cookieExpiry(text: string | null, platform: PlatformKey): DateTime | null {
  const found = parseCookies(text, COOKIE_DOMAINS[platform])
  const essential = COOKIE_NAMES[platform]?.required
  const dated = found
    .filter((entry) => (!essential || entry.name === essential) && entry.expiresAt !== null)
    .map((entry) => entry.expiresAt!)
  return dated.length ? DateTime.fromMillis(Math.min(...dated), { zone: 'utc' }) : null
}

function entryOf(row: Record<string, any>, now: DateTime): LoginHealthEntry | null {
  const stored = {
    id: Number(row.id),
    creator_id: Number(row.creator_id),
    platform: row.platform as PlatformKey,
    uid: row.uid ?? null,
    token_encrypted: row.token_encrypted ?? null,
    cookie_encrypted: row.cookie_encrypted ?? null,
  }
  const login = loginOf(stored)
  if (!login) return null
  let expiresAt: DateTime | null
  let unusable = false
  let enteredAt: DateTime | null
  if (login === 'cookie') {
    const cookie = decryptPrivate('platform_cookie', stored.cookie_encrypted)
    expiresAt = cookieExpiry(cookie, stored.platform)
    unusable = summarizeCookie(cookie, stored.platform, now.toMillis()).unusable
    enteredAt = utcOf(row.cookie_entered_at)
  } else {
    expiresAt = utcOf(row.token_expires_at)
    enteredAt = utcOf(row.token_connected_at)
  }
  const checkedAt = utcOf(row.login_checked_at)
  const result = (row.login_check_result ?? null) as LoginCheckResult | null
  const cannotAccess = Number(row[`${login}_status`]) === ACCESS_STATUS.CANNOT_ACCESS
  // a check made before the login was entered says nothing about it
  const current = Boolean(checkedAt && (!enteredAt || checkedAt >= enteredAt))
  let group: LoginGroup
  if (cannotAccess || unusable || (expiresAt && expiresAt <= now)) group = 'refused'
  else if (current && result && REFUSED_RESULTS.includes(result)) group = 'refused'
  else if (expiresAt && expiresAt <= now.plus({ days: LOGIN_LAPSE_DAYS })) group = 'lapsing'
  else if (current && result === 'works') group = 'works'
  else group = 'unchecked'
  return {
    accountId: stored.id,
    platform: stored.platform,
    uid: stored.uid,
    channelName: row.account_channel_name ?? null,
    login,
    group,
    expiresAt,
    checkedAt,
    result: current ? result : null,
    error: current ? (row.login_check_error ?? null) : null,
    creator: { id: stored.creator_id, name: row.creator_name, brandNo: row.brand_no },
    inCharge: row.uploader_id ? { id: Number(row.uploader_id), name: row.uploader_name } : null,
    teamKey: row.team_key ?? null,
  }
}

function byUrgency(a: LoginHealthEntry, b: LoginHealthEntry) {
  return (
    GROUP_ORDER.get(a.group)! - GROUP_ORDER.get(b.group)! ||
    (a.expiresAt?.toMillis() ?? Infinity) - (b.expiresAt?.toMillis() ?? Infinity) ||
    PLATFORMS.indexOf(a.platform) - PLATFORMS.indexOf(b.platform) ||
    a.creator.name.localeCompare(b.creator.name) ||
    a.accountId - b.accountId
  )
}

export default class LoginHealthService {
  /** Every stored login of `scope`, grouped, most urgent first. */
  static async entries(
    scope: LoginScope,
    now: DateTime = DateTime.utc()
  ): Promise<LoginHealthEntry[]> {
    const rows = await loginAccountsQuery(scope)
      .leftJoin('users as u', 'u.id', 'c.uploader_id')
      .leftJoin('teams as t', 't.id', 'c.cp_team_id')
      .select(
        'a.id',
        'a.creator_id',
        'a.platform',
        'a.uid',
        'a.channel_name as account_channel_name',
        'a.token_encrypted',
        'a.cookie_encrypted',
        'a.token_status',
        'a.cookie_status',
        'a.token_expires_at',
        'a.token_connected_at',
        'a.cookie_entered_at',
        'a.login_checked_at',
        'a.login_check_result',
        'a.login_check_error',
        'c.channel_name as creator_name',
        'c.brand_no',
        'c.uploader_id',
        'u.name as uploader_name',
        't.key as team_key'
      )
    return rows
      .map((row) => entryOf(row, now))
      .filter((entry): entry is LoginHealthEntry => entry !== null)
      .sort(byUrgency)
  }

  /** One page of the list, narrowed to a group. */
  static async list(
    scope: LoginScope,
    options: { group?: LoginGroup; offset: number; limit: number }
  ): Promise<Page<LoginHealthEntry>> {
    const all = await this.entries(scope)
    const wanted = options.group ? all.filter((entry) => entry.group === options.group) : all
    return {
      total: wanted.length,
      rows: wanted.slice(options.offset, options.offset + options.limit),
    }
  }

  /** The counts per platform and group, and when a login was last checked. */
  static async summary(scope: LoginScope): Promise<LoginHealthSummary> {
    const empty = () =>
      Object.fromEntries(LOGIN_GROUPS.map((group) => [group, 0])) as Record<LoginGroup, number>
    const summary: LoginHealthSummary = { platforms: {}, totals: empty(), lastCheckedAt: null }
    for (const entry of await this.entries(scope)) {
      const counts = (summary.platforms[entry.platform] ??= empty())
      counts[entry.group]++
      summary.totals[entry.group]++
      if (entry.checkedAt && (!summary.lastCheckedAt || entry.checkedAt > summary.lastCheckedAt)) {
        summary.lastCheckedAt = entry.checkedAt
      }
    }
    return summary
  }
}
