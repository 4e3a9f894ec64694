import db from '@adonisjs/lucid/services/db'
import type Creator from '#models/creator'
import CreatorPlatformAccount from '#models/creator_platform_account'
import type User from '#models/user'
import MetricRollupService from '#services/metrics/rollup_service'
import { CreatorFactory } from '#database/factories/creator_factory'
import { userWithCode } from '#tests/helpers/users'
import { METRICS, type Metric, type PlatformKey } from '#shared/constants'

/*
|--------------------------------------------------------------------------
| Metric snapshots for tests: rows written straight into metric_snapshots
| (the differences computed here, from the values given day by day), then
| the rollup rebuilt — so the numbers a test expects depend on the values
| it wrote, never on the collection's own code.
|--------------------------------------------------------------------------
*/

export type Values = Partial<Record<Metric, number>>

export interface AccountRef {
  id: number
  creatorId: number
  platform: PlatformKey
}

/** 'YYYY-MM-DD' of March 2025 (the test month). */
export const march = (day: number) => `2025-03-${String(day).padStart(2, '0')}`

/**
 * Values of each day from `first` to `last`: `valueOf(day)` per metric, on
 * the dates `dateOf` gives (days of March 2025 by default).
 */
export function daily(
  first: number,
  last: number,
  valueOf: (day: number) => Values,
  dateOf: (day: number) => string = march
): Record<string, Values> {
  const points: Record<string, Values> = {}
  for (let day = first; day <= last; day++) points[dateOf(day)] = valueOf(day)
  return points
}

/** Where the rows say their values came from; by default the test adapter at 04:00 that day. */
export interface RowSource {
  source?: 'official' | 'scraped' | 'simulated'
  adapter?: string
  /** 'YYYY-MM-DD HH:mm:ss' of every row; by default each day's 04:00. */
  collectedAt?: string
}

/**
 * Snapshot rows of one account: each day's values and, per metric, the
 * difference to the previous day given (0 on the first one). Every dataset
 * of the tests builds its rows here.
 */
export function snapshotRows(
  account: AccountRef,
  points: Record<string, Values>,
  from: RowSource = {}
) {
  const dates = Object.keys(points).sort()
  let previous: Values | null = null
  return dates.map((date) => {
    const values = points[date]
    const row: Record<string, unknown> = {
      account_id: account.id,
      creator_id: account.creatorId,
      platform: account.platform,
      snapshot_date: date,
      source: from.source ?? 'simulated',
      adapter: from.adapter ?? 'test',
      collected_at: from.collectedAt ?? `${date} 04:00:00`,
    }
    for (const metric of METRICS) {
      const value = values[metric] ?? 0
      row[metric] = value
      row[`${metric}_diff`] = previous ? value - (previous[metric] ?? 0) : 0
    }
    previous = values
    return row
  })
}

/** Writes the rows and rebuilds the rollup (which also empties the metrics cache). */
export async function insertSnapshots(rows: Record<string, unknown>[]) {
  for (let index = 0; index < rows.length; index += 200) {
    await db.table('metric_snapshots').multiInsert(rows.slice(index, index + 200))
  }
  await MetricRollupService.rebuild()
}

/**
 * A creator with one account on `platform` (its fields and the account's
 * merged), and a reference to that account for snapshotRows.
 */
export async function creatorWithAccount(
  platform: PlatformKey,
  account: Record<string, unknown> = {},
  creator: Record<string, unknown> = {}
) {
  const row = await CreatorFactory.merge(creator)
    .with('accounts', 1, (builder) => builder.merge({ platform, ...account }))
    .create()
  return { creator: row, account: await accountOf(row, platform) }
}

/**
 * An account's fans with a follower spike on 10 March: +20 a day over 1–9
 * March (the week's average is 20), then +600, 30 times that average.
 */
export function followerSpike() {
  return daily(1, 10, (d) => ({ fans: d < 10 ? 10_000 + 20 * d : 10_180 + 600 }))
}

export async function accountOf(creator: Creator, platform: PlatformKey): Promise<AccountRef> {
  const account = await CreatorPlatformAccount.query()
    .where('creator_id', creator.id)
    .where('platform', platform)
    .firstOrFail()
  return { id: account.id, creatorId: creator.id, platform }
}

/*
|--------------------------------------------------------------------------
| The dashboard's hand-computed dataset: 1–10 March 2025, five creators.
|--------------------------------------------------------------------------
|
| day d = 1..10 (2025-03-0d)
| A  CR food, valid — "Alpha Kitchen" / 阿尔法厨房
|    bilibili: fans 1000+100d, views 10000+1000d, likes 500+10d, comments 100+2d,
|              videos 10 (d 1–4), 11 (d 5–9), 12 (d 10)
|    youtube:  fans 5000+200d, views 50000+5000d, likes 2000+50d, comments 300+5d, videos 20
|    ad prices: bilibili 1,000,000 KRW; youtube 500 USD (= 690,000 KRW)
| B  IP game, valid, linked to a creator-role user — "Bravo Games"
|    douyin:   fans 3000 3100 3200 3300 3400 3500 3600 3550 3650 3750 (a loss on d 8),
|              views 20000+3000d, likes 1000+20d, comments 200+4d, videos 30 (d 1–7), 31 (d 8–10)
|    ad price: douyin 6,000 CNY (= 1,140,000 KRW)
| C  CH beauty, TERMINATED (snapshots d 1–6 only) — "Charlie Beauty"
|    bilibili: fans 8000+10d, views 40000+500d, likes 3000+5d, comments 400+d, videos 50
| D  CR vlog, valid, youtube account new on d 6 — "Delta Vlog"
|    youtube (d 6–10): fans 3000+100(d−6), views 5000+10000(d−6), likes 100+10(d−6),
|              comments 10+(d−6), videos 5 (d 6–8), 6 (d 9–10)
| E  CH music, valid, no account and no snapshot — "Echo Music"
|    ad price: bilibili 100 USD (= 138,000 KRW)
*/
export interface DashboardDataset {
  a: Creator
  b: Creator
  c: Creator
  d: Creator
  e: Creator
  creatorUser: User
  accounts: {
    aBili: AccountRef
    aYt: AccountRef
    bDy: AccountRef
    cBili: AccountRef
    dYt: AccountRef
  }
}

const B_FANS = [3000, 3100, 3200, 3300, 3400, 3500, 3600, 3550, 3650, 3750]

export async function seedDashboardDataset(): Promise<DashboardDataset> {
  const account = (platform: PlatformKey) => (builder: any) => builder.merge({ platform })
  const adPrice =
    (platform: PlatformKey, format: string, price: string, currency: string) => (builder: any) =>
      builder.merge({ platform, format, price, currency })
  const creatorUser = await userWithCode('creator', null)
  const a = await CreatorFactory.merge({
    brandNo: 'D-A',
    kind: 'CR',
    category: 'food',
    channelName: 'Alpha Kitchen',
    channelNameZh: '阿尔法厨房',
  })
    .with('accounts', 1, account('bilibili'))
    .with('accounts', 1, account('youtube'))
    .with('adPrices', 1, adPrice('bilibili', 'dedicated', '1000000', 'KRW'))
    .with('adPrices', 1, adPrice('youtube', 'dedicated', '500', 'USD'))
    .create()
  const b = await CreatorFactory.merge({
    brandNo: 'D-B',
    kind: 'IP',
    category: 'game',
    channelName: 'Bravo Games',
    userId: creatorUser.id,
  })
    .with('accounts', 1, account('douyin'))
    .with('adPrices', 1, adPrice('douyin', 'integration', '6000', 'CNY'))
    .create()
  const c = await CreatorFactory.merge({
    brandNo: 'D-C',
    kind: 'CH',
    category: 'beauty',
    channelName: 'Charlie Beauty',
  })
    .apply('terminated')
    .with('accounts', 1, account('bilibili'))
    .create()
  const d = await CreatorFactory.merge({
    brandNo: 'D-D',
    kind: 'CR',
    category: 'vlog',
    channelName: 'Delta Vlog',
  })
    .with('accounts', 1, account('youtube'))
    .create()
  const e = await CreatorFactory.merge({
    brandNo: 'D-E',
    kind: 'CH',
    category: 'music',
    channelName: 'Echo Music',
  })
    .with('adPrices', 1, adPrice('bilibili', 'post', '100', 'USD'))
    .create()

  const accounts = {
    aBili: await accountOf(a, 'bilibili'),
    aYt: await accountOf(a, 'youtube'),
    bDy: await accountOf(b, 'douyin'),
    cBili: await accountOf(c, 'bilibili'),
    dYt: await accountOf(d, 'youtube'),
  }

  await insertSnapshots([
    ...snapshotRows(
      accounts.aBili,
      daily(1, 10, (day) => ({
        fans: 1000 + 100 * day,
        views: 10000 + 1000 * day,
        likes: 500 + 10 * day,
        comments: 100 + 2 * day,
        videos: 10 + Math.floor(day / 5),
      }))
    ),
    ...snapshotRows(
      accounts.aYt,
      daily(1, 10, (day) => ({
        fans: 5000 + 200 * day,
        views: 50000 + 5000 * day,
        likes: 2000 + 50 * day,
        comments: 300 + 5 * day,
        videos: 20,
      }))
    ),
    ...snapshotRows(
      accounts.bDy,
      daily(1, 10, (day) => ({
        fans: B_FANS[day - 1],
        views: 20000 + 3000 * day,
        likes: 1000 + 20 * day,
        comments: 200 + 4 * day,
        videos: day < 8 ? 30 : 31,
      }))
    ),
    ...snapshotRows(
      accounts.cBili,
      daily(1, 6, (day) => ({
        fans: 8000 + 10 * day,
        views: 40000 + 500 * day,
        likes: 3000 + 5 * day,
        comments: 400 + day,
        videos: 50,
      }))
    ),
    ...snapshotRows(
      accounts.dYt,
      daily(6, 10, (day) => ({
        fans: 3000 + 100 * (day - 6),
        views: 5000 + 10000 * (day - 6),
        likes: 100 + 10 * (day - 6),
        comments: 10 + (day - 6),
        videos: day < 9 ? 5 : 6,
      }))
    ),
  ])

  return { a, b, c, d, e, creatorUser, accounts }
}
