import env from '#start/env'
import { PLATFORMS, type PlatformKey } from '#shared/constants'
import { defineConfig, type PlatformFactory, type PlatformMode } from '#platforms/manager'
import SimulatedAdapter from '#platforms/simulated'
import BilibiliAdapter from '#platforms/bilibili'
import YouTubeAdapter from '#platforms/youtube'
import HaokanAdapter from '#platforms/haokan'
import PlaceholderAdapter from '#platforms/placeholder'

/*
|--------------------------------------------------------------------------
| Platform adapters
|--------------------------------------------------------------------------
|
| Each of the 12 platform keys maps to the factory of its adapter;
| `platforms.use(key)` (api/platforms/main.ts) builds it once.
|
| PLATFORM_ADAPTERS=simulated (default): every platform is the deterministic
| simulator — the demo, the backfill and the benchmarks.
| PLATFORM_ADAPTERS=live: Bilibili's public web API and the YouTube Data
| API v3; the other ten platforms are placeholders whose every call fails
| with 'not_supported' (no adapter for them yet).
|
*/

const timeoutMs = env.get('PLATFORM_TIMEOUT_MS', 10_000)
const simulated: PlatformFactory = () => new SimulatedAdapter()
const placeholder =
  (platform: PlatformKey): PlatformFactory =>
  () =>
    new PlaceholderAdapter(platform)

export const platformModes: Record<PlatformMode, Record<PlatformKey, PlatformFactory>> = {
  simulated: Object.fromEntries(PLATFORMS.map((key) => [key, simulated])) as Record<
    PlatformKey,
    PlatformFactory
  >,
  live: {
    bilibili: () =>
      new BilibiliAdapter({
        baseUrl: env.get('BILIBILI_API_BASE', 'https://api.bilibili.com'),
        timeoutMs,
      }),
    youtube: () =>
      new YouTubeAdapter({
        baseUrl: env.get('YOUTUBE_API_BASE', 'https://www.googleapis.com/youtube/v3'),
        apiKey: env.get('YOUTUBE_API_KEY'),
        timeoutMs,
      }),
    xigua: placeholder('xigua'),
    haokan: () =>
      new HaokanAdapter({
        baseUrl: env.get('BAIJIAHAO_API_BASE', 'https://baijiahao.baidu.com'),
        appId: env.get('BAIJIAHAO_APP_ID'),
        timeoutMs,
      }),
    weibo: placeholder('weibo'),
    douyin: placeholder('douyin'),
    kwai: placeholder('kwai'),
    tencent: placeholder('tencent'),
    iqiyi: placeholder('iqiyi'),
    netease: placeholder('netease'),
    xiaohongshu: placeholder('xiaohongshu'),
    wechat_channels: placeholder('wechat_channels'),
  },
}

const mode = env.get('PLATFORM_ADAPTERS', 'simulated')

const platformsConfig = defineConfig({ mode, platforms: platformModes[mode] })
export default platformsConfig
