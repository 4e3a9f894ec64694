import { DateTime } from 'luxon'
import type Creator from '#models/creator'
import type User from '#models/user'
import { linkCreator } from '#tests/helpers/data_center'
import { creatorWithAccount, daily, insertSnapshots, snapshotRows } from '#tests/helpers/metrics'

/*
|--------------------------------------------------------------------------
| Creator tracking's hand-made March 2025 (days 1–10; the week is 4–10,
| measured against day 3). Days 1–3 hold the start value, then the value
| grows evenly to day 10:
|
| A  bilibili "Alpha Kitchen"  fans 10,000 → 11,000 (+1,000, 10 %), views 100,000 → 150,000
| B  douyin   "Bravo Games"    fans  1,000 →  1,500 (+500, 50 %),  views 500,000 → 510,000
| C  youtube  "Charlie Beauty" fans 100,000 → 100,800 (+800, 0.8 %), views 50,000 → 52,000
|
| B belongs to `creatorUser` when one is given. By growth as a count: A, C,
| B; as a rate: B, A, C; by fans: C, A, B.
|--------------------------------------------------------------------------
*/

const steadyThenGrowing = (start: number, end: number) => (day: number) =>
  day <= 3 ? start : Math.round(start + ((end - start) * (day - 3)) / 7)

async function trackedCreator(
  platform: 'bilibili' | 'douyin' | 'youtube',
  name: string,
  fans: [number, number],
  views: [number, number]
) {
  const { creator, account } = await creatorWithAccount(
    platform,
    { lastCollectedAt: DateTime.utc() },
    { channelName: name }
  )
  const fansOf = steadyThenGrowing(...fans)
  const viewsOf = steadyThenGrowing(...views)
  const points = daily(1, 10, (d) => ({ fans: fansOf(d), views: viewsOf(d) }))
  return { creator, rows: snapshotRows(account, points) }
}

export interface TrackingSeed {
  a: Creator
  b: Creator
  c: Creator
}

export async function seedTracking(creatorUser?: User): Promise<TrackingSeed> {
  const a = await trackedCreator('bilibili', 'Alpha Kitchen', [10_000, 11_000], [100_000, 150_000])
  const b = await trackedCreator('douyin', 'Bravo Games', [1_000, 1_500], [500_000, 510_000])
  const c = await trackedCreator('youtube', 'Charlie Beauty', [100_000, 100_800], [50_000, 52_000])
  await insertSnapshots([...a.rows, ...b.rows, ...c.rows])
  if (creatorUser) await linkCreator(b.creator, creatorUser)
  return { a: a.creator, b: b.creator, c: c.creator }
}
