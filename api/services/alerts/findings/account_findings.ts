import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Finding } from '#services/alerts/alert_scan_service'
import type { AlertRules } from '#shared/alerts'
import { splitCollectError } from '#shared/collect_errors'
import { utcOf as toUtc } from '#support/dates'

/*
| The alert scan's checks of each platform account (alert_scan_service.ts):
| a token about to expire or expired, a cookie due for a recheck, a stored
| login the platform refused, a collection that failed otherwise.
*/

/** A failed collection's figures: the failure's code and its technical detail. */
function collectErrorFigures(text: string | null) {
  const failure = splitCollectError(text)
  return { error_code: failure?.code ?? 'error', error: failure?.detail ?? null }
}

/**
 * Expiry alerts for a stored login the platform refused (the collection set
 * its token_status or cookie_status to 1, api/services/metrics/collection_store.ts):
 * 'cookie_expired' for a cookie, 'token_expired' for a token whose expiry
 * date has not passed (a passed one already raises the dated alert). One
 * alert per login (keyed by when it was entered); a new cookie or token, or a
 * collection that works again, resolves it.
 */
function loginFindings(
  row: Record<string, any>,
  base: Pick<Finding, 'creatorId' | 'creatorName' | 'accountId' | 'platform'>,
  expires: DateTime | null,
  now: DateTime,
  today: string
): Finding[] {
  const failed = toUtc(row.collect_failed_at)
  const day = failed?.toISODate() ?? today
  const figures = {
    ...collectErrorFigures(row.collect_error),
    expires_at: (failed ?? now).toISO(),
  }
  const findings: Finding[] = []
  if (Number(row.cookie_status) === 1 && Number(row.has_cookie)) {
    const entered = toUtc(row.cookie_entered_at)
    findings.push({
      ...base,
      key: `cookie-login:${row.id}:${entered?.toISODate() ?? 'unknown'}`,
      kind: 'cookie_expired',
      severity: 'critical',
      day,
      figures: { ...figures, error_code: 'cookie_expired' },
    })
  }
  if (Number(row.token_status) === 1 && Number(row.has_token) && !(expires && expires <= now)) {
    const connected = toUtc(row.token_connected_at)
    findings.push({
      ...base,
      key: `token-login:${row.id}:${connected?.toISODate() ?? 'unknown'}`,
      kind: 'token_expired',
      severity: 'critical',
      day,
      figures: { ...figures, error_code: 'token_expired' },
    })
  }
  return findings
}

/**
 * The findings of every active account of a creator under contract: tokens
 * expiring within `tokenWarnDays` (or expired), cookies not rechecked for
 * `cookieRecheckDays`, refused logins and failed collections.
 */
export async function accountFindings(rules: AlertRules, now: DateTime): Promise<Finding[]> {
  const rows = await db
    .from('creator_platform_accounts as a')
    .join('creators as c', 'c.id', 'a.creator_id')
    .where('c.contract_status', 'valid')
    .where('a.active', true)
    .select(
      'a.id',
      'a.creator_id',
      'a.platform',
      'a.token_expires_at',
      'a.cookie_entered_at',
      'a.cookie_checked_at',
      'a.collect_status',
      'a.collect_error',
      'a.collect_failed_at',
      'a.token_status',
      'a.token_connected_at',
      'a.cookie_status',
      'c.channel_name'
    )
    .select(db.raw('CASE WHEN a.cookie_encrypted IS NULL THEN 0 ELSE 1 END as has_cookie'))
    .select(db.raw('CASE WHEN a.token_encrypted IS NULL THEN 0 ELSE 1 END as has_token'))
  const findings: Finding[] = []
  const today = now.toISODate()!
  for (const row of rows) {
    const base = {
      creatorId: row.creator_id,
      creatorName: row.channel_name,
      accountId: row.id,
      platform: row.platform,
    }
    const expires = toUtc(row.token_expires_at)
    if (expires) {
      const daysLeft = Math.ceil(expires.diff(now, 'days').days)
      if (daysLeft <= rules.tokenWarnDays) {
        const expired = daysLeft <= 0
        findings.push({
          ...base,
          key: `token:${row.id}:${expires.toISODate()}`,
          kind: expired ? 'token_expired' : 'token_expiring',
          severity: expired ? 'critical' : 'warning',
          day: today,
          figures: { expires_at: expires.toISO(), days_left: Math.max(daysLeft, 0) },
        })
      }
    }
    const checked = toUtc(row.cookie_checked_at) ?? toUtc(row.cookie_entered_at)
    if (Number(row.has_cookie) && checked) {
      const age = Math.floor(now.diff(checked, 'days').days)
      if (age >= rules.cookieRecheckDays) {
        findings.push({
          ...base,
          key: `cookie:${row.id}:${checked.toISODate()}`,
          kind: 'cookie_recheck',
          severity: 'info',
          day: today,
          figures: { checked_at: checked.toISO(), days: age },
        })
      }
    }
    const login = loginFindings(row, base, expires, now, today)
    findings.push(...login)
    // a refused login is announced by its expiry alert, not as a failed collection too
    const failure = collectErrorFigures(row.collect_error)
    const coveredByLogin = login.some(
      (finding) => finding.figures.error_code === failure.error_code
    )
    if (Number(row.collect_status) === 1 && !coveredByLogin) {
      const failed = toUtc(row.collect_failed_at)
      findings.push({
        ...base,
        key: `collect:${row.id}:${failed?.toISODate() ?? today}`,
        kind: 'collection_failed',
        severity: 'warning',
        day: failed?.toISODate() ?? today,
        // the code apart from the detail, so that every reader gets it in their language
        figures: failure,
      })
    }
  }
  return findings
}
