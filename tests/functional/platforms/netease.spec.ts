import { test } from '@japa/runner'
import { BrowserSession } from '#platforms/browser_session'
import NeteaseAdapter from '#platforms/netease'
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
| The Netease (网易号) adapter in Chromium against fake mp.163.com pages
| (tests/helpers/session_pages.ts) that fetch the bodies of
| tests/fixtures/platforms/netease/ as the creator center does (its list
| posts the page number as a form). One
| BrowserSession for the group, closed at its end: no Chromium of this
| process is left running.
*/

function account(id: number, session = 'session-1'): PlatformAccountRef {
  return {
    id,
    creatorId: 1,
    platform: 'netease',
    uid: 'W6993657201255468499',
    cookie: cookieExport('netease', session),
  }
}

test.group('platforms / netease (browser session)', (group) => {
  ownSetup(group)
  let site: SessionSite
  let session: BrowserSession
  let adapter: NeteaseAdapter

  group.setup(() => {
    session = new BrowserSession({ executablePath: CHROMIUM_PATH, concurrency: 2, idleMs: 5_000 })
    return async () => {
      await session.close()
    }
  })
  group.each.setup(async () => {
    site = await startSessionSite('netease', { sessions: ['session-1', 'session-2', 'session-3'] })
    adapter = new NeteaseAdapter({
      baseUrl: site.url,
      cookieDomain: site.host,
      session,
      timeoutMs: 15_000,
    })
    return () => site.close()
  })

  test('reads fans and views from the home page, recent sums from the content list', async ({
    assert,
  }) => {
    const stats = await adapter.channelStats(account(1), { date: '2026-12-06' })
    assert.deepEqual(stats, {
      fans: 48213,
      views: 3025117,
      likes: 0,
      comments: 88 + 213 + 35,
      shares: 41 + 156 + 12,
      danmaku: 0,
      coins: 0,
      forwards: 0,
      recommends: 90210 + 210334 + 51002,
      videos: 5,
    })
    assert.equal(site.hits.get('/wemedia/index/count.do'), 1)
  }).timeout(60_000)

  test('lists works page by page (the page posts pageNo), past the end empty', async ({
    assert,
  }) => {
    const first = await adapter.videos(account(2), { page: 1, pageSize: 50 })
    assert.deepInclude(first, { page: 1, pageSize: 3, total: 5, hasMore: true })
    assert.deepEqual(first.items[0], {
      id: 'HK2F0QJ70515E1LS',
      title: '冬天的长白山，雪比想象中还要厚',
      publishedAt: '2026-12-05T01:12:03.000Z',
      url: 'https://www.163.com/dy/article/HK2F0QJ70515E1LS.html',
      views: 12031,
      likes: 0,
      comments: 88,
      shares: 41,
      favorites: 0,
      danmaku: 0,
      coins: 0,
      unread: ['likes', 'favorites'],
    })
    const second = await adapter.videos(account(2), { page: 2, pageSize: 50 })
    assert.deepEqual(
      second.items.map((item) => item.id),
      ['HJRM1AC50515E1LS', 'HJM0L7TT0515E1LS']
    )
    assert.deepInclude(second, { total: 5, hasMore: false })
    const third = await adapter.videos(account(2), { page: 3, pageSize: 50 })
    assert.deepEqual(third.items, [])
    assert.isFalse(third.hasMore)
  }).timeout(90_000)

  test('a session signed out mid-run: the first read works, the next lands on login', async ({
    assert,
  }) => {
    await adapter.checkLogin(account(3, 'session-3'))
    site.signOut('session-3')
    const error = await platformError(assert, () => adapter.checkLogin(account(3, 'session-3')), {
      platform: 'netease',
      code: 'auth',
      retryable: false,
    })
    assert.include(error.message, '/login.html')
  }).timeout(60_000)

  test('navinfo answering a code other than 1 is auth; code 100502 is captcha', async ({
    assert,
  }) => {
    site.signedOutBy = 'answer'
    await platformError(assert, () => adapter.checkLogin(account(4, 'unknown')), {
      platform: 'netease',
      code: 'auth',
      retryable: false,
    })
    site.captcha = 'xhr'
    const error = await platformError(
      assert,
      () => adapter.videos(account(4), { page: 1, pageSize: 50 }),
      { platform: 'netease', code: 'captcha', retryable: false }
    )
    assert.equal(error.options.upstreamCode, 100502)
  }).timeout(60_000)

  test('no cookie is not_configured; no portrait', async ({ assert }) => {
    await platformError(assert, () => adapter.checkLogin({ ...account(6), cookie: null }), {
      platform: 'netease',
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
