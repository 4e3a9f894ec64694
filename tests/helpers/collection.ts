import db from '@adonisjs/lucid/services/db'
import { CreatorFactory } from '#database/factories/creator_factory'
import type {
  ChannelStats,
  PlatformAdapter,
  PlatformAccountRef,
  VideoPage,
  VideoStats,
} from '#platforms/types'
import { METRICS, type PlatformKey } from '#shared/constants'
import type { SnapshotRow } from '#services/metrics/snapshot_writer'
import { dayOf } from '#services/metrics/rollup_service'

export interface SeededAccount {
  id: number
  creator_id: number
  platform: PlatformKey
}

/**
 * Creators (valid, or terminated) with one active, connected account on
 * each of `platforms` that no collection has counted yet (0 fans), made by
 * the factories. Returns the accounts in creator order.
 */
export async function seedAccounts(
  options: {
    creators?: number
    platforms?: PlatformKey[]
    contractStatus?: 'valid' | 'terminated'
  } = {}
): Promise<SeededAccount[]> {
  let builder = CreatorFactory.query()
  if (options.contractStatus === 'terminated') builder = builder.apply('terminated')
  for (const platform of options.platforms ?? ['bilibili']) {
    builder = builder.with('accounts', 1, (account) => account.merge({ platform, fans: 0 }))
  }
  const creators = await builder.createMany(options.creators ?? 1)
  return creators.flatMap((creator) =>
    creator.accounts.map((account) => ({
      id: account.id,
      creator_id: creator.id,
      platform: account.platform,
    }))
  )
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
  /** The account's uploads (default none); a thrown error is the listing's failure. */
  listing?: (account: PlatformAccountRef, page: number, pageSize: number) => VideoPage
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
    async videos(account, { page, pageSize }) {
      if (options.listing) return options.listing(account, page, pageSize)
      return { items: [], page: 1, pageSize: 20, total: 0, hasMore: false }
    },
    async fanPortrait() {
      return []
    },
  }
}

/** A paged listing of `items` (pages of the asked size), as an adapter answers it. */
export function paged(items: VideoStats[], page: number, pageSize: number): VideoPage {
  const start = (page - 1) * pageSize
  return {
    items: items.slice(start, start + pageSize),
    page,
    pageSize,
    total: items.length,
    hasMore: start + pageSize < items.length,
  }
}
