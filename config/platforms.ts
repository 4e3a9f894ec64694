import env from '#start/env'
import { PLATFORMS, type PlatformKey } from '#shared/constants'
import { defineConfig, type PlatformFactory, type PlatformMode } from '#platforms/manager'
import SimulatedAdapter from '#platforms/simulated'
import BilibiliAdapter from '#platforms/bilibili'
import YouTubeAdapter from '#platforms/youtube'
import HaokanAdapter from '#platforms/haokan'
import DouyinAdapter from '#platforms/douyin'
import XiguaAdapter from '#platforms/xigua'
import KwaiAdapter from '#platforms/kwai'
import WeiboAdapter from '#platforms/weibo'
import XiaohongshuAdapter from '#platforms/xiaohongshu'
import WeChatChannelsAdapter from '#platforms/wechat_channels'
import TencentAdapter from '#platforms/tencent'
import IqiyiAdapter from '#platforms/iqiyi'
import NeteaseAdapter from '#platforms/netease'

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
| PLATFORM_ADAPTERS=live: every platform's real adapter — Bilibili's public
| web API, the YouTube Data API v3, the open APIs read with the creator's
| OAuth token (Douyin, Xigua, Kuaishou, Weibo) or Baijiahao app token
| (Haokan), and a signed-in browser session with the account's cookies
| (Xiaohongshu, WeChat Channels, Tencent, iQiyi, Netease; one Chromium,
| BROWSER_SESSION_CHROMIUM / BROWSER_SESSION_CONCURRENCY). README's platform
| table says what each reads and how it was tested.
|
*/

const timeoutMs = env.get('PLATFORM_TIMEOUT_MS', 10_000)
const simulated: PlatformFactory = () => new SimulatedAdapter()

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
    xigua: () =>
      new XiguaAdapter({
        baseUrl: env.get('XIGUA_API_BASE', 'https://open.douyin.com'),
        oauthBaseUrl: env.get('XIGUA_OAUTH_BASE', 'https://open-api.ixigua.com'),
        timeoutMs,
      }),
    haokan: () =>
      new HaokanAdapter({
        baseUrl: env.get('BAIJIAHAO_API_BASE', 'https://baijiahao.baidu.com'),
        appId: env.get('BAIJIAHAO_APP_ID'),
        timeoutMs,
      }),
    weibo: () =>
      new WeiboAdapter({
        baseUrl: env.get('WEIBO_API_BASE', 'https://api.weibo.com/2'),
        timeoutMs,
      }),
    douyin: () =>
      new DouyinAdapter({
        baseUrl: env.get('DOUYIN_API_BASE', 'https://open.douyin.com'),
        timeoutMs,
      }),
    kwai: () =>
      new KwaiAdapter({
        baseUrl: env.get('KWAI_API_BASE', 'https://open.kuaishou.com'),
        appId: env.get('KWAI_APP_ID'),
        timeoutMs,
      }),
    tencent: () =>
      new TencentAdapter({
        baseUrl: env.get('TENCENT_OM_BASE', 'https://om.qq.com'),
        cookieDomain: env.get('TENCENT_COOKIE_DOMAIN', '.qq.com'),
      }),
    iqiyi: () =>
      new IqiyiAdapter({
        baseUrl: env.get('IQIYI_WEB_BASE', 'https://www.iqiyi.com'),
        cookieDomain: env.get('IQIYI_COOKIE_DOMAIN', '.iqiyi.com'),
      }),
    netease: () =>
      new NeteaseAdapter({
        baseUrl: env.get('NETEASE_MP_BASE', 'https://mp.163.com'),
        cookieDomain: env.get('NETEASE_COOKIE_DOMAIN', '.163.com'),
      }),
    xiaohongshu: () =>
      new XiaohongshuAdapter({
        baseUrl: env.get('XIAOHONGSHU_CREATOR_BASE', 'https://creator.xiaohongshu.com'),
        cookieDomain: env.get('XIAOHONGSHU_COOKIE_DOMAIN', '.xiaohongshu.com'),
      }),
    wechat_channels: () =>
      new WeChatChannelsAdapter({
        baseUrl: env.get('WECHAT_CHANNELS_BASE', 'https://channels.weixin.qq.com'),
        cookieDomain: env.get('WECHAT_CHANNELS_COOKIE_DOMAIN', 'channels.weixin.qq.com'),
      }),
  },
}

const mode = env.get('PLATFORM_ADAPTERS', 'simulated')

const platformsConfig = defineConfig({ mode, platforms: platformModes[mode] })
export default platformsConfig
