import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import NotificationService from '#services/notifications/notification_service'
import { notifyPausedPlatforms } from '#services/alerts/paused_platforms'
import AlertRulesService from '#services/alerts/alert_rules_service'
import { addDays } from '#services/metrics/metric_scope'
import { yesterday } from '#services/metrics/collection_service'
import {
  VIDEO_ALERT_WINDOW_HOURS,
  type AlertKind,
  type AlertRules,
  type AlertSeverity,
} from '#shared/alerts'
import GrowthMedians from '#services/videos/growth/growth_medians'
import { splitCollectError } from '#shared/collect_errors'
import { utcOf } from '#support/dates'

/** A condition found by the scan; `key` names it (the same condition is one alert). */
export interface Finding {
  key: string
  kind: AlertKind
  severity: AlertSeverity
  creatorId: number
  creatorName: string
  accountId: number
  platform: string
  day: string
  figures: Record<string, number | string | null>
}

/** Kinds that describe a state: they resolve themselves once the state is gone. */
const STATE_KINDS: AlertKind[] = [
  'token_expiring',
  'token_expired',
  'cookie_recheck',
  'cookie_expired',
  'collection_failed',
]

/** A failed collection's figures: the failure's code and its technical detail. */
export function collectErrorFigures(text: string | null) {
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

const sqlNow = () => DateTime.utc().toSQL({ includeOffset: false })!

const toUtc = utcOf

/**
 * The alert scan: platform tokens about to expire (Xigua 30 / Douyin 90 days,
 * warned `tokenWarnDays` ahead), cookies due for a recheck, stored logins a
 * platform refused (cookie_expired / token_expired), accounts whose last
 * collection failed otherwise, platforms the breaker paused (a notification,
 * not failures), and follower spikes, surges and losses in the
 * day's snapshots. Idempotent: a condition is one row (its key); a rerun
 * refreshes figures, a state that cleared resolves itself, new alerts notify
 * managers and admins once.
 */
export default class AlertScanService {
  static async accountFindings(rules: AlertRules, now: DateTime): Promise<Finding[]> {
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

  /**
   * Follower changes on `day` against the 7 days before it. Carried days
   * (a failed collection repeating the last values) never count.
   */
  static async growthFindings(rules: AlertRules, day: string): Promise<Finding[]> {
    const from = addDays(day, -7)
    const to = addDays(day, -1)
    const rows = await db
      .from('metric_snapshots as s')
      .join('creators as c', 'c.id', 's.creator_id')
      .where('s.snapshot_date', day)
      .whereNot('s.source', 'carried')
      .where('c.contract_status', 'valid')
      .select(
        's.account_id',
        's.creator_id',
        's.platform',
        's.fans',
        's.fans_diff',
        'c.channel_name'
      )
      .select(
        db.raw(
          `(SELECT AVG(p.fans_diff) FROM metric_snapshots p WHERE p.account_id = s.account_id AND p.snapshot_date BETWEEN ? AND ? AND p.source <> 'carried') as avg_prev`,
          [from, to]
        )
      )
    const findings: Finding[] = []
    for (const row of rows) {
      const gain = Number(row.fans_diff)
      const fans = Number(row.fans)
      const before = fans - gain
      const average = row.avg_prev === null ? null : Number(row.avg_prev)
      const base = {
        creatorId: row.creator_id,
        creatorName: row.channel_name,
        accountId: row.account_id,
        platform: row.platform,
        day,
      }
      if (gain <= -rules.lossMin) {
        findings.push({
          ...base,
          key: `loss:${row.account_id}:${day}`,
          kind: 'follower_loss',
          severity: 'critical',
          figures: { change: gain, fans, before },
        })
        continue
      }
      if (gain < rules.minGain || gain <= 0) continue
      if (average !== null && average > 0 && gain >= rules.spikeMultiplier * average) {
        findings.push({
          ...base,
          key: `spike:${row.account_id}:${day}`,
          kind: 'follower_spike',
          severity: 'warning',
          figures: {
            change: gain,
            average: Math.round(average * 100) / 100,
            ratio: Math.round((gain / average) * 10) / 10,
            fans,
          },
        })
      }
      if (before > 0 && gain * 100 > rules.surgeSharePct * before) {
        findings.push({
          ...base,
          key: `surge:${row.account_id}:${day}`,
          kind: 'follower_surge',
          severity: 'warning',
          figures: {
            change: gain,
            before,
            share_pct: Math.round((gain / before) * 1000) / 10,
            fans,
          },
        })
      }
    }
    return findings
  }

  /**
   * New videos against their creator's median at 24 hours (the growth-hacking
   * window, api/services/videos/growth): views at least `videoSurgeMultiplier`
   * times the median raise `video_surge`, at most `videoUnderRatio` times it
   * `video_under` (a median of at least 3 previous videos). Reads the 24-hour
   * windows measured in the 3 days before `now`, or those of `videoIds`.
   */
  static async videoFindings(
    rules: AlertRules,
    now: DateTime,
    videoIds?: number[]
  ): Promise<Finding[]> {
    const query = db
      .from('video_growth_points as g')
      .join('videos as v', 'v.id', 'g.video_id')
      .join('creators as c', 'c.id', 'v.creator_id')
      .where('g.window_hours', VIDEO_ALERT_WINDOW_HOURS)
      .whereIn('g.status', ['taken', 'late'])
      .where('c.contract_status', 'valid')
      .select(
        'g.video_id',
        'g.status',
        'g.views',
        'g.taken_at',
        'v.creator_id',
        'v.account_id',
        'v.platform',
        'v.title',
        'v.published_at',
        'c.channel_name'
      )
    if (videoIds) query.whereIn('g.video_id', videoIds.length ? videoIds : [0])
    else {
      query.where(
        'g.taken_at',
        '>=',
        now.minus({ days: 3 }).toUTC().toFormat('yyyy-MM-dd HH:mm:ss')
      )
    }
    const rows = await query
    if (!rows.length) return []
    const medians = await GrowthMedians.of(
      rows.map((row) => ({
        id: Number(row.video_id),
        creatorId: Number(row.creator_id),
        publishedAt: toUtc(row.published_at),
      }))
    )
    const findings: Finding[] = []
    for (const row of rows) {
      const videoId = Number(row.video_id)
      const [flag] = GrowthMedians.flags(
        [{ window_hours: VIDEO_ALERT_WINDOW_HOURS, status: row.status, views: Number(row.views) }],
        medians.get(videoId) ?? [],
        rules
      )
      if (!flag) continue
      const surge = flag.flag === 'out'
      findings.push({
        key: `video-${surge ? 'surge' : 'under'}:${videoId}`,
        kind: surge ? 'video_surge' : 'video_under',
        severity: surge ? 'warning' : 'info',
        creatorId: Number(row.creator_id),
        creatorName: row.channel_name,
        accountId: Number(row.account_id),
        platform: row.platform,
        day: (toUtc(row.taken_at) ?? now).toISODate()!,
        figures: {
          video_id: videoId,
          title: String(row.title ?? '').slice(0, 200),
          window_hours: VIDEO_ALERT_WINDOW_HOURS,
          views: flag.value,
          median: flag.median,
          ratio: flag.ratio,
          videos: flag.videos,
        },
      })
    }
    return findings
  }

  /**
   * Raises the video alerts of `videoIds` at once (their 24-hour window was
   * just measured), without waiting for the daily scan; answers how many
   * were new.
   */
  static async raiseVideoAlerts(videoIds: number[], now: DateTime = DateTime.utc()) {
    const rules = await AlertRulesService.get()
    const findings = await this.videoFindings(rules, now, videoIds)
    if (!findings.length) return 0
    return db.transaction(async (trx) => {
      const { created } = await this.#store(findings, trx)
      await this.#notify(created, now, trx)
      return created.length
    })
  }

  /** The newest day with snapshots (or yesterday in the studio's time zone). */
  static async latestDay() {
    const row = await db.from('metric_snapshots').max('snapshot_date as day').first()
    const value = row?.day
    if (!value) return yesterday()
    return value instanceof Date
      ? DateTime.fromJSDate(value, { zone: 'utc' }).toISODate()!
      : String(value).slice(0, 10)
  }

  static async scan(options: { day?: string; now?: DateTime } = {}) {
    const rules = await AlertRulesService.get()
    const now = options.now ?? DateTime.utc()
    const day = options.day ?? (await this.latestDay())
    const findings = [
      ...(await this.accountFindings(rules, now)),
      ...(await this.growthFindings(rules, day)),
      ...(await this.videoFindings(rules, now)),
    ]
    const keys = new Set(findings.map((finding) => finding.key))

    return db.transaction(async (trx) => {
      const { created, updated } = await this.#store(findings, trx)
      const stamp = sqlNow()

      // A state that is gone (a renewed token, a rechecked cookie, a collection that worked) resolves itself.
      const stale = await trx
        .from('alerts')
        .whereIn('kind', STATE_KINDS)
        .whereNot('status', 'resolved')
        .select('id', 'dedupe_key')
      const cleared = stale.filter((row) => !keys.has(row.dedupe_key)).map((row) => row.id)
      for (let index = 0; index < cleared.length; index += 500) {
        await trx
          .from('alerts')
          .whereIn('id', cleared.slice(index, index + 500))
          .update({ status: 'resolved', resolved_at: stamp, updated_at: stamp })
      }

      await this.#notify(created, now, trx)
      // a paused platform is said as such: its deferred accounts are not failures
      const paused = await notifyPausedPlatforms(trx)
      return {
        day,
        found: findings.length,
        created: created.length,
        updated,
        resolved: cleared.length,
        paused,
      }
    })
  }

  /** Writes `findings`: known keys refresh their figures, new ones become open alerts. */
  static async #store(findings: Finding[], trx: any) {
    const keys = [...new Set(findings.map((finding) => finding.key))]
    const existing = new Map<string, { id: number; status: string }>()
    for (let index = 0; index < keys.length; index += 500) {
      const rows = await trx
        .from('alerts')
        .whereIn('dedupe_key', keys.slice(index, index + 500))
        .select('id', 'dedupe_key', 'status')
      for (const row of rows) existing.set(row.dedupe_key, { id: row.id, status: row.status })
    }

    const created: Finding[] = []
    let updated = 0
    const stamp = sqlNow()
    for (const finding of findings) {
      const known = existing.get(finding.key)
      if (known) {
        await trx
          .from('alerts')
          .where('id', known.id)
          .update({
            kind: finding.kind,
            severity: finding.severity,
            figures: JSON.stringify(finding.figures),
            last_seen_at: stamp,
            updated_at: stamp,
          })
        updated++
      } else {
        await trx.table('alerts').insert({
          kind: finding.kind,
          severity: finding.severity,
          creator_id: finding.creatorId,
          account_id: finding.accountId,
          platform: finding.platform,
          day: finding.day,
          dedupe_key: finding.key,
          figures: JSON.stringify(finding.figures),
          status: 'open',
          last_seen_at: stamp,
          created_at: stamp,
          updated_at: stamp,
        })
        created.push(finding)
      }
    }

    return { created, updated }
  }

  static async #notify(created: Finding[], now: DateTime, trx: any) {
    const roles = ['admin' as const, 'manager' as const]
    const failed = created.filter((finding) => finding.kind === 'collection_failed')
    if (failed.length) {
      await NotificationService.notify(
        {
          kind: 'collection_failed',
          roles,
          params: { count: failed.length },
          link: '/app/alert_dashboard?kind=collection_failed',
          dedupeKey: `alerts:collect:${now.toISODate()}:${failed.length}`,
        },
        trx
      )
    }
    for (const finding of created) {
      if (finding.kind === 'collection_failed') continue
      if (finding.kind === 'video_surge' || finding.kind === 'video_under') {
        await NotificationService.notify(
          {
            kind: 'video_alert',
            roles,
            params: {
              creator: finding.creatorName,
              platform: finding.platform,
              title: finding.figures.title,
              ratio: finding.figures.ratio,
              window: finding.figures.window_hours,
            },
            link: `/app/data_analysis?creator_id=${finding.creatorId}`,
            dedupeKey: `alert:${finding.key}`,
          },
          trx
        )
        continue
      }
      const kind =
        finding.kind === 'cookie_recheck' ||
        finding.kind === 'cookie_expired' ||
        finding.kind === 'token_expiring' ||
        finding.kind === 'token_expired'
          ? finding.kind
          : 'alert'
      await NotificationService.notify(
        {
          kind,
          roles,
          params: {
            creator: finding.creatorName,
            platform: finding.platform,
            days:
              (finding.figures.days_left as number | undefined) ??
              (finding.figures.days as number | undefined) ??
              null,
            change:
              typeof finding.figures.change === 'number'
                ? finding.figures.change > 0
                  ? `+${finding.figures.change.toLocaleString('en-US')}`
                  : finding.figures.change.toLocaleString('en-US')
                : null,
          },
          link: `/app/alert_dashboard?kind=${finding.kind}`,
          dedupeKey: `alert:${finding.key}`,
        },
        trx
      )
    }
  }
}
