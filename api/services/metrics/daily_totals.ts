import db from '@adonisjs/lucid/services/db'
import type { CreatorScope } from '#services/metrics/metric_scope'
import { dayOf } from '#services/metrics/rollup_service'
import {
  METRICS,
  PLATFORMS,
  type CreatorCategory,
  type CreatorKind,
  type Metric,
  type PlatformKey,
} from '#shared/constants'

/*
|--------------------------------------------------------------------------
| The metric endpoints' shared reads
|--------------------------------------------------------------------------
|
| Network-wide figures come from the rollup (metric_daily_totals: one row per
| day and platform), so they never scan the snapshots; a creator account's
| scope cannot use the rollup: its "network" is the sum of its own creators'
| snapshots. The dashboard, the data center and the series chart read their
| day totals here, and name creators the same way.
|
*/

type DiffKey = `${Metric}_diff`
export const diffOf = (metric: Metric) => `${metric}_diff` as DiffKey

/** One day and platform of the network (or of a creator scope): sums of counters and diffs. */
export type DayTotal = {
  date: string
  platform: PlatformKey
  accounts: number
} & Record<Metric | DiffKey, number>

/** A creator's gains over a period as the rankings, the download and the monthly chart show them. */
export const GAIN_COLUMNS = [
  'fans',
  'fans_diff',
  'views',
  'views_diff',
  'likes_diff',
  'comments_diff',
] as const

/** What every list and ranking item names. */
export interface CreatorRef {
  creator_id: number
  brand_no: string
  channel_name: string
  channel_name_zh: string | null
  kind: CreatorKind
  category: CreatorCategory
}

/**
 * Per day and platform sums of `metrics` and their diffs over [from, to]:
 * the rollup for the whole network, the creators' own snapshots for a
 * creator account's scope. Other metrics read as 0.
 */
export async function dailyTotals(
  scope: CreatorScope,
  from: string,
  to: string,
  platform?: PlatformKey,
  metrics: readonly Metric[] = METRICS
): Promise<DayTotal[]> {
  const columns = [...metrics, ...metrics.map(diffOf)]
  let rows: Record<string, unknown>[]
  if (scope.creatorIds === null) {
    const query = db
      .from('metric_daily_totals')
      .whereBetween('snapshot_date', [from, to])
      .select('snapshot_date', 'platform', 'accounts', ...columns)
    if (platform) query.where('platform', platform)
    rows = await query
  } else {
    if (scope.creatorIds.length === 0) return []
    const query = db
      .from('metric_snapshots')
      .whereIn('creator_id', scope.creatorIds)
      .whereBetween('snapshot_date', [from, to])
      .groupBy('snapshot_date', 'platform')
      .select('snapshot_date', 'platform')
      .select(db.raw('count(*) as accounts'))
      .select(columns.map((column) => db.raw(`sum(${column}) as ${column}`)))
    if (platform) query.where('platform', platform)
    rows = await query
  }
  return rows.map((row) => {
    const total: Record<string, unknown> = {
      date: dayOf(row.snapshot_date),
      platform: row.platform,
      accounts: Number(row.accounts),
    }
    for (const metric of METRICS) {
      total[metric] = Number(row[metric] ?? 0)
      total[diffOf(metric)] = Number(row[diffOf(metric)] ?? 0)
    }
    return total as DayTotal
  })
}

/**
 * The creators that are valid now, in the scope (with an active account on
 * `platform` when given), in id order.
 */
export async function validCreators(
  scope: CreatorScope,
  platform?: PlatformKey | null
): Promise<CreatorRef[]> {
  if (scope.creatorIds !== null && scope.creatorIds.length === 0) return []
  const query = db
    .from('creators')
    .select('id', 'brand_no', 'channel_name', 'channel_name_zh', 'kind', 'category')
    .where('contract_status', 'valid')
    .orderBy('id')
  if (scope.creatorIds !== null) query.whereIn('id', scope.creatorIds)
  if (platform) {
    query.whereExists(
      db
        .from('creator_platform_accounts')
        .select(db.raw('1'))
        .whereColumn('creator_platform_accounts.creator_id', 'creators.id')
        .where('creator_platform_accounts.active', true)
        .where('creator_platform_accounts.platform', platform)
    )
  }
  const rows = await query
  return rows.map((row) => creatorRefOf(row))
}

function creatorRefOf(row: Record<string, any>): CreatorRef {
  return {
    creator_id: Number(row.id),
    brand_no: row.brand_no,
    channel_name: row.channel_name,
    channel_name_zh: row.channel_name_zh ?? null,
    kind: row.kind,
    category: row.category,
  }
}

const platformOrder = (platform: string) => PLATFORMS.indexOf(platform as PlatformKey)

/** Sorts platform keys in PLATFORMS order. */
export const byPlatform = (a: string, b: string) => platformOrder(a) - platformOrder(b)
