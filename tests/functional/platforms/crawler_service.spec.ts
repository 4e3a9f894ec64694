import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import Creator from '#models/creator'
import CreatorPlatformAccount from '#models/creator_platform_account'
import MetricCollectionRun from '#models/metric_collection_run'
import PlatformOauthConnect from '#models/platform_oauth_connect'
import { CreatorFactory } from '#database/factories/creator_factory'
import platforms from '#platforms/main'
import { readOpenToken, storeOpenToken } from '#platforms/open_token'
import { sqlDateTime } from '#support/sql'
import { setupGroupWith } from '#tests/helpers/functional'
import { SECURITY_CODE, userWithCode } from '#tests/helpers/users'
import { assertClientError } from '#tests/helpers/requests'
import { fakeAdapter } from '#tests/helpers/collection'
import { bullQueue, ON_REDIS, runQueued } from '#tests/helpers/queue'
import { startFakeServer, type FakeAnswer, type FakeServer } from '#tests/helpers/platforms'

/*
| The SPEC §7 crawler, cookie and token service paths: /all_platform/status,
| cookie and token, and per platform code, api/token, api/crawler and task —
| each answering the envelope from the service the screens use, behind its
| policy, refusing bad input in the reader's language, and never answering
| or logging a cookie or a token.
*/

const SESSDATA = 'sessdata-SECRET-9f8e7d6c5b4a'
const OLD_ACCESS = 'act.OLD-ACCESS-SECRET-1234567890'
const OLD_REFRESH = 'rft.OLD-REFRESH-SECRET-0987654321'
const NEW_ACCESS = 'act.NEW-ACCESS-SECRET-aabbccddee'
const NEW_REFRESH = 'rft.NEW-REFRESH-SECRET-ffeeddccbb'
const PASTED = 'pasted-token-SECRET-13579'
const BAIDU = 'baidu-app-token-SECRET-24680'
const NEVER = [SESSDATA, OLD_ACCESS, OLD_REFRESH, NEW_ACCESS, NEW_REFRESH, PASTED, BAIDU]

const ENV: Record<string, string> = {
  DOUYIN_CLIENT_KEY: 'tt10crawlerdouyin',
  DOUYIN_CLIENT_SECRET: 'douyin-secret-crawler',
  APP_URL: 'http://studio.test',
}

/** A Cookie-Editor export of a signed-in Bilibili session (SESSDATA valid for 30 days). */
function biliExport(names = ['SESSDATA', 'bili_jct']) {
  const expires = Math.round(DateTime.utc().plus({ days: 30 }).toSeconds())
  return JSON.stringify(
    names.map((name) => ({
      name,
      value: name === 'SESSDATA' ? SESSDATA : `${name}-value-123456`,
      domain: '.bilibili.com',
      expirationDate: expires,
    }))
  )
}

/** `request` answers `status`. */
async function answers(
  request: PromiseLike<{ assertStatus(status: number): void }>,
  status: number
) {
  const response = await request
  response.assertStatus(status)
  return response
}

const logs: string[] = []
const saved: Record<string, any> = {}
let refreshAnswer: FakeAnswer = { status: 404, json: {} }

test.group('crawler, cookie and token service', (group) => {
  let oauth: FakeServer
  const given = setupGroupWith(group, async () => ({
    admin: await userWithCode('admin'),
    manager: await userWithCode('manager'),
    staff: await userWithCode('staff'),
    creatorUser: await userWithCode('creator'),
    creator: await CreatorFactory.with('accounts', 1, (a) =>
      a.merge({ platform: 'bilibili', uid: '9001', fans: 0 })
    )
      .with('accounts', 1, (a) => a.merge({ platform: 'douyin', fans: 0 }))
      .with('accounts', 1, (a) => a.merge({ platform: 'weibo', fans: 0 }))
      .create(),
  }))

  group.setup(async () => {
    oauth = await startFakeServer((request) =>
      request.path === 'oauth/refresh_token/' ? refreshAnswer : { status: 404, json: {} }
    )
    for (const [key, value] of Object.entries({ ...ENV, DOUYIN_OAUTH_BASE: oauth.url })) {
      saved[`env:${key}`] = process.env[key]
      process.env[key] = value
    }
    for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
      saved[level] = (logger as any)[level]
      ;(logger as any)[level] = function (this: unknown, ...args: unknown[]) {
        logs.push(JSON.stringify(args))
        return saved[level].apply(this, args)
      }
    }
    return async () => {
      for (const [key, value] of Object.entries(saved)) {
        if (!key.startsWith('env:')) (logger as any)[key] = value
        else if (value === undefined) delete process.env[key.slice(4)]
        else process.env[key.slice(4)] = value
      }
      await oauth.close()
    }
  })
  group.each.setup(() => {
    logs.length = 0
    return async () => {
      platforms.restore()
      if (ON_REDIS) {
        const queue = await bullQueue()
        for (const job of await queue.getJobs(['waiting', 'delayed', 'prioritized'])) {
          if (job?.name === 'metrics:collect') await job.remove().catch(() => {})
        }
      }
      const leaked = NEVER.filter((secret) => logs.some((line) => line.includes(secret)))
      if (leaked.length) throw new Error(`secrets in the log: ${leaked.join(', ')}`)
    }
  })

  function assertClean(assert: any, ...texts: string[]) {
    for (const text of texts) for (const secret of NEVER) assert.notInclude(text, secret)
  }

  function accountOf(platform: string) {
    return CreatorPlatformAccount.query()
      .where('creator_id', given.creator.id)
      .where('platform', platform)
      .firstOrFail()
  }

  test('/all_platform/status: the health summary per platform, for the staff side only', async ({
    client,
    assert,
  }) => {
    await db
      .from('creator_platform_accounts')
      .where('creator_id', given.creator.id)
      .where('platform', 'douyin')
      .update({ login_checked_at: sqlDateTime(), login_check_result: 'works' })
    const response = await client.get('/all_platform/status/').loginAs(given.staff)
    response.assertStatus(200)
    const data = response.body().data
    assert.equal(response.body().status, 0)
    assert.sameMembers(Object.keys(data), ['platforms', 'totals', 'last_checked_at'])
    assert.deepEqual(data.platforms.douyin, { refused: 0, lapsing: 0, works: 1, unchecked: 0 })
    assert.equal(data.platforms.bilibili.unchecked, 1)
    assert.isString(data.last_checked_at)

    const one = await client.get('/all_platform/status?platform=weibo').loginAs(given.manager)
    assert.sameMembers(Object.keys(one.body().data.platforms), ['weibo'])

    const bad = await client
      .get('/all_platform/status?platform=nope')
      .loginAs(given.staff)
      .header('Accept-Language', 'ko')
    bad.assertStatus(422)
    assert.match(bad.body().errors[0].message, /플랫폼/)
    await answers(client.get('/all_platform/status').loginAs(given.creatorUser), 403)
  })

  test('/all_platform/cookie: the edit tab’s entry and rules, stored encrypted, never answered', async ({
    client,
    assert,
  }) => {
    const post = (body: Record<string, unknown>, user = given.admin) =>
      client
        .post('/all_platform/cookie')
        .loginAs(user)
        .header('Accept-Language', 'en')
        .json({ creator_id: given.creator.id, security_code: SECURITY_CODE, ...body })

    const stored = await post({ platform: 'bilibili', uid: '9001', cookie: biliExport() })
    stored.assertStatus(200)
    assert.containsSubset(stored.body().data, {
      platform: 'bilibili',
      uid: '9001',
      cookie_present: true,
      cookie_status: 0,
    })
    const bilibili = await accountOf('bilibili')
    const bilibiliId = bilibili.id
    const row = await db.from('creator_platform_accounts').where('id', bilibiliId).firstOrFail()
    assert.notInclude(row.cookie_encrypted, SESSDATA)
    assert.include(bilibili.getCookie(), SESSDATA)

    const read = await client
      .get(`/all_platform/cookie?creator_id=${given.creator.id}`)
      .loginAs(given.staff)
    read.assertStatus(200)
    const bili = read.body().data.accounts.find((a: any) => a.platform === 'bilibili')
    assert.containsSubset(bili, { cookie_present: true, cookie_status: 0 })
    assert.isString(bili.cookie_entered_at)
    assert.isString(bili.cookie_checked_at)
    assert.deepEqual(
      read.body().data.accounts.map((a: any) => a.platform),
      ['bilibili', 'weibo', 'douyin']
    )
    assertClean(assert, stored.text(), read.text())

    // the edit tab's refusals: signed out, Weibo's one cookie, not JSON, another uid, the code
    const signedOut = await post({ platform: 'bilibili', cookie: biliExport(['buvid3']) })
    signedOut.assertStatus(422)
    assert.include(signedOut.body().message, 'SESSDATA')
    const weibo = await post({ platform: 'weibo', cookie: JSON.stringify({ SUB: 'sub-only-1' }) })
    weibo.assertStatus(422)
    assert.equal(weibo.body().data.field, 'cookie_2', 'the second Weibo cookie is missing')
    const notJson = await client
      .post('/all_platform/cookie')
      .loginAs(given.admin)
      .header('Accept-Language', 'zh')
      .json({
        creator_id: given.creator.id,
        platform: 'bilibili',
        cookie: 'SESSDATA=abc',
        security_code: SECURITY_CODE,
      })
    notJson.assertStatus(422)
    assert.match(notJson.body().message, /[\u4e00-\u9fff]/)
    const otherUid = await post({ platform: 'bilibili', uid: '1234', cookie: biliExport() })
    otherUid.assertStatus(422)
    assert.include(otherUid.body().message, 'uid')
    assertClientError(
      await post({ platform: 'bilibili', cookie: biliExport(), security_code: '000000' }),
      assert
    )
    const missing = await client
      .post('/all_platform/cookie')
      .loginAs(given.admin)
      .header('Accept-Language', 'ja')
      .json({ platform: 'bilibili' })
    missing.assertStatus(422)
    assert.match(missing.body().errors[0].message, /クリエイター|Cookie|セキュリティ/)

    // who: only who edits creators writes; the staff side reads; a creator account neither
    await answers(post({ platform: 'bilibili', cookie: biliExport() }, given.staff), 403)
    await answers(
      client.get(`/all_platform/cookie?creator_id=${given.creator.id}`).loginAs(given.creatorUser),
      403
    )
  })

  test('/all_platform/token: states with the refresh window; a refresh renews through the refresh service', async ({
    client,
    assert,
  }) => {
    const douyin = await accountOf('douyin')
    const now = DateTime.utc()
    douyin.setToken(
      storeOpenToken({
        accessToken: OLD_ACCESS,
        refreshToken: OLD_REFRESH,
        openId: 'open-id-1',
        expiresAt: now.plus({ days: 10 }).toISO(),
        refreshExpiresAt: now.plus({ days: 25 }).toISO(),
        scope: 'user_info',
      })
    )
    douyin.tokenConnectedAt = now.minus({ days: 5 })
    douyin.tokenExpiresAt = now.plus({ days: 85 })
    await douyin.save()

    const read = await client
      .get(`/all_platform/token?creator_id=${given.creator.id}&platform=douyin`)
      .loginAs(given.staff)
    read.assertStatus(200)
    const [state] = read.body().data.accounts
    assert.containsSubset(state, {
      platform: 'douyin',
      token_present: true,
      token_status: 0,
      refresh: { refreshable: true, error: null },
    })
    assert.equal(
      DateTime.fromISO(state.refresh.opens_at).toMillis(),
      now.plus({ days: 10 }).minus({ hours: 72 }).toMillis()
    )

    refreshAnswer = {
      json: {
        data: {
          access_token: NEW_ACCESS,
          description: '',
          error_code: 0,
          expires_in: 1296000,
          open_id: 'open-id-1',
          refresh_expires_in: 2592000,
          refresh_token: NEW_REFRESH,
          scope: 'user_info',
        },
        message: 'success',
      },
    }
    const refreshed = await client
      .post('/all_platform/token')
      .loginAs(given.admin)
      .json({ creator_id: given.creator.id, platform: 'douyin' })
    refreshed.assertStatus(200)
    assert.equal(refreshed.body().data.outcome, 'renewed')
    assert.isString(refreshed.body().data.account.refresh.last_refreshed_at)
    assert.equal(oauth.calls('oauth/refresh_token/').length, 1)
    await douyin.refresh()
    assert.equal(readOpenToken(douyin.getToken())?.accessToken, NEW_ACCESS)

    // a refusal marks the login as the daily run does
    refreshAnswer = {
      json: { data: { error_code: 10010, description: 'refresh_token expired' }, message: 'error' },
    }
    const refused = await client
      .post('/all_platform/token')
      .loginAs(given.admin)
      .json({ creator_id: given.creator.id, platform: 'douyin' })
    assert.equal(refused.body().data.outcome, 'failed')
    assert.equal(refused.body().data.account.token_status, 1)
    assertClean(assert, read.text(), refreshed.text(), refused.text())

    const cookieLogin = await client
      .post('/all_platform/token')
      .loginAs(given.admin)
      .header('Accept-Language', 'ko')
      .json({ creator_id: given.creator.id, platform: 'bilibili' })
    cookieLogin.assertStatus(422)
    assert.match(cookieLogin.body().message, /갱신/)
    await answers(
      client
        .post('/all_platform/token')
        .loginAs(given.manager)
        .json({ creator_id: given.creator.id, platform: 'douyin' }),
      403
    )
  })

  test('code: the edit tab’s connect for OAuth platforms, a clear refusal for Bilibili and Baidu', async ({
    client,
    assert,
  }) => {
    const started = await client
      .post('/douyin/code')
      .loginAs(given.admin)
      .json({ creator_id: given.creator.id })
    started.assertStatus(200)
    const url = new URL(started.body().data.url)
    assert.equal(url.origin, oauth.url)
    assert.equal(
      url.searchParams.get('redirect_uri'),
      'http://studio.test/api/oauth/douyin/callback'
    )
    const connect = await PlatformOauthConnect.query()
      .where('creator_id', given.creator.id)
      .firstOrFail()
    assert.equal(connect.platform, 'douyin')
    assert.equal(connect.userId, given.admin.id)

    for (const [path, language, pattern] of [
      ['/bili/code', 'zh', /OAuth.*[\u4e00-\u9fff]/],
      ['/baidu/code', 'ja', /OAuth.*[\u3040-\u30ff]/],
    ] as const) {
      const refused = await client
        .post(path)
        .loginAs(given.admin)
        .header('Accept-Language', language)
        .json({ creator_id: given.creator.id })
      refused.assertStatus(422)
      assert.match(refused.body().message, pattern)
    }
    await answers(
      client.post('/xigua/code').loginAs(given.staff).json({ creator_id: given.creator.id }),
      403
    )
    await answers(client.post('/weibo/code').loginAs(given.admin).json({ creator_id: 'abc' }), 422)
  })

  test('api/token: the account’s token state; a pasted token stored as the edit tab and Baidu’s app token', async ({
    client,
    assert,
  }) => {
    const weibo = await client
      .post('/weibo/api/token')
      .loginAs(given.admin)
      .json({ creator_id: given.creator.id, token: PASTED, security_code: SECURITY_CODE })
    weibo.assertStatus(200)
    assert.containsSubset(weibo.body().data, { platform: 'weibo', token_present: true })
    const weiboAccount = await accountOf('weibo')
    assert.equal(weiboAccount.getToken(), PASTED)

    const baidu = await client.post('/baidu/api/token').loginAs(given.admin).json({
      creator_id: given.creator.id,
      token: BAIDU,
      baidu_app_id: 'app-77',
      security_code: SECURITY_CODE,
    })
    baidu.assertStatus(200)
    assert.containsSubset(baidu.body().data, { baidu_app_id: 'app-77', baidu_token_present: true })
    const creator = await Creator.findOrFail(given.creator.id)
    assert.notInclude(creator.baiduTokenEncrypted!, BAIDU)

    const state = await client
      .get(`/weibo/api/token?creator_id=${given.creator.id}`)
      .loginAs(given.staff)
    state.assertStatus(200)
    assert.containsSubset(state.body().data, {
      platform: 'weibo',
      token_present: true,
      refresh: { refreshable: false },
    })
    assertClean(assert, weibo.text(), baidu.text(), state.text())

    const noAccount = await client
      .get(`/baidu/api/token?creator_id=${given.creator.id}`)
      .loginAs(given.staff)
      .header('Accept-Language', 'ko')
    noAccount.assertStatus(404)
    assert.match(noAccount.body().message, /하오칸/)
    const wrongCode = await client
      .post('/xigua/api/token')
      .loginAs(given.admin)
      .json({ creator_id: given.creator.id, token: PASTED, security_code: '000000' })
    assertClientError(wrongCode, assert)
    await answers(
      client
        .post('/weibo/api/token')
        .loginAs(given.manager)
        .json({ creator_id: given.creator.id, token: PASTED, security_code: SECURITY_CODE }),
      403
    )
  })

  test('api/crawler collects the account now (the dashboard’s run); task lists its runs and the next one', async ({
    client,
    assert,
  }) => {
    platforms.fake('bilibili', fakeAdapter({ values: () => ({ fans: 4321 }) }))
    const queued = await client
      .post('/bili/api/crawler')
      .loginAs(given.manager)
      .json({ creator_id: given.creator.id })
    queued.assertStatus(202)
    assert.containsSubset(queued.body().data, {
      platform: 'bilibili',
      creator_ids: [given.creator.id],
      trigger: 'manual',
      status: 'queued',
    })
    const runId = queued.body().data.id
    await runQueued(async () => {
      const run = await MetricCollectionRun.find(runId)
      return run?.status === 'finished' || run?.status === 'failed'
    }, `run ${runId}`)
    const collected = await accountOf('bilibili')
    assert.equal(collected.fans, 4321)

    const task = await client.get(`/bili/task?creator_id=${given.creator.id}`).loginAs(given.staff)
    task.assertStatus(200)
    const data = task.body().data
    assert.equal(data.platform, 'bilibili')
    assert.equal(data.runs[0].id, runId)
    assert.containsSubset(data.runs[0], { status: 'finished', succeeded: 1 })
    assert.isAbove(DateTime.fromISO(data.next_run_at).toMillis(), Date.now())
    const douyinTask = await client
      .get(`/douyin/task?creator_id=${given.creator.id}`)
      .loginAs(given.staff)
    assert.deepEqual(douyinTask.body().data.runs, [], 'a Bilibili run is not Douyin’s')

    await answers(
      client.post('/douyin/api/crawler').loginAs(given.staff).json({ creator_id: 1 }),
      403
    )
    await answers(
      client.get(`/bili/task?creator_id=${given.creator.id}`).loginAs(given.creatorUser),
      403
    )
    const none = await client
      .post('/xigua/api/crawler')
      .loginAs(given.manager)
      .header('Accept-Language', 'ja')
      .json({ creator_id: given.creator.id })
    none.assertStatus(404)
    assert.match(none.body().message, /[\u3040-\u30ff]/)
    const bad = await client
      .get('/bili/task?creator_id=-1&limit=1e9')
      .loginAs(given.staff)
      .header('Accept-Language', 'zh')
    bad.assertStatus(422)
    assert.match(bad.body().errors[0].message, /[\u4e00-\u9fff]/)
  })
})
