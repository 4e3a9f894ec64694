import { DateTime } from 'luxon'
import type Creator from '#models/creator'
import type User from '#models/user'
import { CreatorFactory } from '#database/factories/creator_factory'
import type { PlatformKey } from '#shared/constants'
import { daily, insertSnapshots, snapshotRows } from '#tests/helpers/metrics'

/*
|--------------------------------------------------------------------------
| The data center's hand-computed dataset
|--------------------------------------------------------------------------
|
| 35 days, 2025-01-01 (day n = 1, a Wednesday) to 2025-02-04 (n = 35, a
| Tuesday, the newest day). Every account grows linearly from its first
| day: fans(n) = f0 + fa·n, views(n) = v0 + va·n; likes = 100·n,
| comments = 10·n, shares = 2·n, danmaku = 3·n, coins = 4·n, videos = n
| (forwards and recommends 0). A diff is value(n) − value(n − 1), 0 on an
| account's first day.
|
|   A  Alpha  CR food   valid       bilibili  565,000 + 1,000n   views 10,000,000 + 50,000n
|                                   youtube   330,000 + 2,000n   views  5,000,000 + 20,000n
|   B  Bravo  IP game   valid       douyin    182,500 +   500n   views  8,000,000 + 100,000n
|                                   bilibili      999 (flat)     views      1,000 + 10n
|   C  Charlie CH food  terminated  bilibili   46,500 +   100n   views  2,000,000 + 5,000n
|   D  Delta  CR music  valid,      douyin     19,500 +   300n   views  1,000,000 + 30,000n
|             linked to a creator   youtube from n = 20 only: 5,000 + 200(n − 20),
|             account                        views 100,000 + 4,000(n − 20)
|   E  Echo   CH food   valid       bilibili      650 +    10n   views     10,000 + 100n
|
| Fans on the newest day (n = 35): A 600,000 + 400,000 = 1,000,000;
| B 200,000 + 999 = 200,999; C 50,000; D 30,000 + 8,000 = 38,000; E 1,000.
|
*/

export const FIRST_DAY = '2025-01-01'
export const LAST_DAY = '2025-02-04'
export const DAYS = 35

/** YYYY-MM-DD of day n (1 = 2025-01-01). */
export function dayN(n: number) {
  return DateTime.fromISO(FIRST_DAY, { zone: 'utc' })
    .plus({ days: n - 1 })
    .toISODate()!
}

interface AccountSpec {
  platform: PlatformKey
  from?: number
  fans: (n: number) => number
  views: (n: number) => number
  source?: 'official' | 'scraped' | 'simulated'
  adapter?: string
}

const linear = (base: number, step: number) => (n: number) => base + step * n

export interface DataCenterSeed {
  a: Creator
  b: Creator
  c: Creator
  d: Creator
  e: Creator
}

async function creatorWith(
  fields: Record<string, unknown>,
  platforms: PlatformKey[],
  terminated = false
) {
  let builder = CreatorFactory.merge(fields)
  if (terminated) builder = builder.apply('terminated')
  for (const platform of platforms) {
    builder = builder.with('accounts', 1, (account) => account.merge({ platform }))
  }
  const creator = await builder.create()
  await creator.load('accounts')
  return creator
}

function snapshotsOf(creator: Creator, specs: AccountSpec[]) {
  const collectedAt = DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss')
  return specs.flatMap((spec) => {
    const account = creator.accounts.find((item) => item.platform === spec.platform)!
    const values = (n: number) => ({
      fans: spec.fans(n),
      views: spec.views(n),
      likes: 100 * n,
      comments: 10 * n,
      shares: 2 * n,
      danmaku: 3 * n,
      coins: 4 * n,
      forwards: 0,
      recommends: 0,
      videos: n,
    })
    return snapshotRows(
      { id: account.id, creatorId: creator.id, platform: spec.platform },
      daily(spec.from ?? 1, DAYS, values, dayN),
      { source: spec.source ?? 'simulated', adapter: spec.adapter ?? 'simulated', collectedAt }
    )
  })
}

/**
 * Creates the five creators of the dataset (D linked to `creatorUser` when
 * given), inserts their snapshots and rebuilds the rollup.
 */
export async function seedDataCenter(creatorUser?: User): Promise<DataCenterSeed> {
  const a = await creatorWith(
    {
      brandNo: 'DC-A',
      channelName: 'Alpha',
      channelNameZh: '阿尔法',
      kind: 'CR',
      category: 'food',
    },
    ['bilibili', 'youtube']
  )
  const b = await creatorWith(
    { brandNo: 'DC-B', channelName: 'Bravo', kind: 'IP', category: 'game' },
    ['douyin', 'bilibili']
  )
  const c = await creatorWith(
    { brandNo: 'DC-C', channelName: 'Charlie', kind: 'CH', category: 'food' },
    ['bilibili'],
    true
  )
  const d = await creatorWith(
    {
      brandNo: 'DC-D',
      channelName: 'Delta',
      kind: 'CR',
      category: 'music',
      userId: creatorUser?.id ?? null,
    },
    ['douyin', 'youtube']
  )
  const e = await creatorWith(
    { brandNo: 'DC-E', channelName: 'Echo', kind: 'CH', category: 'food' },
    ['bilibili']
  )

  const rows = [
    ...snapshotsOf(a, [
      { platform: 'bilibili', fans: linear(565_000, 1_000), views: linear(10_000_000, 50_000) },
      {
        platform: 'youtube',
        fans: linear(330_000, 2_000),
        views: linear(5_000_000, 20_000),
        source: 'official',
        adapter: 'youtube',
      },
    ]),
    ...snapshotsOf(b, [
      { platform: 'douyin', fans: linear(182_500, 500), views: linear(8_000_000, 100_000) },
      { platform: 'bilibili', fans: linear(999, 0), views: linear(1_000, 10) },
    ]),
    ...snapshotsOf(c, [
      { platform: 'bilibili', fans: linear(46_500, 100), views: linear(2_000_000, 5_000) },
    ]),
    ...snapshotsOf(d, [
      {
        platform: 'douyin',
        fans: linear(19_500, 300),
        views: linear(1_000_000, 30_000),
        source: 'scraped',
        adapter: 'douyin_web',
      },
      {
        platform: 'youtube',
        from: 20,
        fans: (n) => 5_000 + 200 * (n - 20),
        views: (n) => 100_000 + 4_000 * (n - 20),
        source: 'official',
        adapter: 'youtube',
      },
    ]),
    ...snapshotsOf(e, [
      { platform: 'bilibili', fans: linear(650, 10), views: linear(10_000, 100) },
    ]),
  ]
  await insertSnapshots(rows)
  return { a, b, c, d, e }
}

/** Links `creator` to a creator account (creators.user_id), as MetricScope reads it. */
export async function linkCreator(creator: Creator, user: User) {
  creator.userId = user.id
  await creator.save()
}

/** The list item's identity fields, as every ranking carries them. */
export function identity(creator: Creator) {
  return {
    creator_id: creator.id,
    brand_no: creator.brandNo,
    channel_name: creator.channelName,
    channel_name_zh: creator.channelNameZh ?? null,
    kind: creator.kind,
    category: creator.category,
  }
}
