import { test } from '@japa/runner'
import { BrowserSession } from '#platforms/browser_session'
import TencentAdapter from '#platforms/tencent'
import type { PlatformAccountRef } from '#platforms/types'
import { platformError } from '#tests/helpers/platforms'
import {
  chromiumChildren,
  cookieExport,
  startSessionSite,
  type SessionSite,
} from '#tests/helpers/session_pages'
import { CHROMIUM_PATH } from '#tests/helpers/browser'
import { ownSetup } from '#tests/helpers/processes'

/*
| The Tencent (企鹅号) adapter in Chromium against fake OM pages
| (tests/helpers/session_pages.ts) that fetch the bodies of
| tests/fixtures/platforms/tencent/ as om.qq.com's pages do. One
| BrowserSession for the group, closed at its end: no Chromium of this
| process is left running.
*/

function account(id: number, session = 'session-1'): PlatformAccountRef {
  return {
    id,
    creatorId: 1,
    platform: 'tencent',
    uid: '5150817',
    cookie: cookieExport('tencent', session),
  }
}

const PAGE_1_PLAYS = 45210 + 12873 + 30218 + 98112 + 5120 + 7731 + 64002 + 23110

test.group('platforms / tencent (browser session)', (group) => {
  ownSetup(group)
  let site: SessionSite
  let session: BrowserSession
  let adapter: TencentAdapter

  group.setup(() => {
    session = new BrowserSession({ executablePath: CHROMIUM_PATH, concurrency: 2, idleMs: 5_000 })
    return async () => {
      await session.close()
    }
  })
  group.each.setup(async () => {
    site = await startSessionSite('tencent', { sessions: ['session-1', 'session-2', 'session-3'] })
    adapter = new TencentAdapter({
      baseUrl: site.url,
      cookieDomain: site.host,
      session,
      timeoutMs: 15_000,
    })
    return () => site.close()
  })

  test('reads fans from the fans page and the newest plays from the video list', async ({
    assert,
  }) => {
    const stats = await adapter.channelStats(account(1), { date: '2026-12-06' })
    assert.deepEqual(stats, {
      fans: 128400,
      views: PAGE_1_PLAYS,
      likes: 0,
      comments: 0,
      shares: 0,
      danmaku: 0,
      coins: 0,
      forwards: 0,
      recommends: 0,
      videos: 10,
    })
    assert.equal(site.hits.get('/main/data/fans'), 1)
    assert.equal(site.hits.get('/main/data/video'), 1)
    assert.equal(site.hits.get('/mstatistic/VideoData/MediaVideoList'), 1)
  }).timeout(60_000)

  test('lists videos page by page, turning the list with its next-page button', async ({
    assert,
  }) => {
    const first = await adapter.videos(account(2), { page: 1, pageSize: 50 })
    assert.lengthOf(first.items, 8)
    assert.deepInclude(first, { page: 1, pageSize: 8, total: 10, hasMore: true })
    assert.deepEqual(first.items[0], {
      id: 'k3008b0he8e',
      title: '周末去哪儿｜杭州西溪湿地一日游',
      publishedAt: '2026-12-05T10:30:12.000Z',
      url: 'https://v.qq.com/x/page/k3008b0he8e.html',
      views: 45210,
      likes: 0,
      comments: 0,
      shares: 0,
      favorites: 0,
      danmaku: 0,
      coins: 0,
      unread: ['likes', 'comments', 'favorites', 'shares', 'danmaku'],
    })

    const second = await adapter.videos(account(2), { page: 2, pageSize: 50 })
    assert.deepEqual(
      second.items.map((video) => [video.id, video.views]),
      [
        ['w3290a7rcel', 3401],
        ['j3284gu2y8o', 18009],
      ]
    )
    assert.deepInclude(second, { total: 10, hasMore: false })

    // past the end: the list has no further page, the read ends with what it saw
    const third = await adapter.videos(account(2), { page: 3, pageSize: 50 })
    assert.deepEqual(third.items, [])
    assert.deepInclude(third, { total: 10, hasMore: false })
  }).timeout(90_000)

  test('a session signed out mid-run: the first read works, the next lands on OM login', async ({
    assert,
  }) => {
    await adapter.checkLogin(account(3, 'session-3'))
    site.signOut('session-3')
    const error = await platformError(
      assert,
      () => adapter.videos(account(3, 'session-3'), { page: 1, pageSize: 50 }),
      { platform: 'tencent', code: 'auth', retryable: false }
    )
    assert.include(error.message, '/userAuth')
    assert.equal(site.hits.get('/userAuth/index'), 1)
  }).timeout(60_000)

  test('an account answer with a non-zero code is auth', async ({ assert }) => {
    site.signedOutBy = 'answer'
    const error = await platformError(
      assert,
      () => adapter.channelStats(account(4, 'unknown'), { date: '2026-12-06' }),
      { platform: 'tencent', code: 'auth', retryable: false }
    )
    assert.equal(error.options.upstreamCode, '-10403')
  }).timeout(60_000)

  test('a verification page is captcha', async ({ assert }) => {
    site.captcha = 'page'
    await platformError(assert, () => adapter.checkLogin(account(5)), {
      platform: 'tencent',
      code: 'captcha',
      retryable: false,
    })
  }).timeout(60_000)

  test('no cookie is not_configured; no portrait', async ({ assert }) => {
    await platformError(assert, () => adapter.checkLogin({ ...account(6), cookie: null }), {
      platform: 'tencent',
      code: 'not_configured',
      retryable: false,
    })
    assert.deepEqual(await adapter.fanPortrait(account(6)), [])
  })

  test('closing the session leaves no Chromium of this process running', async ({ assert }) => {
    await adapter.checkLogin(account(7))
    assert.isAbove(chromiumChildren().length, 0)
    await session.close()
    assert.isFalse(session.stats().browserOpen)
    for (let tries = 0; tries < 50 && chromiumChildren().length > 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    assert.deepEqual(chromiumChildren(), [])
  }).timeout(60_000)
})
