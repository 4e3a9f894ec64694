import { test } from '@japa/runner'
import platforms from '#platforms/main'
import { PlatformManager, defineConfig } from '#platforms/manager'
import { platformModes } from '#config/platforms'
import SimulatedAdapter from '#platforms/simulated'
import BilibiliAdapter from '#platforms/bilibili'
import YouTubeAdapter from '#platforms/youtube'
import PlaceholderAdapter from '#platforms/placeholder'
import { PlatformError, type PlatformAdapter, type PlatformAccountRef } from '#platforms/types'
import { PLATFORMS, type PlatformKey } from '#shared/constants'
import { rejection } from '#tests/helpers/platforms'

const fakeAdapter: PlatformAdapter = {
  name: 'fake',
  source: 'official',
  channelStats: async () => ({
    fans: 1,
    views: 2,
    likes: 3,
    comments: 4,
    shares: 0,
    danmaku: 0,
    coins: 0,
    forwards: 0,
    recommends: 0,
    videos: 5,
  }),
  videos: async () => ({ items: [], page: 1, pageSize: 20, total: 0, hasMore: false }),
  fanPortrait: async () => [],
}

const account = (platform: PlatformKey): PlatformAccountRef => ({
  id: 1,
  creatorId: 1,
  platform,
  uid: '1',
})

test.group('platforms / manager', (group) => {
  group.each.teardown(() => platforms.restore())

  test('the default (PLATFORM_ADAPTERS unset) simulates every platform', async ({ assert }) => {
    assert.equal(platforms.mode, 'simulated')
    assert.sameMembers(platforms.keys(), [...PLATFORMS])
    for (const key of PLATFORMS) {
      const adapter = platforms.use(key)
      assert.instanceOf(adapter, SimulatedAdapter)
      assert.equal(adapter.name, 'simulated')
      assert.equal(adapter.source, 'simulated')
    }
    // Built once, then reused.
    assert.strictEqual(platforms.use('bilibili'), platforms.use('bilibili'))
  })

  test('an unknown key is an error naming config/platforms.ts', ({ assert }) => {
    assert.throws(
      () => platforms.use('myspace' as PlatformKey),
      /Unknown platform "myspace".*config\/platforms\.ts/
    )
  })

  test('fake() swaps an adapter until restore()', async ({ assert }) => {
    const real = platforms.use('youtube')
    platforms.fake('youtube', fakeAdapter)
    assert.strictEqual(platforms.use('youtube'), fakeAdapter)
    assert.instanceOf(platforms.use('bilibili'), SimulatedAdapter)
    const stats = await platforms
      .use('youtube')
      .channelStats(account('youtube'), { date: '2026-01-01' })
    assert.equal(stats.fans, 1)

    platforms.fake('bilibili', fakeAdapter)
    platforms.restore('bilibili')
    assert.strictEqual(platforms.use('youtube'), fakeAdapter)
    assert.instanceOf(platforms.use('bilibili'), SimulatedAdapter)

    platforms.restore()
    assert.strictEqual(platforms.use('youtube'), real)
  })

  test('live mode: Bilibili and YouTube are real, the other ten are placeholders', async ({
    assert,
  }) => {
    const live = new PlatformManager(defineConfig({ mode: 'live', platforms: platformModes.live }))
    assert.equal(live.mode, 'live')
    assert.sameMembers(live.keys(), [...PLATFORMS])
    assert.instanceOf(live.use('bilibili'), BilibiliAdapter)
    assert.equal(live.use('bilibili').source, 'official')
    assert.instanceOf(live.use('youtube'), YouTubeAdapter)

    const others = PLATFORMS.filter((key) => key !== 'bilibili' && key !== 'youtube')
    assert.lengthOf(others, 10)
    for (const key of others) {
      const adapter = live.use(key)
      assert.instanceOf(adapter, PlaceholderAdapter)
      for (const call of [
        () => adapter.channelStats(account(key), { date: '2026-01-01' }),
        () => adapter.videos(account(key), { page: 1, pageSize: 20 }),
        () => adapter.fanPortrait(account(key)),
      ]) {
        const error = await rejection(call)
        assert.instanceOf(error, PlatformError)
        assert.equal(error.code, 'not_supported')
        assert.equal(error.platform, key)
        assert.isFalse(error.retryable)
        assert.include(error.message, `Platform "${key}" is not supported yet`)
      }
    }
  })

  test('the live YouTube adapter without YOUTUBE_API_KEY is not_configured', async ({ assert }) => {
    const live = new PlatformManager(
      defineConfig({
        mode: 'live',
        platforms: {
          ...platformModes.live,
          youtube: () => new YouTubeAdapter({ baseUrl: 'http://127.0.0.1:9', apiKey: null }),
        },
      })
    )
    const error = await rejection(() =>
      live.use('youtube').channelStats(account('youtube'), { date: '2026-01-01' })
    )
    assert.equal(error.code, 'not_configured')
  })
})
