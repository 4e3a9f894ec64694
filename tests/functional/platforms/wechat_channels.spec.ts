import { execFileSync } from 'node:child_process'
import { test } from '@japa/runner'
import { BrowserSession } from '#platforms/browser_session'
import WeChatChannelsAdapter, {
  type WeChatChannelsAdapterOptions,
} from '#platforms/wechat_channels'
import type { PlatformAccountRef } from '#platforms/types'
import { platformError } from '#tests/helpers/platforms'
import { cookieExport, startCreatorCenter, type CreatorCenter } from '#tests/helpers/creator_center'
import { CHROMIUM_PATH } from '#tests/helpers/browser'
import { ownSetup } from '#tests/helpers/processes'

/*
| The WeChat Channels adapter in Chromium against fake 视频号助手 pages
| (tests/helpers/creator_center.ts) that POST to auth_data and post_list the
| way channels.weixin.qq.com/platform does and answer with the published
| bodies of tests/fixtures/platforms/wechat_channels/. The fake's list asks
| for pages of 2 posts (the real one 20), so that three published posts make
| two pages.
*/

function account(id: number, session = 'session-1'): PlatformAccountRef {
  return {
    id,
    creatorId: 1,
    platform: 'wechat_channels',
    uid: 'v2_xxx@finder',
    cookie: cookieExport('wechat_channels', session),
  }
}

function ownChromium() {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), 'chromium'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
  } catch {
    return []
  }
}

test.group('platforms / wechat_channels (browser session)', (group) => {
  ownSetup(group)
  let center: CreatorCenter
  let session: BrowserSession
  let adapter: WeChatChannelsAdapter

  group.setup(() => {
    session = new BrowserSession({ executablePath: CHROMIUM_PATH, concurrency: 2, idleMs: 5_000 })
    return async () => {
      await session.close()
    }
  })
  group.each.setup(async () => {
    center = await startCreatorCenter('wechat_channels', {
      sessions: ['session-1', 'session-2', 'session-3'],
      listPageSize: 2,
    })
    const options: WeChatChannelsAdapterOptions = {
      baseUrl: center.url,
      cookieDomain: center.host,
      session,
      timeoutMs: 15_000,
      listPageSize: 2,
    }
    adapter = new WeChatChannelsAdapter(options)
    return () => center.close()
  })

  test('reads the channel from auth_data and the first post list page', async ({ assert }) => {
    const stats = await adapter.channelStats(account(1), { date: '2026-12-06' })
    assert.deepEqual(stats, {
      fans: 1288,
      views: 1520 + 230,
      likes: 36 + 7,
      comments: 5 + 0,
      shares: 12 + 1,
      danmaku: 0,
      coins: 0,
      forwards: 0,
      recommends: 50 + 3,
      videos: 3,
    })
    assert.equal(center.hits.get('/platform'), 1)
    assert.equal(center.hits.get('/platform/post/list'), 1)
  }).timeout(60_000)

  test('lists posts page by page through the list’s 下一页 button', async ({ assert }) => {
    const first = await adapter.videos(account(2), { page: 1, pageSize: 20 })
    assert.deepEqual(
      first.items.map((post) => post.id),
      ['14318542186417887467', '14318542186417887468']
    )
    assert.deepInclude(first.items[0], {
      title: '视频号测试文案',
      publishedAt: '2025-07-31T10:00:00.000Z',
      url: null,
      views: 1520,
      likes: 36,
      comments: 5,
      shares: 12,
      favorites: 50,
      durationS: 58,
    })
    assert.equal(first.total, 3)
    assert.isTrue(first.hasMore)

    const second = await adapter.videos(account(2), { page: 2, pageSize: 20 })
    assert.deepEqual(
      second.items.map((post) => post.id),
      ['14318542186417887469']
    )
    assert.isFalse(second.hasMore)

    // past the end: page 2 is short, so the read ends without a page 3
    const third = await adapter.videos(account(2), { page: 3, pageSize: 20 })
    assert.deepEqual(third.items, [])
    assert.isFalse(third.hasMore)
  }).timeout(90_000)

  test('a session signed out mid-run: the first read works, the next lands on the login page', async ({
    assert,
  }) => {
    await adapter.checkLogin(account(3, 'session-3'))
    center.signOut('session-3')
    const error = await platformError(assert, () => adapter.checkLogin(account(3, 'session-3')), {
      platform: 'wechat_channels',
      code: 'auth',
      retryable: false,
    })
    assert.include(error.message, '/login.html')
  }).timeout(60_000)

  test('a signed-out answer (errCode 300333) is auth', async ({ assert }) => {
    center.signedOutBy = 'answer'
    const error = await platformError(
      assert,
      () => adapter.channelStats(account(4, 'unknown-session'), { date: '2026-12-06' }),
      { platform: 'wechat_channels', code: 'auth', retryable: false }
    )
    assert.equal(error.options.upstreamCode, 300333)
  }).timeout(60_000)

  test('a verification page is captcha', async ({ assert }) => {
    center.captcha = 'page'
    await platformError(assert, () => adapter.checkLogin(account(5)), {
      platform: 'wechat_channels',
      code: 'captcha',
      retryable: false,
    })
  }).timeout(60_000)

  test('closing the session leaves no Chromium of this process running', async ({ assert }) => {
    await adapter.checkLogin(account(6))
    await session.close()
    for (let tries = 0; tries < 50 && ownChromium().length > 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    assert.deepEqual(ownChromium(), [])
  }).timeout(60_000)
})
