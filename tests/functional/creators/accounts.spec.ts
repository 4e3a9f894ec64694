import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import AuditLog from '#models/audit_log'
import Creator from '#models/creator'
import CreatorPlatformAccount from '#models/creator_platform_account'
import User from '#models/user'
import {
  CreatorFactory,
  PlatformAccountFactory,
  withPrivate,
} from '#database/factories/creator_factory'
import { login, setupGroupWith } from '#tests/helpers/functional'
import { SECURITY_CODE, userWithCode } from '#tests/helpers/users'

const ago = (days: number) => DateTime.utc().minus({ days }).toISO()

/** What most tests here start from: an admin with a security code and a plain creator. */
async function adminAndCreator() {
  return { admin: await userWithCode('admin'), creator: await CreatorFactory.create() }
}

/** PUT /api/creators/:id/accounts/:platform by `user`, confirmed with the security code. */
function saveAccount(
  client: ApiClient,
  user: User,
  creatorId: number,
  platform: string,
  fields: Record<string, unknown>
) {
  return client
    .put(`/api/creators/${creatorId}/accounts/${platform}`)
    .loginAs(user)
    .json({ ...fields, security_code: SECURITY_CODE })
}

/** Hours between an ISO answer and `from + days`. */
function hoursOff(iso: string, from: DateTime, days: number) {
  return Math.abs(DateTime.fromISO(iso).diff(from.plus({ days }), 'hours').hours)
}

test.group('creators / platform accounts: tokens and cookies', (group) => {
  const given = setupGroupWith(group, adminAndCreator)

  test('a stored OAuth answer is hinted by its access token, never by its JSON', async ({
    client,
    assert,
  }) => {
    const token = JSON.stringify({
      access_token: 'act.douyin-access-0123456789wxyz',
      refresh_token: 'rft.douyin-refresh-secret',
      open_id: 'open-1',
    })
    const response = await saveAccount(client, given.admin, given.creator.id, 'douyin', {
      uid: 'open-1',
      token,
    })
    response.assertStatus(200)
    assert.equal(response.body().token_hint, '••••wxyz')
    assert.notInclude(JSON.stringify(response.body()), 'secret')
  })

  test('a new token connects now, status 0, and expires per platform (xigua 30, douyin 90 days)', async ({
    client,
    assert,
  }) => {
    const started = DateTime.utc()
    const expected: Record<string, number | null> = { xigua: 30, douyin: 90, bilibili: null }
    for (const [platform, days] of Object.entries(expected)) {
      const response = await saveAccount(client, given.admin, given.creator.id, platform, {
        uid: `${platform}-1`,
        token: `token-for-${platform}-0123456789`,
      })
      response.assertStatus(200)
      const account = response.body()
      assert.containsSubset(account, {
        platform,
        uid: `${platform}-1`,
        token_present: true,
        token_status: 0,
        cookie_present: false,
        cookie_status: 1,
      })
      assert.equal(account.token_hint, '••••6789')
      assert.isBelow(hoursOff(account.token_connected_at, started, 0), 1)
      if (days === null) assert.isNull(account.token_expires_at)
      else assert.isBelow(hoursOff(account.token_expires_at, started, days), 1)
      assert.notInclude(JSON.stringify(account), `token-for-${platform}`)
    }
    const stored = await CreatorPlatformAccount.query()
      .where('creator_id', given.creator.id)
      .where('platform', 'xigua')
      .firstOrFail()
    assert.equal(stored.getToken(), 'token-for-xigua-0123456789')
    assert.equal(stored.tokenStatus, 0)
    assert.isNotNull(await AuditLog.findBy('action', 'creator.account_update'))
  })

  test('a token connected longer ago than the renewal period reads "cannot access"', async ({
    client,
    assert,
  }) => {
    const response = await saveAccount(client, given.admin, given.creator.id, 'xigua', {
      token: 'old-xigua-token-abcdef',
      token_connected_at: ago(31),
    })
    response.assertStatus(200)
    assert.equal(response.body().token_status, 1)
    assert.isTrue(response.body().token_expiring)
    const detail = await client.get(`/api/creators/${given.creator.id}`).loginAs(given.admin)
    assert.isTrue(detail.body().failing)

    const fresh = await saveAccount(client, given.admin, given.creator.id, 'douyin', {
      token: 'douyin-token-abcdef',
      token_connected_at: ago(85),
    })
    assert.equal(fresh.body().token_status, 0)
    assert.isTrue(fresh.body().token_expiring, 'expires within the warning days')

    const future = await saveAccount(client, given.admin, given.creator.id, 'douyin', {
      token: 'x-token',
      token_connected_at: DateTime.utc().plus({ days: 3 }).toISO(),
    })
    future.assertStatus(422)
    assert.equal(future.body().errors[0].field, 'token_connected_at')
  })

  test('a cookie must be JSON (SPEC §8 "cookie not JSON")', async ({ client, assert }) => {
    for (const cookie of ['SESSDATA=abc; bili_jct=def', '{"a": 1', '12345', '"text"', 'null']) {
      const response = await saveAccount(client, given.admin, given.creator.id, 'bilibili', {
        cookie,
      })
      response.assertStatus(422)
      assert.equal(
        response.body().message,
        'Cookie not JSON: enter the cookie as valid JSON.',
        cookie
      )
      assert.deepEqual(response.body().data, { field: 'cookie' })
    }
    const korean = await client
      .put(`/api/creators/${given.creator.id}/accounts/bilibili`)
      .header('lang', 'kr')
      .loginAs(given.admin)
      .json({ cookie: 'nope', security_code: SECURITY_CODE })
    assert.equal(korean.body().message, '쿠키가 JSON 형식이 아닙니다. 올바른 JSON으로 입력하세요.')
    assert.lengthOf(await CreatorPlatformAccount.query().where('creator_id', given.creator.id), 0)
  })

  test('a cookie may be entered only one day after the token connected', async ({
    client,
    assert,
  }) => {
    const token = await saveAccount(client, given.admin, given.creator.id, 'bilibili', {
      token: 'bilibili-token-123456',
    })
    token.assertStatus(200)

    const early = await saveAccount(client, given.admin, given.creator.id, 'bilibili', {
      cookie: '{"SESSDATA":"x"}',
    })
    early.assertStatus(422)
    assert.match(
      early.body().message,
      /^A cookie can be entered from \d{4}-\d{2}-\d{2} \d{2}:\d{2}, one day after the token connected\.$/
    )
    const availableAt = DateTime.fromISO(early.body().data.available_at)
    assert.isBelow(
      Math.abs(
        availableAt.diff(
          DateTime.fromISO(token.body().token_connected_at).plus({ days: 1 }),
          'seconds'
        ).seconds
      ),
      2
    )

    // a token and a cookie given together: the token connects now, so the cookie is early too
    const together = await saveAccount(client, given.admin, given.creator.id, 'haokan', {
      token: 'haokan-token-1234567',
      cookie: '{"BDUSS":"x"}',
    })
    together.assertStatus(422)

    // connected two days ago: the cookie is accepted, entered and checked now
    const started = DateTime.utc()
    const later = await saveAccount(client, given.admin, given.creator.id, 'haokan', {
      token: 'haokan-token-1234567',
      token_connected_at: ago(2),
      cookie: '{"BDUSS":"x"}',
    })
    later.assertStatus(200)
    assert.containsSubset(later.body(), { cookie_present: true, cookie_status: 0, token_status: 0 })
    assert.isBelow(hoursOff(later.body().cookie_entered_at, started, 0), 1)
    assert.isBelow(hoursOff(later.body().cookie_checked_at, started, 0), 1)
    assert.isBelow(hoursOff(later.body().cookie_recheck_due_at, started, 30), 1)
    assert.isFalse(later.body().cookie_recheck_due)

    // a cookie on an account without a token is not held back
    const noToken = await saveAccount(client, given.admin, given.creator.id, 'kwai', {
      cookie: '[{"name":"did","value":"x"}]',
    })
    noToken.assertStatus(200)
    assert.equal(noToken.body().cookie_status, 0)
  })

  test('a Bilibili cookie is taken in every common export shape, and refused without a live SESSDATA', async ({
    client,
    assert,
  }) => {
    const bilibili = (cookie: string, lang = 'en') =>
      client
        .put(`/api/creators/${given.creator.id}/accounts/bilibili`)
        .header('lang', lang)
        .loginAs(given.admin)
        .json({ cookie, security_code: SECURITY_CODE })
    const future = DateTime.utc().plus({ days: 90 }).toSeconds()
    const past = DateTime.utc().minus({ days: 2 })
    for (const shape of [
      [
        { name: 'SESSDATA', value: 'abc%2C123', domain: '.bilibili.com', expirationDate: future },
        { name: 'bili_jct', value: 'def', domain: '.bilibili.com' },
      ],
      { cookie_info: { cookies: [{ name: 'SESSDATA', value: 'abc', expires: future }] } },
      { cookies: [{ name: 'SESSDATA', value: 'abc', domain: 'www.bilibili.com' }], origins: [] },
      { SESSDATA: 'abc', bili_jct: 'def', DedeUserID: '332704117' },
    ]) {
      const response = await bilibili(JSON.stringify(shape))
      response.assertStatus(200)
    }

    const empty = await bilibili('[]')
    empty.assertStatus(422)
    assert.equal(
      empty.body().message,
      'No cookie found in this text: paste the export of a browser extension or the cookie JSON.'
    )
    // another site's cookies only (the export names domains): nothing for Bilibili
    const elsewhere = await bilibili(
      JSON.stringify([{ name: 'SESSDATA', value: 'x', domain: '.example.com' }])
    )
    assert.equal(elsewhere.body().message, empty.body().message)

    const signedOut = await bilibili(JSON.stringify({ buvid3: 'visitor', b_nut: '1' }), 'kr')
    signedOut.assertStatus(422)
    assert.deepEqual(signedOut.body().data, { field: 'cookie', name: 'SESSDATA' })
    assert.equal(
      signedOut.body().message,
      '쿠키에 SESSDATA이(가) 없습니다. 플랫폼에 로그인한 상태에서 내보내세요.'
    )

    const lapsed = await bilibili(
      JSON.stringify([{ name: 'SESSDATA', value: 'old', expirationDate: past.toSeconds() }]),
      'ch'
    )
    lapsed.assertStatus(422)
    assert.equal(lapsed.body().data.name, 'SESSDATA')
    assert.match(
      lapsed.body().message,
      /^Cookie 的 SESSDATA 已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 过期/
    )
  })

  test('Weibo needs SUB and SUBP at once: one in each field, or one JSON export holding both', async ({
    client,
    assert,
  }) => {
    const weibo = (fields: Record<string, unknown>) =>
      saveAccount(client, given.admin, given.creator.id, 'weibo', fields)
    const message = 'Weibo needs both cookies at the same time (or one JSON cookie holding both).'

    for (const [body, field] of [
      [{ cookie: '{"SUB":"a"}' }, 'cookie_2'],
      [{ cookie_2: '{"SUB":"a","SUBP":"b"}' }, 'cookie'],
      [{ cookie: '[{"name":"SUBP","value":"b"}]' }, 'cookie_2'],
      [{ cookie: '{"SUB":"weibo-com"}', cookie_2: '{"SUB":"weibo-cn"}' }, 'cookie_2'],
    ] as const) {
      const response = await weibo(body)
      response.assertStatus(422)
      assert.equal(response.body().message, message, JSON.stringify(body))
      assert.deepEqual(response.body().data, { field }, JSON.stringify(body))
    }
    const notJson = await weibo({ cookie: '{"SUB":"a"}', cookie_2: 'SUBP=b' })
    assert.deepEqual(notJson.body().data, { field: 'cookie_2' })
    assert.equal(notJson.body().message, 'Cookie not JSON: enter the cookie as valid JSON.')
    const lapsed = await weibo({
      cookie: JSON.stringify([
        { name: 'SUB', value: 'a', domain: '.weibo.com', expirationDate: 1_600_000_000 },
        { name: 'SUBP', value: 'b', domain: '.weibo.com' },
      ]),
    })
    lapsed.assertStatus(422)
    assert.deepInclude(lapsed.body().data, { field: 'cookie', name: 'SUB' })

    const both = await weibo({ cookie: '{"SUB":"weibo-sub"}', cookie_2: '{"SUBP":"weibo-subp"}' })
    both.assertStatus(200)
    assert.equal(both.body().cookie_status, 0)
    const stored = await CreatorPlatformAccount.query()
      .where('creator_id', given.creator.id)
      .where('platform', 'weibo')
      .firstOrFail()
    assert.deepEqual(JSON.parse(stored.getCookie()!), {
      cookie: { SUB: 'weibo-sub' },
      cookie_2: { SUBP: 'weibo-subp' },
    })

    for (const combined of [
      { SUB: 'a', SUBP: 'b' },
      [
        { name: 'SUB', value: 'a', domain: '.weibo.com' },
        { name: 'SUBP', value: 'b', domain: '.weibo.com' },
      ],
      { 'weibo.com': { SUB: 'a', SUBP: 'c' }, 'weibo.cn': { SUB: 'b' } },
      [[{ name: 'SUB', value: 'a' }], [{ name: 'SUBP', value: 'b' }]],
    ]) {
      const one = await weibo({ cookie: JSON.stringify(combined) })
      one.assertStatus(200)
    }

    const secondElsewhere = await saveAccount(client, given.admin, given.creator.id, 'bilibili', {
      cookie: '{"a":1}',
      cookie_2: '{"b":2}',
    })
    secondElsewhere.assertStatus(422)
    assert.equal(secondElsewhere.body().message, 'Only Weibo takes a second cookie.')
  })

  test('statuses are computed on read: expired tokens and cookies past their recheck read 1', async ({
    client,
    assert,
  }) => {
    const staff = await userWithCode('staff')
    const creator = await CreatorFactory.with('accounts', 1, (account) =>
      account.merge({
        platform: 'xigua',
        tokenStatus: 0,
        tokenConnectedAt: DateTime.utc().minus({ days: 25 }),
        tokenExpiresAt: DateTime.utc().plus({ days: 5 }),
        cookieStatus: 0,
        cookieCheckedAt: DateTime.utc().minus({ days: 31 }),
      })
    )
      .with('accounts', 1, (account) =>
        account.merge({
          platform: 'douyin',
          tokenStatus: 0,
          tokenExpiresAt: DateTime.utc().minus({ hours: 1 }),
          cookieStatus: 0,
          cookieCheckedAt: DateTime.utc().minus({ days: 25 }),
        })
      )
      .create()

    const response = await client.get(`/api/creators/${creator.id}`).loginAs(staff)
    response.assertStatus(200)
    const byPlatform = Object.fromEntries(
      response.body().accounts.map((account: any) => [account.platform, account])
    )
    assert.containsSubset(byPlatform.xigua, {
      token_status: 0,
      token_expiring: true,
      cookie_status: 1,
      cookie_recheck_due: true,
    })
    assert.containsSubset(byPlatform.douyin, {
      token_status: 1,
      cookie_status: 0,
      cookie_recheck_due: true,
    })
    assert.isTrue(response.body().failing)
  })

  test('account changes recompute total fans and failing; empty secrets leave the stored ones', async ({
    client,
    assert,
  }) => {
    const creator = await CreatorFactory.with('accounts', 1, (account) =>
      account.merge({ platform: 'bilibili', fans: 1000 })
    ).create()
    await PlatformAccountFactory.merge({
      creatorId: creator.id,
      platform: 'kwai',
      fans: 500,
    }).create()

    const first = await saveAccount(client, given.admin, creator.id, 'youtube', {
      uid: 'UCabc',
      fans: 2000,
    })
    first.assertStatus(200)
    let row = await Creator.findOrFail(creator.id)
    assert.equal(row.totalFans, 3500)
    assert.isFalse(Boolean(row.failing), 'an account not connected yet (no token) is not failing')

    await CreatorPlatformAccount.query()
      .where('creator_id', creator.id)
      .where('platform', 'youtube')
      .update({ collect_status: 1 })
    await saveAccount(client, given.admin, creator.id, 'youtube', { fans: 2000 })
    row = await Creator.findOrFail(creator.id)
    assert.isTrue(Boolean(row.failing), 'its collection failed')

    await saveAccount(client, given.admin, creator.id, 'youtube', { active: false })
    row = await Creator.findOrFail(creator.id)
    assert.equal(row.totalFans, 1500)
    assert.isFalse(Boolean(row.failing))

    const bilibili = await CreatorPlatformAccount.query()
      .where('creator_id', creator.id)
      .where('platform', 'bilibili')
      .firstOrFail()
    const token = bilibili.getToken()
    const empty = await saveAccount(client, given.admin, creator.id, 'bilibili', {
      token: '',
      cookie: null,
      channel_name: 'Renamed',
    })
    empty.assertStatus(200)
    assert.containsSubset(empty.body(), {
      channel_name: 'Renamed',
      token_present: true,
      cookie_present: true,
    })
    await bilibili.refresh()
    assert.equal(bilibili.getToken(), token)
  })

  test('account changes need the code, a known platform and a free uid', async ({
    client,
    assert,
  }) => {
    await CreatorFactory.with('accounts', 1, (account) =>
      account.merge({ platform: 'bilibili', uid: 'taken' })
    ).create()

    const noCode = await client
      .put(`/api/creators/${given.creator.id}/accounts/bilibili`)
      .loginAs(given.admin)
      .json({ uid: '1' })
    noCode.assertStatus(422)
    const wrongCode = await client
      .put(`/api/creators/${given.creator.id}/accounts/bilibili`)
      .loginAs(given.admin)
      .json({ uid: '1', security_code: '999999' })
    wrongCode.assertStatus(422)
    wrongCode.assertBody({ status: 422, message: 'The security code is wrong.' })
    const unknown = await saveAccount(client, given.admin, given.creator.id, 'myspace', {
      uid: '1',
    })
    unknown.assertStatus(422)
    assert.equal(unknown.body().errors[0].field, 'platform')
    const taken = await saveAccount(client, given.admin, given.creator.id, 'bilibili', {
      uid: 'taken',
    })
    taken.assertStatus(422)
    assert.equal(taken.body().message, 'This uid is already linked to another creator')
    const missingCreator = await client
      .put('/api/creators/999999/accounts/bilibili')
      .loginAs(given.admin)
      .json({ uid: '1', security_code: SECURITY_CODE })
    missingCreator.assertStatus(404)
  })
})

test.group('creators / ad prices, Baidu token and the creator sign-in account', (group) => {
  const given = setupGroupWith(group, adminAndCreator)

  test('ad prices are replaced as a whole; money stays text with two decimals', async ({
    client,
    assert,
  }) => {
    const first = await client
      .put(`/api/creators/${given.creator.id}/ad-prices`)
      .loginAs(given.admin)
      .json({
        prices: [
          { platform: 'bilibili', format: 'dedicated', price: '999999999999.99', currency: 'KRW' },
          {
            platform: 'bilibili',
            format: 'shorts',
            price: 120.5,
            currency: 'CNY',
            note: 'per clip',
          },
        ],
      })
    first.assertStatus(200)
    assert.deepEqual(
      first.body().map((price: any) => [price.format, price.price, price.currency, price.note]),
      [
        ['dedicated', '999999999999.99', 'KRW', null],
        ['shorts', '120.50', 'CNY', 'per clip'],
      ]
    )
    const second = await client
      .put(`/api/creators/${given.creator.id}/ad-prices`)
      .loginAs(given.admin)
      .json({ prices: [{ platform: 'weibo', format: 'post', price: '0' }] })
    second.assertStatus(200)
    assert.lengthOf(await db.from('creator_ad_prices').where('creator_id', given.creator.id), 1)

    for (const prices of [
      [{ platform: 'weibo', format: 'post', price: '1.999' }],
      [{ platform: 'weibo', format: 'post', price: '1e5' }],
      [{ platform: 'weibo', format: 'post', price: '9999999999999' }],
      [
        { platform: 'weibo', format: 'post', price: '1' },
        { platform: 'weibo', format: 'post', price: '2' },
      ],
      [{ platform: 'weibo', format: 'post', price: '1', currency: 'EUR' }],
      'not a list',
    ]) {
      const response = await client
        .put(`/api/creators/${given.creator.id}/ad-prices`)
        .loginAs(given.admin)
        .json({ prices })
      response.assertStatus(422)
    }
    const cleared = await client
      .put(`/api/creators/${given.creator.id}/ad-prices`)
      .loginAs(given.admin)
      .json({ prices: [] })
    cleared.assertBody([])
  })

  test('the Baidu token is stored encrypted and needs the code', async ({ client, assert }) => {
    const wrong = await client
      .put(`/api/creators/${given.creator.id}/baidu-token`)
      .loginAs(given.admin)
      .json({ baidu_app_id: 'app', baidu_token: 'secret', security_code: '111111' })
    wrong.assertStatus(422)
    const response = await client
      .put(`/api/creators/${given.creator.id}/baidu-token`)
      .loginAs(given.admin)
      .json({
        baidu_app_id: 'app-77',
        baidu_token: 'baidu-secret-token',
        security_code: SECURITY_CODE,
      })
    response.assertStatus(200)
    assert.containsSubset(response.body(), { baidu_app_id: 'app-77', baidu_token_present: true })
    assert.notInclude(response.text(), 'baidu-secret-token')
    await given.creator.refresh()
    assert.notInclude(given.creator.baiduTokenEncrypted!, 'baidu-secret-token')
  })

  test('the account password creates the creator sign-in account, then changes it', async ({
    client,
    assert,
  }) => {
    const creator = await CreatorFactory.tap(
      withPrivate({ email: 'Star.Creator@Example.com' })
    ).create()

    const mismatch = await client
      .put(`/api/creators/${creator.id}/account-password`)
      .loginAs(given.admin)
      .json({
        password: 'new-password-1',
        password_confirmation: 'other',
        security_code: SECURITY_CODE,
      })
    mismatch.assertStatus(422)

    const created = await client
      .put(`/api/creators/${creator.id}/account-password`)
      .loginAs(given.admin)
      .json({
        password: 'new-password-1',
        password_confirmation: 'new-password-1',
        security_code: SECURITY_CODE,
      })
    created.assertStatus(200)
    assert.containsSubset(created.body().data, {
      email: 'star.creator@example.com',
      status: 'active',
      created: true,
    })
    const user = await User.findByOrFail('email', 'star.creator@example.com')
    assert.equal(user.role, 'creator')
    assert.equal(user.accountType, 'creator')
    await creator.refresh()
    assert.equal(creator.userId, user.id)
    const detail = await client.get(`/api/creators/${creator.id}`).loginAs(given.admin)
    assert.deepEqual(detail.body().user, { id: user.id, email: user.email, status: 'active' })

    const pair = await login(client, user, 'new-password-1')
    const changed = await client
      .put(`/api/creators/${creator.id}/account-password`)
      .loginAs(given.admin)
      .json({
        password: 'second-password-2',
        password_confirmation: 'second-password-2',
        security_code: SECURITY_CODE,
      })
    changed.assertStatus(200)
    assert.isFalse(changed.body().data.created)
    await user.refresh()
    assert.isTrue(await hash.verify(user.password, 'second-password-2'))
    // the old session ends with the old password
    const old = await client.get('/api/user/info').header('token', pair.token)
    old.assertStatus(401)
    const audit = await AuditLog.query().where('action', 'creator.account_password')
    assert.lengthOf(audit, 2)
    assert.notInclude(JSON.stringify(audit), 'password-')
  })

  test('an account needs an email, and one nobody else uses', async ({ client }) => {
    const other = await userWithCode('staff', null)
    const creator = await CreatorFactory.tap(withPrivate({ email: null })).create()

    const noEmail = await client
      .put(`/api/creators/${creator.id}/account-password`)
      .loginAs(given.admin)
      .json({
        password: 'new-password-1',
        password_confirmation: 'new-password-1',
        security_code: SECURITY_CODE,
      })
    noEmail.assertStatus(422)
    noEmail.assertBody({
      status: 422,
      message: 'The creator has no email. Enter the email of the sign-in account.',
    })

    const taken = await client
      .put(`/api/creators/${creator.id}/account-password`)
      .loginAs(given.admin)
      .json({
        email: other.email,
        password: 'new-password-1',
        password_confirmation: 'new-password-1',
        security_code: SECURITY_CODE,
      })
    taken.assertStatus(409)
    taken.assertBody({ status: 409, message: 'This email already belongs to another account.' })
  })
})
