import db from '@adonisjs/lucid/services/db'
import { addDays } from '#services/metrics/metric_scope'
import type { Finding } from '#services/alerts/alert_scan_service'
import type { AlertRules } from '#shared/alerts'

/*
| The alert scan's check of the day's follower changes
| (alert_scan_service.ts): a loss, a spike against the week's average, a
| surge against the followers before.
*/

/**
 * Follower changes on `day` against the 7 days before it. Carried days
 * (a failed collection repeating the last values) never count.
 */
export async function growthFindings(rules: AlertRules, day: string): Promise<Finding[]> {
  const from = addDays(day, -7)
  const to = addDays(day, -1)
  const rows = await db
    .from('metric_snapshots as s')
    .join('creators as c', 'c.id', 's.creator_id')
    .where('s.snapshot_date', day)
    .whereNot('s.source', 'carried')
    .where('c.contract_status', 'valid')
    .select('s.account_id', 's.creator_id', 's.platform', 's.fans', 's.fans_diff', 'c.channel_name')
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
