import { test } from '@japa/runner'
import XiguaAdapter, { XIGUA_PATHS } from '#platforms/xigua'
import type { PlatformAccountRef } from '#platforms/types'
import { closedPortUrl, platformError } from '#tests/helpers/platforms'
import {
  cursorAt,
  errorBody,
  fixture,
  startByteDanceFake,
  videosFrom,
  type ByteDanceFake,
  type ByteDanceSite,
  type Json,
} from '#tests/helpers/bytedance'
import { ownSetup } from '#tests/helpers/processes'

/*
| Two fakes of the ByteDance open platform for Xigua: the content APIs
| (open.douyin.com/xigua/…) answering the published Xigua samples of
| tests/fixtures/platforms/xigua, and the OAuth origin (open-api.ixigua.com)
| answering oauth/userinfo/. Error bodies are Douyin's published ones: the
| two share the platform's error fields.
*/

const TOKEN = 'act.xigua0d21aee3d41fee2d2add43456badMFZnrhFhfWotu3Ecuiuka27L56'
const OPEN_ID = 'ba253642-0590-40bc-9bdf-9a1334b94059'
const LISTED = fixture('xigua', 'video_list').data.list[0] as Json

const account: PlatformAccountRef = {
  id: 21,
  creatorId: 5,
  platform: 'xigua',
  uid: null,
  token: JSON.stringify({ access_token: TOKEN, open_id: OPEN_ID }),
}

function xiguaSite(videos: number): ByteDanceSite {
  return {
    token: TOKEN,
    openId: OPEN_ID,
    videos: videosFrom(LISTED, videos),
    videoList: XIGUA_PATHS.videos.list,
    videoData: XIGUA_PATHS.videos.data,
    answers: {
      [XIGUA_PATHS.userInfo]: () => ({ json: fixture('xigua', 'oauth_userinfo') }),
    },
  }
}

let site: ByteDanceSite
let api: ByteDanceFake
let oauth: ByteDanceFake

function adapter(timeoutMs = 1000) {
  return new XiguaAdapter({ baseUrl: api.url, oauthBaseUrl: oauth.url, timeoutMs })
}

test.group('platforms / xigua', (group) => {
  ownSetup(group)
  group.each.setup(async () => {
    site = xiguaSite(30)
    api = await startByteDanceFake(site)
    oauth = await startByteDanceFake(site)
    return async () => {
      await api.close()
      await oauth.close()
    }
  })

  test('lists the videos from xigua/video/list/ by cursor, with the login headers', async ({
    assert,
  }) => {
    const page = await adapter().videos(account, { page: 1, pageSize: 25 })
    assert.lengthOf(page.items, 25)
    assert.isTrue(page.hasMore)
    // Both calls were needed for 25: the list's end was read, so its length is known.
    assert.equal(page.total, 30)
    assert.deepEqual(
      api.calls(XIGUA_PATHS.videos.list).map((call) => call.query.get('cursor')),
      ['0', cursorAt(20)]
    )
    for (const request of api.requests) {
      assert.equal(request.headers['access-token'], TOKEN)
      assert.equal(request.query.get('open_id'), OPEN_ID)
    }
    // The published item has no share_url: no link.
    assert.deepEqual(page.items[0], {
      id: '@item0',
      title: `${LISTED.title} 0`,
      publishedAt: new Date(1_764_000_000 * 1000).toISOString(),
      url: null,
      views: 300,
      likes: 200,
      comments: 100,
      shares: 10,
      danmaku: 0,
      coins: 0,
      favorites: 0,
      thumbnailUrl: LISTED.cover,
      unread: ['favorites'],
    })
    const second = await adapter().videos(account, { page: 2, pageSize: 25 })
    assert.lengthOf(second.items, 5)
    assert.isFalse(second.hasMore)
    assert.lengthOf(oauth.requests, 0)
  })

  test('reads videos by id from xigua/video/data/ (the published item as it is)', async ({
    assert,
  }) => {
    site.videos = fixture('xigua', 'video_data').data.list
    const [video] = await adapter().videosById(account, [LISTED.item_id, '@gone'], {
      at: new Date().toISOString(),
    })
    assert.include(video, { id: LISTED.item_id, views: 300, likes: 200, comments: 100, shares: 10 })
    const [call] = api.calls(XIGUA_PATHS.videos.data)
    assert.equal(call.method, 'POST')
    assert.deepEqual(call.fields, { item_ids: [LISTED.item_id, '@gone'] })
  })

  test('channel counters are not_supported (no fans count); there is no portrait', async ({
    assert,
  }) => {
    const error = await platformError(
      assert,
      () => adapter().channelStats(account, { date: '2026-12-05' }),
      { platform: 'xigua', code: 'not_supported', retryable: false }
    )
    assert.include(error.message, 'no fans count')
    assert.deepEqual(await adapter().fanPortrait(account), [])
    assert.lengthOf(api.requests, 0)
    await platformError(
      assert,
      () => adapter().channelStats({ ...account, token: null }, { date: '2026-12-05' }),
      { platform: 'xigua', code: 'not_configured', retryable: false }
    )
  })

  test('checkLogin asks the OAuth origin; an expired token is auth', async ({ assert }) => {
    await adapter().checkLogin(account)
    const [call] = oauth.calls(XIGUA_PATHS.userInfo)
    assert.deepEqual(call.fields, { open_id: OPEN_ID, access_token: TOKEN })
    assert.lengthOf(api.requests, 0)

    site.answers[XIGUA_PATHS.userInfo] = () => ({
      json: fixture('douyin', 'error_access_token_expired'),
    })
    const error = await platformError(assert, () => adapter().checkLogin(account), {
      platform: 'xigua',
      code: 'auth',
      retryable: false,
    })
    assert.include(error.message, '2190008')
    assert.notInclude(error.message, TOKEN)
  })

  const errors: [string, Json, string, boolean][] = [
    ['2190002', errorBody(2190002, 'access_token无效'), 'auth', false],
    ['28003018', errorBody(28003018, '请求频率过高'), 'rate_limited', true],
    ['28001056', errorBody(28001056, '该能力API已下线,不再支持调用'), 'not_supported', false],
    ['2190001', errorBody(2190001, 'quota 已用完'), 'quota_exceeded', false],
    ['2100005', fixture('douyin', 'error_parameter'), 'upstream', false],
  ]
  for (const [code, body, kind, retryable] of errors) {
    test(`maps ${code} on the video list to ${kind}`, async ({ assert }) => {
      site.override = () => ({ json: body })
      const error = await platformError(
        assert,
        () => adapter().videos(account, { page: 1, pageSize: 10 }),
        { platform: 'xigua', code: kind, retryable }
      )
      assert.notInclude(error.message, TOKEN)
    })
  }

  test('a timeout and a closed port are network (retryable)', async ({ assert }) => {
    site.override = () => ({ delayMs: 400, json: {} })
    await platformError(assert, () => adapter(100).videosById(account, ['@item1'], { at: '' }), {
      platform: 'xigua',
      code: 'network',
      retryable: true,
    })
    const closed = new XiguaAdapter({ baseUrl: api.url, oauthBaseUrl: await closedPortUrl() })
    await platformError(assert, () => closed.checkLogin(account), {
      platform: 'xigua',
      code: 'network',
      retryable: true,
    })
  })
})
