import {
  PlatformError,
  type ChannelStats,
  type FanPortrait,
  type PlatformAccountRef,
  type PlatformAdapter,
  type VideoPage,
  type VideoStats,
} from '#platforms/types'
import { ByteDanceClient, ByteDanceVideos, loginOf } from '#platforms/bytedance_client'

/*
|--------------------------------------------------------------------------
| Xigua (live, ByteDance open platform with the creator's Xigua OAuth token)
|--------------------------------------------------------------------------
|
| Xigua is served by the same ByteDance open platform as Douyin, with its
| own OAuth origin: the creator authorises the studio's app at
| https://open-api.ixigua.com (XIGUA_OAUTH_BASE: oauth/connect,
| access_token, refresh_token, userinfo — the connect flow's part), and the
| Xigua content APIs are answered at https://open.douyin.com
| (XIGUA_API_BASE) under /xigua/, with that token:
|
|   xigua/video/list/?cursor&count   (scope xigua.video.data)
|       list[] {item_id, title, create_time, cover, statistics {play_count,
|       digg_count, comment_count, share_count, forward_count}}, cursor,
|       has_more → the listing
|   xigua/video/data/  POST {item_ids}   the same items by id → videosById
|   oauth/userinfo/ (on the OAuth origin)  POST form {open_id, access_token}
|       → checkLogin (it answers avatar, nickname and open_id only)
|
| Both go through bytedance_client.ts (headers, open_id, error codes, the
| cursor paging), shared with douyin.ts.
|
| What Xigua does not give an app: a fans count (its OAuth user info has
| none, and the external-data APIs that give Douyin's fans are Douyin's),
| and any fans portrait. channelStats therefore fails with 'not_supported'
| instead of recording 0 fans (as YouTube does for a hidden subscriber
| count): the daily run skips the account, and its figures come from the
| creator-center export import. The video list and videosById work.
| A public SDK dropped the Xigua content APIs in 2023, which suggests they
| are being wound down; an error code they answer is mapped like any other.
|
| Tested only against a local fake server answering the published samples
| (tests/functional/platforms/xigua.spec.ts, tests/fixtures/platforms/xigua).
|
*/

interface XiguaAdapterOptions {
  /** https://open.douyin.com (XIGUA_API_BASE): the /xigua/ content APIs. */
  baseUrl: string
  /** https://open-api.ixigua.com (XIGUA_OAUTH_BASE): oauth/userinfo/. */
  oauthBaseUrl: string
  timeoutMs?: number
}

export const XIGUA_PATHS = {
  userInfo: 'oauth/userinfo/',
  videos: { list: 'xigua/video/list/', data: 'xigua/video/data/', pageMax: 20, idsMax: 20 },
} as const

export default class XiguaAdapter implements PlatformAdapter {
  readonly name = 'xigua'
  readonly source = 'official' as const

  #oauth: ByteDanceClient
  #videos: ByteDanceVideos

  constructor(options: XiguaAdapterOptions) {
    this.#oauth = new ByteDanceClient('xigua', options.oauthBaseUrl, options.timeoutMs)
    this.#videos = new ByteDanceVideos(
      new ByteDanceClient('xigua', options.baseUrl, options.timeoutMs),
      XIGUA_PATHS.videos
    )
  }

  /** Xigua's open platform gives no fans count: not_supported (see the header). */
  async channelStats(
    account: PlatformAccountRef,
    _options?: { date: string }
  ): Promise<ChannelStats> {
    loginOf('xigua', account)
    throw new PlatformError(
      'xigua',
      'not_supported',
      "Xigua's open platform gives no fans count: import the creator-center export for the channel's figures",
      { retryable: false }
    )
  }

  async videos(
    account: PlatformAccountRef,
    options: { page: number; pageSize: number }
  ): Promise<VideoPage> {
    return this.#videos.listing(loginOf('xigua', account), options)
  }

  async videosById(
    account: PlatformAccountRef,
    ids: string[],
    _options?: { at: string }
  ): Promise<VideoStats[]> {
    return this.#videos.byIds(loginOf('xigua', account), ids)
  }

  /** Xigua's open platform has no audience figures. */
  async fanPortrait(_account?: PlatformAccountRef): Promise<FanPortrait[]> {
    return []
  }

  async checkLogin(account: PlatformAccountRef): Promise<void> {
    const login = loginOf('xigua', account)
    await this.#oauth.call(login, XIGUA_PATHS.userInfo, {
      method: 'POST',
      form: { open_id: login.openId, access_token: login.accessToken },
    })
  }
}
