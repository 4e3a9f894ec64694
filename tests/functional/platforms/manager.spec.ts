import { test } from '@japa/runner'
import platforms from '#platforms/main'
import { PlatformManager, defineConfig } from '#platforms/manager'
import { platformModes } from '#config/platforms'
import SimulatedAdapter from '#platforms/simulated'
import BilibiliAdapter from '#platforms/bilibili'
import YouTubeAdapter from '#platforms/youtube'
import DouyinAdapter from '#platforms/douyin'
import XiguaAdapter from '#platforms/xigua'
import KwaiAdapter from '#platforms/kwai'
import WeiboAdapter from '#platforms/weibo'
import HaokanAdapter from '#platforms/haokan'
import XiaohongshuAdapter from '#platforms/xiaohongshu'
import WeChatChannelsAdapter from '#platforms/wechat_channels'
import TencentAdapter from '#platforms/tencent'
import IqiyiAdapter from '#platforms/iqiyi'
import NeteaseAdapter from '#platforms/netease'
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

  test('live mode: every platform has its real adapter, none reads an account without a login', async ({
    assert,
  }) => {
    const live = new PlatformManager(defineConfig({ mode: 'live', platforms: platformModes.live }))
    assert.equal(live.mode, 'live')
    assert.sameMembers(live.keys(), [...PLATFORMS])
    const classes: Record<PlatformKey, new (...args: any[]) => PlatformAdapter> = {
      bilibili: BilibiliAdapter,
      youtube: YouTubeAdapter,
      douyin: DouyinAdapter,
      xigua: XiguaAdapter,
      kwai: KwaiAdapter,
      weibo: WeiboAdapter,
      haokan: HaokanAdapter,
      xiaohongshu: XiaohongshuAdapter,
      wechat_channels: WeChatChannelsAdapter,
      tencent: TencentAdapter,
      iqiyi: IqiyiAdapter,
      netease: NeteaseAdapter,
    }
    for (const key of PLATFORMS) {
      const adapter = live.use(key)
      assert.instanceOf(adapter, classes[key], key)
      assert.equal(adapter.source, 'official', key)
    }

    // an account holding neither token nor cookie is refused before any call
    const others = PLATFORMS.filter((key) => key !== 'bilibili' && key !== 'youtube')
    for (const key of others) {
      const error = await rejection(() =>
        live.use(key).channelStats(account(key), { date: '2026-01-01' })
      )
      assert.instanceOf(error, PlatformError, key)
      assert.equal(error.platform, key)
      assert.include(['not_configured', 'not_supported'], error.code, key)
      assert.isFalse(error.retryable, key)
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
