import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import NotificationService from '#services/notifications/notification_service'
import { notifyPausedPlatforms } from '#services/alerts/paused_platforms'
import AlertRulesService from '#services/alerts/alert_rules_service'
import { accountFindings } from '#services/alerts/findings/account_findings'
import { growthFindings } from '#services/alerts/findings/growth_findings'
import { videoFindings } from '#services/alerts/findings/video_findings'
import { yesterday } from '#services/metrics/collection_service'
import type { AlertKind, AlertSeverity } from '#shared/alerts'

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

const sqlNow = () => DateTime.utc().toSQL({ includeOffset: false })!

/**
 * The alert scan: platform tokens about to expire (Xigua 30 / Douyin 90 days,
 * warned `tokenWarnDays` ahead), cookies due for a recheck, stored logins a
 * platform refused (cookie_expired / token_expired), accounts whose last
 * collection failed otherwise, platforms the breaker paused (a notification,
 * not failures), and follower spikes, surges and losses in the
 * day's snapshots. Idempotent: a condition is one row (its key); a rerun
 * refreshes figures, a state that cleared resolves itself, new alerts notify
 * managers and admins once. The checks are in findings/ (accounts, follower
 * growth, videos); this class stores what they find, resolves and notifies.
 */
export default class AlertScanService {
  /**
   * Raises the video alerts of `videoIds` at once (their 24-hour window was
   * just measured), without waiting for the daily scan; answers how many
   * were new.
   */
  static async raiseVideoAlerts(videoIds: number[], now: DateTime = DateTime.utc()) {
    const rules = await AlertRulesService.get()
    const findings = await videoFindings(rules, now, videoIds)
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
      ...(await accountFindings(rules, now)),
      ...(await growthFindings(rules, day)),
      ...(await videoFindings(rules, now)),
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
