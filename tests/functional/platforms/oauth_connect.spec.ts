import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import AuditLog from '#models/audit_log'
import CreatorPlatformAccount from '#models/creator_platform_account'
import PlatformOauthConnect from '#models/platform_oauth_connect'
import { CreatorFactory } from '#database/factories/creator_factory'
import { PlatformOauthConnectFactory } from '#database/factories/platform_oauth_connect_factory'
import OAuthRefreshService from '#services/platform_accounts/oauth_refresh_service'
import { accountState } from '#services/platform_accounts/account_state'
import { accountFindings } from '#services/alerts/findings/account_findings'
import { readOpenToken } from '#platforms/open_token'
import { DEFAULT_ALERT_RULES } from '#shared/alerts'
import type { FakeAnswer, FakeServer, RecordedRequest } from '#tests/helpers/platforms'
import { startFakeServer } from '#tests/helpers/platforms'
import { setupGroupWith } from '#tests/helpers/functional'
import { userWithCode } from '#tests/helpers/users'

/*
| The OAuth connect → callback → refresh → lapse cycle of the open platforms
| against fake authorisation servers answering the published bodies of
| tests/fixtures/platforms/oauth (see its README): Douyin (and Xigua, the
| same ByteDance flow), Kuaishou and Weibo. Every answer and every log line
| is searched for the tokens, codes and secrets: none may appear.
*/

function sample(name: string) {
  const url = new URL(`../../fixtures/platforms/oauth/${name}.json`, import.meta.url)
  return JSON.parse(readFileSync(url, 'utf8'))
}

const SECRETS = {
  DOUYIN_CLIENT_KEY: 'tt10abcdouyin',
  DOUYIN_CLIENT_SECRET: 'douyin-secret-7802f4e6',
  XIGUA_CLIENT_KEY: 'tt10abcxigua',
  XIGUA_CLIENT_SECRET: 'xigua-secret-9911aa',
  KWAI_APP_ID: 'ks650000000001',
  KWAI_APP_SECRET: 'kwai-secret-ek0000boQ',
  WEIBO_APP_KEY: '1234567890',
  WEIBO_APP_SECRET: 'weibo-secret-cafe01',
}
const CODE = 'ffab5ec26cd958fditn2GNr8Wx5m0i'
/** What must never leave the server: secrets, codes and every token the samples hold. */
const NEVER = [
  ...Object.entries(SECRETS)
    .filter(([name]) => name.includes('SECRET'))
    .map(([, value]) => value),
  CODE,
  'act.f7094fbffab2ecbfc45e9af9c32bc241',
  'rft.a736b70544519999a623d67',
  'kwai-access-xxxxxxx',
  'kwai-refresh-xxxxxx',
  'ACCESS_TOKEN',
  '0dd6ebdafc04f8402b4e75d8289dba14',
]

type Handler = (request: RecordedRequest) => FakeAnswer
interface Fakes {
  bytedance: FakeServer
  kwai: FakeServer
  weibo: FakeServer
}

/** Each platform's documented success bodies, unless `override` answers. */
function handlerOf(paths: Record<string, string>, override: { answer?: Handler }): Handler {
  return (request) => {
    const overridden = override.answer?.(request)
    if (overridden) return overridden
    const name = paths[request.path]
    return name ? { json: sample(name) } : { status: 404, json: { message: 'not found' } }
  }
}

const overrides = {
  bytedance: {} as { answer?: Handler },
  kwai: {} as { answer?: Handler },
  weibo: {} as { answer?: Handler },
}
const logs: string[] = []
const originals: Record<string, any> = {}

test.group('OAuth connect of open-platform logins', (group) => {
  let fakes: Fakes
  const given = setupGroupWith(group, async () => ({
    admin: await userWithCode('admin'),
    staff: await userWithCode('staff'),
    creator: await CreatorFactory.create(),
  }))

  group.setup(async () => {
    fakes = {
      bytedance: await startFakeServer(
        handlerOf(
          {
            'oauth/access_token/': 'douyin_access_token',
            'oauth/refresh_token/': 'douyin_refresh_token',
            'oauth/renew_refresh_token/': 'douyin_renew_refresh_token',
          },
          overrides.bytedance
        )
      ),
      kwai: await startFakeServer(
        handlerOf(
          {
            'oauth2/access_token': 'kwai_access_token',
            'oauth2/refresh_token': 'kwai_refresh_token',
          },
          overrides.kwai
        )
      ),
      weibo: await startFakeServer(
        handlerOf({ 'oauth2/access_token': 'weibo_access_token' }, overrides.weibo)
      ),
    }
    const env: Record<string, string> = {
      ...SECRETS,
      DOUYIN_OAUTH_BASE: fakes.bytedance.url,
      XIGUA_OAUTH_BASE: fakes.bytedance.url,
      KWAI_OAUTH_BASE: fakes.kwai.url,
      WEIBO_OAUTH_BASE: fakes.weibo.url,
      APP_URL: 'http://studio.test',
    }
    for (const [key, value] of Object.entries(env)) {
      originals[`env:${key}`] = process.env[key]
      process.env[key] = value
    }
    for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
      originals[level] = (logger as any)[level]
      ;(logger as any)[level] = function (this: unknown, ...args: unknown[]) {
        logs.push(JSON.stringify(args))
        return originals[level].apply(this, args)
      }
    }
    return async () => {
      for (const [key, value] of Object.entries(originals)) {
        if (key.startsWith('env:')) {
          const name = key.slice(4)
          if (value === undefined) delete process.env[name]
          else process.env[name] = value
        } else (logger as any)[key] = value
      }
      await Promise.all(Object.values(fakes).map((fake) => fake.close()))
    }
  })
  group.each.setup(() => {
    overrides.bytedance.answer = undefined
    overrides.kwai.answer = undefined
    overrides.weibo.answer = undefined
    for (const fake of Object.values(fakes)) fake.requests.length = 0
    logs.length = 0
    return () => {
      const leaked = NEVER.filter((secret) => logs.some((line) => line.includes(secret)))
      if (leaked.length) throw new Error(`secrets in the log: ${leaked.join(', ')}`)
    }
  })

  /** Starts a connect as `user`; the authorise URL and its state. */
  async function start(client: any, platform: string, user = given.admin) {
    const response = await client
      .post(`/api/creators/${given.creator.id}/accounts/${platform}/connect`)
      .loginAs(user)
    response.assertStatus(200)
    const url = new URL(response.body().url)
    return { response, url, state: url.searchParams.get('state')! }
  }

  function callback(client: any, platform: string, query: Record<string, string>) {
    return client.get(`/api/oauth/${platform}/callback`).qs(query).redirects(0)
  }

  function landing(response: any) {
    response.assertStatus(302)
    return new URL(response.header('location'))
  }

  function assertClean(assert: any, ...texts: string[]) {
    for (const text of texts) {
      for (const secret of NEVER) assert.notInclude(text, secret)
    }
  }

  test('Douyin: connect, callback, stored encrypted with its lifetimes; a replay writes nothing', async ({
    client,
    assert,
  }) => {
    const { response, url, state } = await start(client, 'douyin')
    assert.equal(url.origin, fakes.bytedance.url)
    assert.equal(url.pathname, '/platform/oauth/connect/')
    assert.equal(url.searchParams.get('client_key'), SECRETS.DOUYIN_CLIENT_KEY)
    assert.equal(url.searchParams.get('response_type'), 'code')
    assert.include(url.searchParams.get('scope')!, 'user_info')
    assert.equal(
      url.searchParams.get('redirect_uri'),
      'http://studio.test/api/oauth/douyin/callback'
    )
    assert.isAtLeast(state.length, 40)
    const stored = await PlatformOauthConnect.query()
      .where('creator_id', given.creator.id)
      .firstOrFail()
    assert.equal(stored.stateHash, PlatformOauthConnect.hashOf(state), 'only the hash is stored')
    assert.equal(stored.userId, given.admin.id)
    assert.isNull(stored.accountId)
    assert.closeTo(stored.expiresAt.diffNow('minutes').minutes, 10, 0.2)

    const back = await callback(client, 'douyin', { code: CODE, state })
    const landed = landing(back)
    assert.equal(landed.pathname, '/app/modify_creator')
    assert.deepEqual(Object.fromEntries(landed.searchParams), {
      id: String(given.creator.id),
      tab: 'douyin',
      connect: 'connected',
    })
    assert.lengthOf(fakes.bytedance.calls('oauth/access_token/'), 1)

    const account = await CreatorPlatformAccount.query()
      .where('creator_id', given.creator.id)
      .where('platform', 'douyin')
      .firstOrFail()
    assert.notInclude(account.tokenEncrypted!, 'act.', 'encrypted at rest')
    const token = readOpenToken(account.getToken())!
    assert.equal(token.accessToken, sample('douyin_access_token').data.access_token)
    assert.equal(token.refreshToken, sample('douyin_access_token').data.refresh_token)
    assert.equal(token.openId, sample('douyin_access_token').data.open_id)
    // lifetimes from the answer: 1296000 s (15 days) and 2592000 s (30 days)
    assert.closeTo(DateTime.fromISO(token.expiresAt!).diffNow('days').days, 15, 0.01)
    assert.closeTo(DateTime.fromISO(token.refreshExpiresAt!).diffNow('days').days, 30, 0.01)
    assert.equal(account.tokenStatus, 0)
    assert.closeTo(account.tokenConnectedAt!.diffNow('seconds').seconds, 0, 30)
    // renewed daily by the job until the SPEC §4 re-authorisation, 90 days after connecting
    assert.closeTo(account.tokenExpiresAt!.diff(account.tokenConnectedAt!, 'days').days, 90, 0.01)
    const audit = await AuditLog.query().where('action', 'creator.account_connect')
    assert.lengthOf(audit, 1)
    assert.equal(audit[0].userId, given.admin.id)

    const replay = await callback(client, 'douyin', { code: CODE, state })
    assert.equal(landing(replay).searchParams.get('connect'), 'replayed')
    assert.lengthOf(fakes.bytedance.calls('oauth/access_token/'), 1, 'no second exchange')
    assert.lengthOf(await AuditLog.query().where('action', 'creator.account_connect'), 1)

    const detail = await client.get(`/api/creators/${given.creator.id}`).loginAs(given.admin)
    assertClean(assert, JSON.stringify(response.body()), back.text(), JSON.stringify(detail.body()))
  })

  test('a refused authorisation (access_denied) and an expired state write nothing', async ({
    client,
    assert,
  }) => {
    const { state } = await start(client, 'douyin')
    const denied = await callback(client, 'douyin', { error: 'access_denied', state })
    assert.equal(landing(denied).searchParams.get('connect'), 'denied')
    assert.lengthOf(fakes.bytedance.calls('oauth/access_token/'), 0)
    const again = await callback(client, 'douyin', { code: CODE, state })
    assert.equal(
      landing(again).searchParams.get('connect'),
      'replayed',
      'a refusal spends the state'
    )

    const old = 'expired-state-0000000000000000000000000000'
    await PlatformOauthConnectFactory.merge({
      stateHash: PlatformOauthConnect.hashOf(old),
      creatorId: given.creator.id,
      userId: given.admin.id,
    })
      .apply('expired')
      .create()
    const expired = await callback(client, 'douyin', { code: CODE, state: old })
    assert.equal(landing(expired).searchParams.get('connect'), 'expired')
    assert.lengthOf(fakes.bytedance.calls('oauth/access_token/'), 0)
    assert.isNull(
      await CreatorPlatformAccount.query().where('creator_id', given.creator.id).first()
    )
    assert.lengthOf(await AuditLog.query().where('action', 'creator.account_connect'), 0)
  })

  test('a state never issued gets a page of its own in the reader language', async ({
    client,
    assert,
  }) => {
    const response = await client
      .get('/api/oauth/douyin/callback')
      .qs({ code: CODE, state: 'made-up' })
      .header('Accept-Language', 'zh-CN')
      .redirects(0)
    response.assertStatus(400)
    assert.include(response.text(), '授权连接无效')
    assert.include(response.text(), '抖音')
    assert.equal(response.header('cache-control'), 'no-store')
    assertClean(assert, response.text())
    assert.lengthOf(fakes.bytedance.requests, 0)
  })

  test('a staff member who may not edit the creator cannot start a connect', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post(`/api/creators/${given.creator.id}/accounts/douyin/connect`)
      .loginAs(given.staff)
    response.assertStatus(403)
    assert.lengthOf(await PlatformOauthConnect.all(), 0)
    const bilibili = await client
      .post(`/api/creators/${given.creator.id}/accounts/bilibili/connect`)
      .loginAs(given.admin)
    bilibili.assertStatus(422)
  })

  test('a platform without its app id and secret is "not configured", naming them', async ({
    client,
    assert,
  }) => {
    const saved = process.env.XIGUA_CLIENT_SECRET
    delete process.env.XIGUA_CLIENT_SECRET
    try {
      const response = await client
        .post(`/api/creators/${given.creator.id}/accounts/xigua/connect`)
        .loginAs(given.admin)
      response.assertStatus(409)
      assert.include(response.body().message, 'XIGUA_CLIENT_KEY, XIGUA_CLIENT_SECRET')
      assert.lengthOf(await PlatformOauthConnect.all(), 0)
    } finally {
      process.env.XIGUA_CLIENT_SECRET = saved
    }
  })

  test('a code the platform refuses lands as failed, with nothing stored', async ({
    client,
    assert,
  }) => {
    overrides.bytedance.answer = () => ({ json: sample('douyin_error_code_expired') })
    const { state } = await start(client, 'xigua')
    const response = await callback(client, 'xigua', { code: CODE, state })
    const landed = landing(response)
    assert.equal(landed.searchParams.get('connect'), 'failed')
    assert.equal(landed.searchParams.get('reason'), 'auth')
    assert.isNull(
      await CreatorPlatformAccount.query().where('creator_id', given.creator.id).first()
    )
    assert.isTrue(
      logs.some((line) => line.includes('10007')),
      'the refusal is logged'
    )
  })

  test('Douyin refresh: renewed before it lapses, then marked cannot access once refused', async ({
    client,
    assert,
  }) => {
    const { state } = await start(client, 'douyin')
    await callback(client, 'douyin', { code: CODE, state })
    const before = await CreatorPlatformAccount.query()
      .where('creator_id', given.creator.id)
      .firstOrFail()

    // the next day: 14 days left on the access token, 29 on the refresh token — nothing to do
    const quiet = await OAuthRefreshService.run(DateTime.utc().plus({ days: 1 }))
    assert.deepInclude(quiet, { checked: 1, unchanged: 1, renewed: 0 })
    assert.lengthOf(fakes.bytedance.calls('oauth/refresh_token/'), 0)

    // 13 days on: the access token ends within 72 h → refreshed; its answer gives the refresh
    // token a day left → renewed as well (oauth/renew_refresh_token/)
    const summary = await OAuthRefreshService.run(DateTime.utc().plus({ days: 13 }))
    assert.deepInclude(summary, { checked: 1, renewed: 1 })
    assert.lengthOf(fakes.bytedance.calls('oauth/refresh_token/'), 1)
    assert.lengthOf(fakes.bytedance.calls('oauth/renew_refresh_token/'), 1)
    const renewed = await CreatorPlatformAccount.findOrFail(before.id)
    const token = readOpenToken(renewed.getToken())!
    assert.equal(token.accessToken, 'access_token')
    assert.equal(token.refreshToken, 'refresh_token')
    assert.equal(token.openId, 'SuQB*******KN5f')
    assert.equal(renewed.tokenStatus, 0)
    assert.isNotNull(renewed.tokenRefreshedAt)
    assert.isNull(renewed.tokenError)
    assert.equal(renewed.tokenExpiresAt!.toISO(), before.tokenExpiresAt!.toISO(), 'still 90 days')

    // the platform refuses the refresh token: the login cannot access, with the reason
    overrides.bytedance.answer = () => ({ json: sample('douyin_error_refresh_expired') })
    // (the renewed tokens' lifetimes run from the answer, a day each: due again at once)
    const refused = await OAuthRefreshService.run(DateTime.utc())
    assert.deepInclude(refused, { checked: 1, failed: 1 })
    const lapsed = await CreatorPlatformAccount.findOrFail(before.id)
    assert.equal(lapsed.tokenStatus, 1)
    assert.match(lapsed.tokenError!, /^auth: Douyin refused oauth\/refresh_token\/: 10010/)
    await given.creator.refresh()
    assert.isTrue(Boolean(given.creator.failing))
  })

  test("two runs at once: the second sees the first one's login and leaves it alone", async ({
    client,
    assert,
  }) => {
    const { state } = await start(client, 'douyin')
    await callback(client, 'douyin', { code: CODE, state })
    const later = DateTime.utc().plus({ days: 13 })
    const [first, second] = await Promise.all([
      OAuthRefreshService.run(later),
      OAuthRefreshService.run(later),
    ])
    assert.equal(first.renewed + second.renewed, 1)
    assert.equal(first.raced + second.raced, 1)
    const account = await CreatorPlatformAccount.query()
      .where('creator_id', given.creator.id)
      .firstOrFail()
    assert.equal(account.tokenStatus, 0)
  })

  test('Kuaishou: connect by GET with app_id, then renewed every day within 36 h', async ({
    client,
    assert,
  }) => {
    const { url, state } = await start(client, 'kwai')
    assert.equal(url.pathname, '/oauth2/connect')
    assert.equal(url.searchParams.get('app_id'), SECRETS.KWAI_APP_ID)
    const back = await callback(client, 'kwai', { code: CODE, state })
    assert.equal(landing(back).searchParams.get('connect'), 'connected')
    const [exchange] = fakes.kwai.calls('oauth2/access_token')
    assert.equal(exchange.query.get('code'), CODE)
    assert.equal(exchange.query.get('grant_type'), 'authorization_code')
    const account = await CreatorPlatformAccount.query()
      .where('creator_id', given.creator.id)
      .where('platform', 'kwai')
      .firstOrFail()
    const token = readOpenToken(account.getToken())!
    assert.equal(token.openId, 'kwai-open-xxxxx')
    assert.closeTo(DateTime.fromISO(token.expiresAt!).diffNow('hours').hours, 48, 0.1)
    // no SPEC §4 period: the login lapses with its refresh token (180 days)
    assert.closeTo(account.tokenExpiresAt!.diffNow('days').days, 180, 0.01)

    const summary = await OAuthRefreshService.run(DateTime.utc().plus({ days: 1 }))
    assert.deepInclude(summary, { renewed: 1 })
    const [refresh] = fakes.kwai.calls('oauth2/refresh_token')
    assert.equal(refresh.query.get('refresh_token'), 'kwai-refresh-xxxxxx')
    assert.equal(refresh.query.get('grant_type'), 'refresh_token')
    const renewedAccount = await CreatorPlatformAccount.findOrFail(account.id)
    const renewed = readOpenToken(renewedAccount.getToken())!
    assert.equal(renewed.refreshToken, 'kwai-refresh-2-xxxxxx', 'the refresh token rotates')
    assert.equal(renewed.openId, 'kwai-open-xxxxx', 'the open_id is kept')

    overrides.kwai.answer = () => ({ json: sample('kwai_error_refresh_expired') })
    const refused = await OAuthRefreshService.run(DateTime.utc().plus({ days: 2 }))
    assert.deepInclude(refused, { failed: 1 })
    const lapsed = await CreatorPlatformAccount.findOrFail(account.id)
    assert.equal(lapsed.tokenStatus, 1)
    assert.include(lapsed.tokenError!, '100200113')
  })

  test('Weibo: uid from the answer, no refresh, and the lapse raises the expiry alert', async ({
    client,
    assert,
  }) => {
    const { url, state } = await start(client, 'weibo')
    assert.equal(url.pathname, '/oauth2/authorize')
    assert.equal(url.searchParams.get('client_id'), SECRETS.WEIBO_APP_KEY)
    const back = await callback(client, 'weibo', { code: CODE, state })
    assert.equal(landing(back).searchParams.get('connect'), 'connected')
    const account = await CreatorPlatformAccount.query()
      .where('creator_id', given.creator.id)
      .where('platform', 'weibo')
      .firstOrFail()
    assert.equal(account.uid, '12341234')
    // expires_in 1234 s, and no refresh token: the login lapses then
    assert.closeTo(account.tokenExpiresAt!.diffNow('seconds').seconds, 1234, 30)

    const summary = await OAuthRefreshService.run(DateTime.utc().plus({ hours: 1 }))
    assert.equal(summary.checked, 0, 'Weibo logins are not refreshed')
    assert.lengthOf(fakes.weibo.requests, 1)

    const hourLater = DateTime.utc().plus({ hours: 1 })
    assert.equal(accountState(account, hourLater).tokenStatus, 1)
    const findings = await accountFindings(DEFAULT_ALERT_RULES, hourLater)
    const mine = findings.filter((finding) => finding.accountId === account.id)
    assert.deepEqual(
      mine.map((finding) => finding.kind),
      ['token_expired']
    )
  })

  test('Weibo refusals: the echoed code is masked, the cause named', async ({ client, assert }) => {
    overrides.weibo.answer = () => ({ status: 400, json: sample('weibo_error_invalid_grant') })
    const code = '0dd6ebdafc04f8402b4e75d8289dba14'
    const { state } = await start(client, 'weibo')
    const back = await callback(client, 'weibo', { code, state })
    assert.equal(landing(back).searchParams.get('reason'), 'auth')
    assert.isTrue(logs.some((line) => line.includes('21325') && line.includes('••••')))

    overrides.weibo.answer = () => ({ status: 401, json: sample('weibo_error_invalid_client') })
    const second = await start(client, 'weibo')
    const refused = await callback(client, 'weibo', { code: CODE, state: second.state })
    assert.equal(landing(refused).searchParams.get('reason'), 'not_configured')
  })
})
