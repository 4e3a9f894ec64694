import { execFileSync } from 'node:child_process'
import { test } from '@japa/runner'
import {
  BrowserSession,
  closeSharedBrowserSession,
  sharedBrowserSession,
} from '#platforms/browser_session'
import XiaohongshuAdapter, { type XiaohongshuAdapterOptions } from '#platforms/xiaohongshu'
import type { PlatformAccountRef } from '#platforms/types'
import { platformError } from '#tests/helpers/platforms'
import { cookieExport, startCreatorCenter, type CreatorCenter } from '#tests/helpers/creator_center'
import { CHROMIUM_PATH } from '#tests/helpers/browser'
import { ownSetup } from '#tests/helpers/processes'

/*
| The Xiaohongshu adapter in Chromium against fake creator-center pages
| (tests/helpers/creator_center.ts) that load the published bodies of
| tests/fixtures/platforms/xiaohongshu/ the way creator.xiaohongshu.com does.
| One BrowserSession for the group, closed at its end: no Chromium of this
| process is left running.
*/

function account(id: number, session = 'session-1'): PlatformAccountRef {
  return {
    id,
    creatorId: 1,
    platform: 'xiaohongshu',
    uid: '414757977',
    cookie: cookieExport('xiaohongshu', session),
  }
}

/** Chromium processes started by this process (Playwright's are its children). */
function ownChromium() {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), 'chromium'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
  } catch {
    return []
  }
}

test.group('platforms / xiaohongshu (browser session)', (group) => {
  ownSetup(group)
  let center: CreatorCenter
  let session: BrowserSession
  let adapter: XiaohongshuAdapter

  group.setup(() => {
    session = new BrowserSession({ executablePath: CHROMIUM_PATH, concurrency: 2, idleMs: 5_000 })
    return async () => {
      await session.close()
    }
  })
  group.each.setup(async () => {
    center = await startCreatorCenter('xiaohongshu', {
      sessions: ['session-1', 'session-2', 'session-3', 'session-4', 'session-5'],
    })
    const options: XiaohongshuAdapterOptions = {
      baseUrl: center.url,
      cookieDomain: center.host,
      session,
      timeoutMs: 15_000,
    }
    adapter = new XiaohongshuAdapter(options)
    return () => center.close()
  })

  test('reads the channel from the personal info and the note list the pages receive', async ({
    assert,
  }) => {
    const stats = await adapter.channelStats(account(1), { date: '2026-12-06' })
    assert.deepEqual(stats, {
      fans: 189,
      views: 23864 + 100,
      likes: 1415,
      comments: 48 + 3,
      shares: 76 + 1,
      danmaku: 0,
      coins: 0,
      forwards: 0,
      recommends: 0,
      videos: 3,
    })
    assert.equal(center.hits.get('/new/home'), 1)
    assert.equal(center.hits.get('/new/note-manager'), 1)
    // one context and page for the account, reused by its second read
    assert.equal(session.stats().pagesOpened, 1)
  }).timeout(60_000)

  test('lists notes page by page, scrolling the note manager for the next one', async ({
    assert,
  }) => {
    const first = await adapter.videos(account(2), { page: 1, pageSize: 30 })
    assert.deepEqual(
      first.items.map((note) => note.id),
      ['69733947000000001a028229', 'bbbbbbbbbbbbbbbbbbbbbbbb']
    )
    assert.isTrue(first.hasMore)
    assert.equal(first.total, 3)
    assert.deepInclude(first.items[0], {
      title: '自制鸳鸯！💥超香超浓丝滑',
      publishedAt: '2026-01-23T09:03:00.000Z',
      url: 'https://www.xiaohongshu.com/explore/69733947000000001a028229',
      views: 23864,
      likes: 485,
      comments: 48,
      shares: 76,
      favorites: 400,
    })

    const second = await adapter.videos(account(2), { page: 2, pageSize: 30 })
    assert.deepEqual(
      second.items.map((note) => [note.id, note.category]),
      [['cccccccccccccccccccccccc', 'video']]
    )
    assert.isFalse(second.hasMore)

    // past the end: the list says page -1 before the wanted page answers
    const third = await adapter.videos(account(2), { page: 3, pageSize: 30 })
    assert.deepEqual(third.items, [])
    assert.isFalse(third.hasMore)
  }).timeout(90_000)

  test('a session signed out mid-run: the first read works, the next lands on the login page', async ({
    assert,
  }) => {
    await adapter.checkLogin(account(3, 'session-3'))
    center.signOut('session-3')
    const error = await platformError(assert, () => adapter.checkLogin(account(3, 'session-3')), {
      platform: 'xiaohongshu',
      code: 'auth',
      retryable: false,
    })
    assert.include(error.message, '/login')
    assert.equal(center.hits.get('/login'), 1)
  }).timeout(60_000)

  test('a signed-out answer (code -100) is auth, also while the page itself loads', async ({
    assert,
  }) => {
    center.signedOutBy = 'answer'
    center.signOut('session-4')
    const error = await platformError(
      assert,
      () => adapter.channelStats(account(4, 'session-4'), { date: '2026-12-06' }),
      { platform: 'xiaohongshu', code: 'auth', retryable: false }
    )
    assert.equal(error.options.upstreamCode, -100)
  }).timeout(60_000)

  test('a verification page or an HTTP 461 answer is captcha', async ({ assert }) => {
    center.captcha = 'page'
    await platformError(assert, () => adapter.checkLogin(account(5)), {
      platform: 'xiaohongshu',
      code: 'captcha',
      retryable: false,
    })
    center.captcha = 'xhr'
    const error = await platformError(assert, () => adapter.checkLogin(account(5)), {
      platform: 'xiaohongshu',
      code: 'captcha',
      retryable: false,
    })
    assert.equal(error.options.upstreamCode, 461)
  }).timeout(60_000)

  test('the platform refusing an answer: risk control is captcha, a refused signature upstream', async ({
    assert,
  }) => {
    const info = '/api/galaxy/creator/home/personal_info'
    center.answers.set(info, { fixture: 'risk_control' })
    const risk = await platformError(assert, () => adapter.checkLogin(account(9)), {
      platform: 'xiaohongshu',
      code: 'captcha',
      retryable: false,
    })
    assert.equal(risk.options.upstreamCode, 300012)
    center.answers.set(info, { fixture: 'signature_refused', status: 406 })
    const refused = await platformError(assert, () => adapter.checkLogin(account(9)), {
      platform: 'xiaohongshu',
      code: 'upstream',
      retryable: true,
    })
    assert.equal(refused.options.upstreamCode, -1)
  }).timeout(60_000)

  test('no cookie is not_configured, without opening a page', async ({ assert }) => {
    const opened = session.stats().pagesOpened
    await platformError(assert, () => adapter.checkLogin({ ...account(6), cookie: null }), {
      platform: 'xiaohongshu',
      code: 'not_configured',
      retryable: false,
    })
    assert.equal(session.stats().pagesOpened, opened)
  })

  test('an answer that never comes is network, retryable', async ({ assert }) => {
    const slow = new XiaohongshuAdapter({
      baseUrl: center.url,
      cookieDomain: center.host,
      session,
      timeoutMs: 1_500,
    })
    center.stalled.add('/api/galaxy/creator/home/personal_info')
    const error = await platformError(assert, () => slow.checkLogin(account(7)), {
      platform: 'xiaohongshu',
      code: 'network',
      retryable: true,
    })
    assert.include(error.message, '1500 ms')
  }).timeout(30_000)

  test('at most `concurrency` reads hold a page at once; the others wait their turn', async ({
    assert,
  }) => {
    const slow = await startCreatorCenter('xiaohongshu', {
      sessions: ['s1', 's2', 's3', 's4', 's5'],
      delayMs: 2_000,
    })
    try {
      const own = new XiaohongshuAdapter({
        baseUrl: slow.url,
        cookieDomain: slow.host,
        session,
        timeoutMs: 20_000,
      })
      let mostPagesOpen = 0
      const watch = setInterval(() => {
        mostPagesOpen = Math.max(mostPagesOpen, session.stats().pagesOpen)
      }, 20)
      const results = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => own.checkLogin(account(100 + n, `s${n}`)).then(() => n))
      ).finally(() => clearInterval(watch))
      assert.deepEqual(results, [1, 2, 3, 4, 5])
      assert.equal(slow.maxInFlight, 2)
      assert.isAtMost(mostPagesOpen, 2)
      assert.isAtMost(session.stats().maxActive, 2)
      assert.equal(session.stats().queued, 0)
    } finally {
      await slow.close()
    }
  }).timeout(90_000)

  test('the process has one shared session, closed by the shutdown hook', async ({ assert }) => {
    const shared = sharedBrowserSession()
    assert.strictEqual(sharedBrowserSession(), shared)
    assert.isFalse(shared.stats().browserOpen)
    await closeSharedBrowserSession()
    assert.isFalse(shared.stats().browserOpen)
  })

  test('closing the session leaves no Chromium of this process running', async ({ assert }) => {
    await adapter.checkLogin(account(8))
    assert.isAbove(ownChromium().length, 0)
    await session.close()
    assert.isFalse(session.stats().browserOpen)
    for (let tries = 0; tries < 50 && ownChromium().length > 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    assert.deepEqual(ownChromium(), [])
  }).timeout(60_000)
})
