import { test } from '@japa/runner'
import SimulatedAdapter from '#platforms/simulated'
import { simulateSeries } from '#platforms/simulated_model'
import { PLATFORMS, type PlatformKey } from '#shared/constants'
import { PlatformError, type ChannelStats } from '#platforms/types'

const MONOTONIC = [
  'views',
  'likes',
  'comments',
  'shares',
  'danmaku',
  'coins',
  'forwards',
  'recommends',
  'videos',
] as const

const accounts = Array.from({ length: 240 }, (_, index) => ({
  id: index + 1,
  platform: PLATFORMS[index % PLATFORMS.length] as PlatformKey,
}))

/** Daily gains of one counter over a series. */
function gains(series: { stats: ChannelStats }[], metric: keyof ChannelStats) {
  return series.slice(1).map((row, index) => row.stats[metric] - series[index].stats[metric])
}

test.group('platforms / simulated', () => {
  test('is deterministic in (account id, platform)', ({ assert }) => {
    const a = simulateSeries({ id: 42, platform: 'bilibili' }, '2025-01-01', '2025-03-31')
    const b = simulateSeries({ id: 42, platform: 'bilibili' }, '2025-01-01', '2025-03-31')
    assert.deepEqual(a, b)
    assert.lengthOf(a, 90)
    assert.equal(a[0].date, '2025-01-01')
    assert.equal(a[89].date, '2025-03-31')
    const other = simulateSeries({ id: 43, platform: 'bilibili' }, '2025-01-01', '2025-03-31')
    const otherPlatform = simulateSeries(
      { id: 42, platform: 'youtube' },
      '2025-01-01',
      '2025-03-31'
    )
    assert.notDeepEqual(a, other)
    assert.notDeepEqual(a, otherPlatform)
    assert.deepEqual(
      simulateSeries({ id: 42, platform: 'bilibili' }, '2025-02-01', '2025-01-01'),
      []
    )
    assert.throws(() => simulateSeries({ id: 1, platform: 'bilibili' }, '2025-02-30', '2025-03-01'))
  })

  test('the value on a date does not depend on `from`', ({ assert }) => {
    for (const account of accounts.slice(0, 24)) {
      const long = simulateSeries(account, '2023-06-01', '2026-11-21')
      const byDate = new Map(long.map((row) => [row.date, row.stats]))
      for (const from of ['2023-06-02', '2024-02-29', '2025-07-13', '2026-11-21']) {
        for (const row of simulateSeries(account, from, '2026-11-21')) {
          assert.deepEqual(
            row.stats,
            byDate.get(row.date),
            `${account.platform}#${account.id} ${row.date} from ${from}`
          )
        }
      }
    }
  })

  test('counters never decrease; fans dip now and then', ({ assert }) => {
    let fanDays = 0
    let fanLosses = 0
    let decreases = 0
    for (const account of accounts) {
      const series = simulateSeries(account, '2024-11-22', '2026-11-21')
      for (const metric of MONOTONIC)
        decreases += gains(series, metric).filter((gain) => gain < 0).length
      const fans = gains(series, 'fans')
      fanDays += fans.length
      fanLosses += fans.filter((gain) => gain < 0).length
      assert.isTrue(
        series.every((row) =>
          Object.values(row.stats).every((value) => Number.isInteger(value) && value >= 0)
        )
      )
    }
    assert.equal(decreases, 0)
    assert.isAbove(fanLosses, 0)
    // Occasional: a few percent of the days.
    assert.isBelow(fanLosses / fanDays, 0.1)
  })

  test('weekends gain more views than midweek', ({ assert }) => {
    let weekend = 0
    let midweek = 0
    for (const account of accounts) {
      const series = simulateSeries(account, '2025-01-01', '2025-12-31')
      series.slice(1).forEach((row, index) => {
        const relative =
          (row.stats.views - series[index].stats.views) / Math.max(1, row.stats.views)
        const weekday = new Date(`${row.date}T00:00:00Z`).getUTCDay()
        if (weekday === 0 || weekday === 6) weekend += relative / 2
        if (weekday >= 2 && weekday <= 4) midweek += relative / 3
      })
    }
    assert.isAbove(weekend / midweek, 1.15)
  })

  test('has viral spikes, a few a year', ({ assert }) => {
    let spikes = 0
    for (const account of accounts) {
      const views = gains(simulateSeries(account, '2025-01-01', '2025-12-31'), 'views')
      const sorted = [...views].sort((a, b) => a - b)
      const median = sorted[Math.floor(sorted.length / 2)]
      // A spike day: at least 3× the channel's median daily gain, first of a run.
      views.forEach((gain, index) => {
        if (gain >= 3 * median && !(views[index - 1] >= 3 * median)) spikes++
      })
    }
    const perYear = spikes / accounts.length
    assert.isAbove(perYear, 1)
    assert.isBelow(perYear, 8)
  })

  test('sizes span small to large channels and platforms have their own counters', ({ assert }) => {
    const latest = Array.from({ length: 2400 }, (_, index) => {
      const account = {
        id: index + 1,
        platform: PLATFORMS[index % PLATFORMS.length] as PlatformKey,
      }
      return { account, stats: simulateSeries(account, '2026-11-21', '2026-11-21')[0].stats }
    })
    const fans = latest.map((row) => row.stats.fans)
    assert.isBelow(Math.min(...fans), 2_000)
    assert.isAbove(Math.max(...fans), 1_000_000)
    assert.isBelow(Math.max(...fans), 50_000_000)

    const has = (platform: PlatformKey, metric: keyof ChannelStats) =>
      latest
        .filter((row) => row.account.platform === platform)
        .every((row) => row.stats[metric] > 0)
    const none = (platform: PlatformKey, metric: keyof ChannelStats) =>
      latest
        .filter((row) => row.account.platform === platform)
        .every((row) => row.stats[metric] === 0)
    for (const platform of PLATFORMS) {
      assert.equal(has(platform, 'coins'), platform === 'bilibili', `coins on ${platform}`)
      assert.equal(has(platform, 'danmaku'), platform === 'bilibili', `danmaku on ${platform}`)
      if (platform !== 'bilibili') {
        assert.isTrue(none(platform, 'coins'))
        assert.isTrue(none(platform, 'danmaku'))
      }
      assert.isTrue(has(platform, 'views') && has(platform, 'likes') && has(platform, 'videos'))
    }
    assert.isTrue(has('weibo', 'forwards'))
    assert.isTrue(none('youtube', 'forwards') && none('youtube', 'recommends'))
    for (const platform of ['haokan', 'xigua', 'douyin', 'kwai'] as const) {
      assert.isTrue(has(platform, 'recommends'))
    }
  })

  test('the adapter answers the series, a paged video list and a portrait', async ({ assert }) => {
    const adapter = new SimulatedAdapter({ now: () => '2026-11-21' })
    const ref = { id: 5, creatorId: 2, platform: 'bilibili' as const, uid: '5' }
    const stats = await adapter.channelStats(ref, { date: '2026-06-01' })
    assert.deepEqual(stats, simulateSeries(ref, '2026-06-01', '2026-06-01')[0].stats)

    const today = simulateSeries(ref, '2026-11-21', '2026-11-21')[0].stats
    const first = await adapter.videos(ref, { page: 1, pageSize: 20 })
    assert.equal(first.total, today.videos)
    assert.lengthOf(first.items, 20)
    assert.isTrue(first.hasMore)
    assert.deepEqual(await adapter.videos(ref, { page: 1, pageSize: 20 }), first)
    const second = await adapter.videos(ref, { page: 2, pageSize: 20 })
    assert.notEqual(second.items[0].id, first.items[0].id)
    assert.isTrue(first.items[0].publishedAt! >= second.items[0].publishedAt!)
    const lastPage = Math.ceil(first.total / 20)
    const last = await adapter.videos(ref, { page: lastPage, pageSize: 20 })
    assert.isFalse(last.hasMore)

    const portrait = await adapter.fanPortrait(ref)
    assert.lengthOf(portrait, 12)
    for (const dimension of portrait) {
      const total = dimension.buckets.reduce((sum, bucket) => sum + bucket.share, 0)
      assert.approximately(total, 1, 1e-9)
    }
    assert.deepEqual(await adapter.fanPortrait(ref), portrait)
  })

  test('feeds only accounts a live adapter could read', async ({ assert }) => {
    const adapter = new SimulatedAdapter({ now: () => '2026-11-21' })
    const date = { date: '2026-06-01' }
    const base = { id: 7, creatorId: 3, uid: '7' }
    const notSetUp = async (ref: Parameters<SimulatedAdapter['channelStats']>[0]) => {
      const error = await adapter.channelStats(ref, date).catch((caught) => caught)
      assert.instanceOf(error, PlatformError)
      assert.equal(error.code, 'not_configured')
    }
    // a made-up account: no token, no cookie (a Chinese platform signs in with one)
    await notSetUp({ ...base, platform: 'bilibili', connected: false })
    await notSetUp({ ...base, platform: 'douyin', uid: null, connected: true })
    // with a token or cookie, or on YouTube (public statistics), the series is answered
    const connected = await adapter.channelStats(
      { ...base, platform: 'bilibili', connected: true },
      date
    )
    assert.isAbove(connected.fans, 0)
    const youtube = await adapter.channelStats(
      { ...base, platform: 'youtube', connected: false },
      date
    )
    assert.isAbove(youtube.fans, 0)
  })

  test('speed (printed, not asserted)', () => {
    const many = Array.from({ length: 1000 }, (_, index) => ({
      id: 100_000 + index,
      platform: PLATFORMS[index % PLATFORMS.length] as PlatformKey,
    }))
    let days = 0
    const cpu = process.cpuUsage()
    const started = performance.now()
    for (const account of many) days += simulateSeries(account, '2024-11-22', '2026-11-21').length
    const seconds = (performance.now() - started) / 1000
    const used = process.cpuUsage(cpu)
    const cpuSeconds = (used.user + used.system) / 1e6
    const rate = (per: number) => Math.round(days / per).toLocaleString('en')
    console.log(
      `      simulator: ${days} account-days in ${(seconds * 1000).toFixed(0)} ms wall = ${rate(seconds)}/s (CPU time: ${rate(cpuSeconds)}/s)`
    )
  })
})
