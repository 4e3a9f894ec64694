import { test } from '@japa/runner'
import { BrowserSession } from '#platforms/browser_session'
import IqiyiAdapter from '#platforms/iqiyi'
import type { PlatformAccountRef } from '#platforms/types'
import { platformError } from '#tests/helpers/platforms'
import {
  chromiumChildren,
  cookieExport,
  IQIYI_UID,
  startSessionSite,
  type SessionSite,
} from '#tests/helpers/session_pages'
import { CHROMIUM_PATH } from '#tests/helpers/browser'
import { ownSetup } from '#tests/helpers/processes'

/*
| The iQiyi adapter in Chromium against a fake 爱奇艺号 space
| (tests/helpers/session_pages.ts) that fetches the bodies of
| tests/fixtures/platforms/iqiyi/ as www.iqiyi.com/u/<uid>/videos does. One
| BrowserSession for the group, closed at its end: no Chromium of this
| process is left running.
*/

function account(id: number, session = 'session-1'): PlatformAccountRef {
  return {
    id,
    creatorId: 1,
    platform: 'iqiyi',
    uid: IQIYI_UID,
    cookie: cookieExport('iqiyi', session),
  }
}

test.group('platforms / iqiyi (browser session)', (group) => {
  ownSetup(group)
  let site: SessionSite
  let session: BrowserSession
  let adapter: IqiyiAdapter

  group.setup(() => {
    session = new BrowserSession({ executablePath: CHROMIUM_PATH, concurrency: 2, idleMs: 5_000 })
    return async () => {
      await session.close()
    }
  })
  group.each.setup(async () => {
    site = await startSessionSite('iqiyi', { sessions: ['session-1', 'session-2', 'session-3'] })
    adapter = new IqiyiAdapter({
      baseUrl: site.url,
      cookieDomain: site.host,
      session,
      timeoutMs: 15_000,
    })
    return () => site.close()
  })

  test('channel stats are not_supported: no answer carries the fan count', async ({ assert }) => {
    const reads = session.stats().reads
    const error = await platformError(
      assert,
      () => adapter.channelStats(account(1), { date: '2026-12-06' }),
      { platform: 'iqiyi', code: 'not_supported', retryable: false }
    )
    assert.include(error.message, 'import the creator-center export')
    assert.equal(session.stats().reads, reads, 'no page is opened for figures it cannot give')
    await platformError(
      assert,
      () => adapter.channelStats({ ...account(1), uid: null }, { date: '2026-12-06' }),
      { platform: 'iqiyi', code: 'not_configured', retryable: false }
    )
  })

  test('lists episodes page by page from get_videos and episode_info', async ({ assert }) => {
    const first = await adapter.videos(account(2), { page: 1, pageSize: 50 })
    assert.deepInclude(first, { page: 1, pageSize: 3, total: 5, hasMore: true })
    assert.deepInclude(first.items[0], {
      id: '8716632150592600',
      title: '带你逛遍重庆洪崖洞',
      publishedAt: new Date(1764932412000).toISOString(),
      views: 1206453,
      likes: 10233,
      durationS: 245,
    })
    assert.deepEqual(first.items[0].unread, ['comments', 'shares', 'favorites', 'danmaku'])
    const second = await adapter.videos(account(2), { page: 2, pageSize: 50 })
    assert.deepEqual(
      second.items.map((item) => item.id),
      ['6210551837746100', '1180045521930800']
    )
    assert.isFalse(second.hasMore)
  }).timeout(90_000)

  test('a session signed out mid-run: userinfodetail stops answering A00000', async ({
    assert,
  }) => {
    await adapter.checkLogin(account(3, 'session-3'))
    site.signOut('session-3')
    const error = await platformError(assert, () => adapter.checkLogin(account(3, 'session-3')), {
      platform: 'iqiyi',
      code: 'auth',
      retryable: false,
    })
    assert.equal(error.options.upstreamCode, 'A00001')
  }).timeout(60_000)

  test('no uid or no cookie is not_configured; no portrait', async ({ assert }) => {
    await platformError(assert, () => adapter.checkLogin({ ...account(6), uid: null }), {
      platform: 'iqiyi',
      code: 'not_configured',
      retryable: false,
    })
    await platformError(assert, () => adapter.checkLogin({ ...account(6), cookie: null }), {
      platform: 'iqiyi',
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
