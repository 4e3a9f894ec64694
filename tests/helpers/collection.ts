import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { ChannelStats, PlatformAdapter, PlatformAccountRef } from '#platforms/types'
import { METRICS, type PlatformKey } from '#shared/constants'
import type { SnapshotRow } from '#services/metrics/snapshot_writer'
import { dayOf } from '#services/metrics/rollup_service'

export interface SeededAccount {
  id: number
  creator_id: number
  platform: PlatformKey
}

const stamp = () => DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss')
let sequence = 0

/**
 * Creators with one active, connected account on each of `platforms`,
 * inserted directly (thousands in a second, unlike the factories that
 * encrypt private data). Returns the accounts in creator order.
 */
export async function seedAccounts(
  options: {
    creators?: number
    platforms?: PlatformKey[]
    contractStatus?: 'valid' | 'terminated'
    fans?: number
  } = {}
): Promise<SeededAccount[]> {
  const count = options.creators ?? 1
  const platforms = options.platforms ?? ['bilibili']
  const now = stamp()
  const batch = ++sequence
  const creatorIds: number[] = []
  for (let start = 0; start < count; start += 300) {
    const rows = []
    for (let index = start; index < Math.min(count, start + 300); index++) {
      rows.push({
        brand_no: `MT-${process.pid}-${batch}-${index}`,
        kind: 'CR',
        contractor_name: `Contractor ${index}`,
        channel_name: `Channel ${batch}-${index}`,
        category: 'vlog',
        contract_status: options.contractStatus ?? 'valid',
        total_fans: 0,
        failing: false,
        created_at: now,
        updated_at: now,
      })
    }
    await db.table('creators').multiInsert(rows)
  }
  const created = await db
    .from('creators')
    .where('brand_no', 'like', `MT-${process.pid}-${batch}-%`)
    .orderBy('id')
    .select('id')
  creatorIds.push(...created.map((row) => Number(row.id)))

  const accounts = []
  for (const creatorId of creatorIds) {
    for (const platform of platforms) {
      accounts.push({
        creator_id: creatorId,
        platform,
        uid: `${creatorId}${platform.length}`,
        fans: options.fans ?? 0,
        active: true,
        token_status: 0,
        cookie_status: 0,
        created_at: now,
        updated_at: now,
      })
    }
  }
  for (let start = 0; start < accounts.length; start += 300) {
    await db.table('creator_platform_accounts').multiInsert(accounts.slice(start, start + 300))
  }
  const rows = await db
    .from('creator_platform_accounts')
    .whereIn('creator_id', creatorIds)
    .orderBy('creator_id')
    .orderBy('id')
    .select('id', 'creator_id', 'platform')
  return rows.map((row) => ({
    id: Number(row.id),
    creator_id: Number(row.creator_id),
    platform: row.platform,
  }))
}

/** Counters with `fans` and `views` given and every other counter 0 unless given. */
export function stats(values: Partial<ChannelStats>): ChannelStats {
  const all = Object.fromEntries(METRICS.map((metric) => [metric, 0])) as unknown as ChannelStats
  return { ...all, ...values }
}

/** A SnapshotRow of `account` on `date`. */
export function snapshotRow(
  account: SeededAccount,
  date: string,
  values: Partial<ChannelStats> & Record<string, number>
): SnapshotRow {
  return {
    account_id: account.id,
    creator_id: account.creator_id,
    platform: account.platform,
    snapshot_date: date,
    source: 'simulated',
    adapter: 'test',
    collected_at: new Date(),
    ...stats(values),
    ...values,
  }
}

/** The stored snapshots of an account, oldest first, with numbers as numbers. */
export async function snapshotsOf(accountId: number) {
  const rows = await db
    .from('metric_snapshots')
    .where('account_id', accountId)
    .orderBy('snapshot_date')
  return rows.map((row) => normalise(row))
}

export async function totalsOf(date: string) {
  const rows = await db.from('metric_daily_totals').where('snapshot_date', date).orderBy('platform')
  return rows.map((row) => normalise(row))
}

function normalise(row: Record<string, any>) {
  const out: Record<string, any> = { ...row, snapshot_date: dayOf(row.snapshot_date) }
  for (const key of ['accounts', 'creators', ...METRICS, ...METRICS.map((m) => `${m}_diff`)]) {
    if (key in out) out[key] = Number(out[key])
  }
  return out
}

/**
 * A fake adapter: answers from `values(account, date)`, or throws what
 * `fail(account, attempt)` returns. Counts calls per account.
 */
export function fakeAdapter(options: {
  values?: (account: PlatformAccountRef, date: string) => Partial<ChannelStats>
  fail?: (account: PlatformAccountRef, attempt: number) => Error | null
  name?: string
}): PlatformAdapter & { calls: Map<number, number> } {
  const calls = new Map<number, number>()
  return {
    name: options.name ?? 'fake',
    source: 'official',
    calls,
    async channelStats(account, { date }) {
      const attempt = (calls.get(account.id) ?? 0) + 1
      calls.set(account.id, attempt)
      const error = options.fail?.(account, attempt)
      if (error) throw error
      return stats(options.values?.(account, date) ?? { fans: 1000 + account.id })
    },
    async videos() {
      return { items: [], page: 1, pageSize: 20, total: 0, hasMore: false }
    },
    async fanPortrait() {
      return []
    },
  }
}
