import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { CreatorFactory, PlatformAccountFactory } from '#database/factories/creator_factory'
import { FakePlatforms } from '#platforms/upload/fake_platforms'
import type { FakePlatformServer } from '#platforms/upload/fake_server'
import uploadLookupCache from '#services/uploads/upload_lookup_cache'
import type { PlatformKey } from '#shared/constants'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { fakeAdapter } from '#tests/helpers/collection'
import platforms from '#platforms/main'
import { PlatformError } from '#platforms/types'
import db from '@adonisjs/lucid/services/db'

/*
| The Upload Station's platform helpers (SPEC §7) in simulated mode: the
| upload adapters talk to the fake platform server running in the test's
| process, as in the demo.
*/

const PATHS = [
  '/api/platform_api/check/bilibili?creator_id=1',
  '/api/platform_api/check/baidu?creator_id=1',
  '/api/platform_api/check/xigua?creator_id=1',
  '/api/platform_api/bili?creator_id=1',
  '/api/platform_api/xigua?creator_id=1',
  '/api/platform_api/weibo?creator_id=1',
  '/api/video/category?platform=bilibili',
  '/api/video/tags?platform=bilibili&keyword=vlog',
  '/api/upload_video/baidu_topic?keyword=美食',
  '/api/upload_video/bilibili_event',
  '/api/upload_video/xigua_event',
]

/** A creator with accounts whose logins are known (SESSDATA / token values). */
async function creatorWithLogins(logins: Partial<Record<PlatformKey, string | null>>) {
  const creator = await CreatorFactory.create()
  for (const [platform, login] of Object.entries(logins)) {
    const account = await PlatformAccountFactory.merge({
      creatorId: creator.id,
      platform: platform as PlatformKey,
    }).create()
    if (login === null) {
      account.tokenEncrypted = null
      account.cookieEncrypted = null
    } else if (platform === 'bilibili') {
      account.setCookie(JSON.stringify({ SESSDATA: login, bili_jct: `jct-${login}` }))
    } else {
      account.setToken(login!)
    }
    await account.save()
  }
  return creator
}

test.group('uploads / platform helpers', (group) => {
  let fake: FakePlatformServer
  setupFunctionalGroup(group)
  group.setup(async () => {
    fake = await FakePlatforms.shared()
    return () => FakePlatforms.stop()
  })
  group.each.setup(() => {
    uploadLookupCache.clear()
    return () => fake.resetKnobs()
  })

  test('every path needs a signed-in user of the station', async ({ client, assert }) => {
    const creatorUser = await UserFactory.merge({ role: 'creator' }).create()
    const company = await UserFactory.merge({ role: 'company' }).create()
    for (const path of PATHS) {
      const anonymous = await client.get(path)
      assert.equal(anonymous.status(), 401, path)
      const creatorAnswer = await client.get(path).loginAs(creatorUser)
      assert.equal(creatorAnswer.status(), 403, path)
      const companyAnswer = await client.get(path).loginAs(company)
      assert.equal(companyAnswer.status(), 403, path)
    }
  })

  test('bad parameters are 422 with messages in the caller language', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.merge({ role: 'staff' }).create()
    const cases = [
      ['/api/platform_api/check/bilibili', 'creator_id'],
      ['/api/platform_api/check/baidu?creator_id=abc', 'creator_id'],
      ['/api/platform_api/bili?creator_id=0', 'creator_id'],
      ['/api/video/category?platform=youtube', 'platform'],
      ['/api/video/category', 'platform'],
      ['/api/video/tags?platform=bilibili', 'keyword'],
      [`/api/video/tags?platform=xigua&keyword=${'字'.repeat(51)}`, 'keyword'],
      [`/api/upload_video/baidu_topic?keyword=${'a'.repeat(51)}`, 'keyword'],
      ['/api/upload_video/xigua_event?creator_id=-3', 'creator_id'],
    ] as const
    for (const [path, field] of cases) {
      const response = await client.get(path).loginAs(staff)
      assert.equal(response.status(), 422, path)
      assert.include(JSON.stringify(response.body()), field, path)
    }
    const korean = await client
      .get('/api/video/tags?platform=bilibili')
      .header('accept-language', 'ko')
      .loginAs(staff)
    korean.assertStatus(422)
    assert.include(JSON.stringify(korean.body()), '태그 추천을 받으려면 키워드를 입력하세요.')
  })

  test('login checks: ok, expired with the platform message and link, missing', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.merge({ role: 'staff' }).create()
    const creator = await creatorWithLogins({
      bilibili: 'good-sess',
      haokan: 'expired-baidu-token',
      xigua: null,
    })

    const bilibili = await client
      .get(`/api/platform_api/check/bilibili?creator_id=${creator.id}`)
      .loginAs(staff)
    bilibili.assertStatus(200)
    assert.deepInclude(bilibili.body().data, {
      creator_id: creator.id,
      platform: 'bilibili',
      state: 'ok',
      ok: true,
      message: null,
      link: null,
    })
    assert.equal(bilibili.body().data.name, 'UP good-s')
    // the cookie went to the platform and nowhere else
    assert.notInclude(JSON.stringify(bilibili.body()), 'good-sess')

    const baidu = await client
      .get(`/api/platform_api/check/baidu?creator_id=${creator.id}`)
      .header('accept-language', 'zh-CN')
      .loginAs(staff)
    baidu.assertStatus(200)
    assert.deepInclude(baidu.body().data, {
      platform: 'haokan',
      state: 'expired',
      ok: false,
      link: `/app/modify_creator?id=${creator.id}&tab=haokan`,
    })
    assert.include(baidu.body().data.message, '好看 Cookie 失效')

    const xigua = await client
      .get(`/api/platform_api/check/xigua?creator_id=${creator.id}`)
      .loginAs(staff)
    assert.deepInclude(xigua.body().data, { state: 'missing', ok: false })
    assert.include(xigua.body().data.message, 'No Xigua token or cookie is stored')

    // a creator without a Bilibili account at all
    const bare = await CreatorFactory.create()
    const none = await client
      .get(`/api/platform_api/check/bilibili?creator_id=${bare.id}`)
      .loginAs(staff)
    assert.equal(none.body().data.state, 'missing')

    const unknown = await client
      .get('/api/platform_api/check/bilibili?creator_id=999999')
      .loginAs(staff)
    unknown.assertStatus(404)
  })

  test('account states for the token screens, Weibo checked by the account-health check', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.merge({ role: 'admin' }).create()
    const creator = await creatorWithLogins({
      bilibili: 'bili-state',
      xigua: 'xigua-state',
      weibo: 'weibo-state',
    })
    const bili = await client.get(`/api/platform_api/bili?creator_id=${creator.id}`).loginAs(admin)
    bili.assertStatus(200)
    assert.deepInclude(bili.body().data, {
      platform: 'bilibili',
      exists: true,
      has_cookie: true,
      cookie_status: 0,
    })
    assert.equal(bili.body().data.login.state, 'ok')
    assert.isNotNull(bili.body().data.cookie_recheck_by)

    const xigua = await client
      .get(`/api/platform_api/xigua?creator_id=${creator.id}`)
      .loginAs(admin)
    assert.equal(xigua.body().data.login.state, 'ok')
    assert.isNotNull(xigua.body().data.token_renew_by)
    assert.notInclude(JSON.stringify(xigua.body()), 'xigua-state')

    assert.equal(xigua.body().data.login.via, 'upload')

    // Weibo has no upload adapter: the metrics adapter's checkLogin, recorded as the health check
    let weiboAnswer: Error | null = null
    platforms.fake('weibo', {
      ...fakeAdapter({}),
      async checkLogin() {
        if (weiboAnswer) throw weiboAnswer
      },
    })
    try {
      const weibo = await client
        .get(`/api/platform_api/weibo?creator_id=${creator.id}`)
        .loginAs(admin)
      assert.deepInclude(weibo.body().data, { platform: 'weibo', exists: true })
      assert.deepInclude(weibo.body().data.login, { state: 'ok', via: 'login_health' })
      assert.equal(weibo.body().data.link, `/app/modify_creator?id=${creator.id}&tab=weibo`)
      const recorded = () =>
        db
          .from('creator_platform_accounts')
          .where('creator_id', creator.id)
          .where('platform', 'weibo')
          .firstOrFail()
      const works = await recorded()
      assert.equal(works.login_check_result, 'works')
      assert.isNotNull(works.login_checked_at)

      weiboAnswer = new PlatformError('weibo', 'auth', 'expired_token', { retryable: false })
      const refused = await client
        .get(`/api/platform_api/weibo?creator_id=${creator.id}`)
        .loginAs(admin)
        .header('Accept-Language', 'ko')
      assert.equal(refused.body().data.login.state, 'expired')
      assert.match(refused.body().data.login.message, /[가-힣]/)
      const marked = await recorded()
      assert.equal(marked.login_check_result, 'refused')
      assert.equal(Number(marked.token_status), 1)
    } finally {
      platforms.restore('weibo')
    }
  })

  test('categories, tags, topics and events from the platforms', async ({ client, assert }) => {
    const staff = await UserFactory.merge({ role: 'manager' }).create()
    const creator = await creatorWithLogins({ xigua: 'xigua-events' })

    const categories = await client.get('/api/video/category?platform=bilibili').loginAs(staff)
    categories.assertStatus(200)
    const life = categories.body().data.categories.find((c: { name: string }) => c.name === '生活')
    assert.deepInclude(life.children, { id: '21', name: '日常' })

    const tags = await client
      .get(`/api/video/tags?platform=haokan&keyword=${encodeURIComponent('美食')}`)
      .loginAs(staff)
    assert.includeMembers(tags.body().data.tags, ['美食', '美食制作'])
    assert.notInclude(tags.body().data.tags, '游戏')

    const topics = await client
      .get(`/api/upload_video/baidu_topic?keyword=${encodeURIComponent('游戏')}`)
      .loginAs(staff)
    assert.deepEqual(topics.body().data.topics, [{ id: 'hk-302', name: '游戏攻略' }])

    const bilibili = await client.get('/api/upload_video/bilibili_event').loginAs(staff)
    assert.deepEqual(
      bilibili.body().data.events.map((event: { id: string }) => event.id),
      ['4001', '4002']
    )

    const xigua = await client
      .get(`/api/upload_video/xigua_event?creator_id=${creator.id}`)
      .loginAs(staff)
    assert.deepInclude(xigua.body().data.events[0], {
      id: 'xg-7001',
      prize: '瓜分 100 万流量',
      joined: true,
    })

    // read with the creator's token: an expired one is 409 with the way to fix it
    const expired = await creatorWithLogins({ xigua: 'xigua-gone' })
    fake.expire('xigua', 'xigua-gone')
    const refused = await client
      .get(`/api/upload_video/xigua_event?creator_id=${expired.id}`)
      .loginAs(staff)
    refused.assertStatus(409)
    assert.include(refused.body().message, 'Xigua cookie failed')
    assert.equal(refused.body().data.link, `/app/modify_creator?id=${expired.id}&tab=xigua`)
  })

  test('lists are cached briefly; a busy platform is 429 with its wait', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.merge({ role: 'staff' }).create()
    const before = fake.calls('xigua', 'categories').length
    await client.get('/api/video/category?platform=xigua').loginAs(staff)
    await client.get('/api/video/category?platform=xigua').loginAs(staff)
    assert.equal(fake.calls('xigua', 'categories').length, before + 1)

    fake.rateLimit('haokan', { retryAfterS: 12 })
    const busy = await client
      .get('/api/video/category?platform=haokan')
      .header('accept-language', 'ko')
      .loginAs(staff)
    busy.assertStatus(429)
    assert.equal(busy.body().message, '플랫폼에 요청이 너무 많습니다. 12초 후 다시 시도하세요.')
    // the failure is not cached
    const again = await client.get('/api/video/category?platform=haokan').loginAs(staff)
    again.assertStatus(200)
  })
})
