import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import { rateLimit } from '#services/auth/failure_limiter'
import AuditLog from '#models/audit_log'
import User from '#models/user'
import { CreatorFactory, withPrivate } from '#database/factories/creator_factory'
import { REVEAL_LIMIT, revealLimitKey } from '#services/creators/reveal_service'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { SECURITY_CODE, usersOfEveryRole, userWithCode } from '#tests/helpers/users'
import { assertNoPermission } from '#tests/helpers/requests'
import { creatorPayload } from '#tests/helpers/creators'
import { PRIVATE_LEVELS, REVEAL_SECONDS } from '#shared/constants'

/** Known private values and secrets, as typed into the creator form. */
const SECRETS = {
  phone: '010-4821-7733',
  email: 'minji.secret@example.com',
  address: '12 Hidden-ro, Mapo-gu, Seoul',
  birth_date: '1994-07-15',
  passport_name: 'KIM MINJI HIDDEN',
  passport_no: 'M48213377',
  bank_name: 'Quiet Savings Bank',
  bank_account: '110-482-177330',
  tax_payer_name: 'Kim Taxpayer Hidden',
}
const TOKEN = 'bili-token-0123456789-abcdefghij'
const COOKIE = '{"SESSDATA":"cookie-secret-98765","bili_jct":"jct-secret-4321"}'
const BAIDU_TOKEN = 'baidu-token-secret-55555-zzzz'

/** Every plain value that must never be stored or shown before a reveal. */
const PLAIN_VALUES = [
  ...Object.values(SECRETS),
  '01048217733',
  '110482177330',
  TOKEN,
  'cookie-secret-98765',
  'jct-secret-4321',
  BAIDU_TOKEN,
]

/** Tables a creator's data lands in (the audit log included). */
const TABLES = [
  'creators',
  'creator_platform_accounts',
  'creator_ad_prices',
  'creator_memos',
  'audit_logs',
  'studio_settings',
]

async function rawDump() {
  const dump: string[] = []
  for (const table of TABLES) {
    dump.push(JSON.stringify(await db.from(table)))
  }
  return dump.join('\n')
}

test.group('creators / private data at rest and in answers', (group) => {
  setupFunctionalGroup(group)

  test('private values, tokens and cookies are never stored or answered in plain text before a reveal', async ({
    client,
    assert,
  }) => {
    const admin = await userWithCode('admin')
    const created = await client
      .post('/api/creators')
      .loginAs(admin)
      .json(
        creatorPayload({
          ...SECRETS,
          baidu_app_id: 'app-1',
          accounts: [
            {
              platform: 'bilibili',
              uid: '7788',
              token: TOKEN,
              token_connected_at: DateTime.utc().minus({ days: 3 }).toISO(),
              cookie: COOKIE,
            },
          ],
        })
      )
    created.assertStatus(201)
    const id = created.body().id
    const baidu = await client
      .put(`/api/creators/${id}/baidu-token`)
      .loginAs(admin)
      .json({ baidu_token: BAIDU_TOKEN, security_code: SECURITY_CODE })
    baidu.assertStatus(200)
    assert.isTrue(baidu.body().baidu_token_present)

    // (a) the database rows hold none of the values, only ciphertext and masks
    const dump = await rawDump()
    for (const value of PLAIN_VALUES) assert.notInclude(dump, value, `stored: ${value}`)
    const row = await db.from('creators').where('id', id).first()
    assert.equal(row.phone_masked, '010****7733')
    assert.equal(row.passport_no_masked, '*******77')
    assert.equal(row.bank_account_masked, '**********7330')
    assert.isString(row.passport_no_encrypted)
    assert.isString(row.baidu_token_encrypted)

    // (b) no list, detail or alias answer shows them before a reveal
    const answers = [
      created,
      baidu,
      await client.get('/api/creators').loginAs(admin),
      await client.get(`/api/creators/${id}`).loginAs(admin),
      await client.get(`/api/creator/info?id=${id}`).loginAs(admin),
      await client.get('/api/creator/list').loginAs(admin),
      await client.get('/api/creator/search').qs({ q: 'Minji' }).loginAs(admin),
      await client.get('/api/creators/summary').loginAs(admin),
    ]
    for (const answer of answers) {
      answer.assertStatus(answer === created ? 201 : 200)
      for (const value of PLAIN_VALUES) assert.notInclude(answer.text(), value)
    }
    const detail = answers[3].body()
    assert.deepEqual(detail.private.phone, { masked: '010****7733', present: true })
    assert.deepEqual(detail.private.address, { masked: null, present: true })
    assert.deepEqual(detail.private.bank_account, { masked: '**********7330', present: true })
    assert.containsSubset(detail.accounts[0], {
      platform: 'bilibili',
      token_present: true,
      token_hint: '••••ghij',
      cookie_present: true,
      token_status: 0,
      cookie_status: 0,
    })
    assert.equal(answers[2].body()[0].phone_masked, '010****7733')

    // (c) a reveal answers the level's values, and only those
    const revealed: Record<string, string> = {}
    for (const level of ['L1', 'L2', 'L3'] as const) {
      const response = await client
        .post(`/api/creators/${id}/reveal`)
        .loginAs(admin)
        .json({ level, code: SECURITY_CODE })
      response.assertStatus(200)
      assert.sameMembers(Object.keys(response.body().data.fields), [...PRIVATE_LEVELS[level]])
      Object.assign(revealed, response.body().data.fields)
    }
    assert.deepEqual(revealed, SECRETS)
    // the audit log of the reveals holds no value either
    assert.notInclude(JSON.stringify(await db.from('audit_logs')), SECRETS.passport_no)
  })

  test('a creator made by the factory keeps its private values encrypted too', async ({
    assert,
  }) => {
    const creator = await CreatorFactory.tap(
      withPrivate({ phone: '010-9999-0000', passport_no: 'X7777777', bank_account: '333-777' })
    ).create()
    const dump = JSON.stringify(await db.from('creators').where('id', creator.id))
    for (const value of ['010-9999-0000', '01099990000', 'X7777777', '333-777']) {
      assert.notInclude(dump, value)
    }
    assert.equal(creator.getPrivate('passport_no'), 'X7777777')
  })
})

test.group('creators / reveal', (group) => {
  setupFunctionalGroup(group)

  test('each role reveals the levels its policy allows, and each reveal is audited', async ({
    client,
    assert,
  }) => {
    const users = await usersOfEveryRole()
    const creator = await CreatorFactory.tap(withPrivate({ phone: '010-1111-2222' })).create()
    const allowed: Record<string, string[]> = {
      admin: ['L1', 'L2', 'L3'],
      manager: ['L1', 'L2', 'L3'],
      staff: ['L1'],
      creator: [],
      company: [],
    }
    for (const [role, levels] of Object.entries(allowed)) {
      for (const level of ['L1', 'L2', 'L3']) {
        const user = users[role as keyof typeof users]
        const started = DateTime.utc()
        const response = await client
          .post(`/api/creators/${creator.id}/reveal`)
          .loginAs(user)
          .json({ level, code: SECURITY_CODE })
        if (!levels.includes(level)) {
          assertNoPermission(response)
          continue
        }
        response.assertStatus(200)
        assert.equal(response.body().status, 0)
        assert.equal(response.body().data.level, level)
        if (level === 'L1') assert.equal(response.body().data.fields.phone, '010-1111-2222')
        const expires = DateTime.fromISO(response.body().data.expires_at)
        assert.closeTo(expires.diff(started, 'seconds').seconds, REVEAL_SECONDS, 5)

        const audit = await AuditLog.query()
          .where('action', 'creator.reveal')
          .where('user_id', user.id)
          .orderBy('id', 'desc')
          .firstOrFail()
        assert.equal(audit.subjectType, 'creator')
        assert.equal(audit.subjectId, String(creator.id))
        assert.deepEqual(audit.meta, { level })
      }
    }
    const reveals = await AuditLog.query().where('action', 'creator.reveal')
    assert.lengthOf(reveals, 7)
  })

  test('wrong codes are refused, audited and blocked after five failures', async ({
    client,
    assert,
  }) => {
    const staff = await userWithCode('staff')
    const other = await userWithCode('staff')
    const creator = await CreatorFactory.create()

    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await client
        .post(`/api/creators/${creator.id}/reveal`)
        .loginAs(staff)
        .json({ level: 'L1', code: '111111' })
      response.assertStatus(422)
      response.assertBody({ status: 422, message: 'The security code is wrong.' })
    }
    const failures = await AuditLog.query()
      .where('action', 'creator.reveal_failed')
      .where('user_id', staff.id)
    assert.lengthOf(failures, 5)
    assert.deepEqual(failures[0].meta, { level: 'L1' })

    const blocked = await client
      .post(`/api/creators/${creator.id}/reveal`)
      .loginAs(staff)
      .json({ level: 'L1', code: SECURITY_CODE })
    blocked.assertStatus(429)
    assert.match(blocked.body().message, /^Too many attempts/)
    assert.isDefined(blocked.header('retry-after'))

    // the limit is per user: a colleague still reveals
    const colleague = await client
      .post(`/api/creators/${creator.id}/reveal`)
      .loginAs(other)
      .json({ level: 'L1', code: SECURITY_CODE })
    colleague.assertStatus(200)

    // the same counter guards every action confirmed by the code
    const admin = await userWithCode('admin')
    for (let attempt = 1; attempt <= 5; attempt++) {
      await client
        .patch(`/api/creators/${creator.id}`)
        .loginAs(admin)
        .json({ remark: 'x', security_code: '000000' })
    }
    const patch = await client
      .patch(`/api/creators/${creator.id}`)
      .loginAs(admin)
      .json({ remark: 'x', security_code: SECURITY_CODE })
    patch.assertStatus(429)
  })

  test('a reveal needs a code set first, and a level and a code', async ({ client, assert }) => {
    const manager = await userWithCode('manager', null)
    const creator = await CreatorFactory.create()
    const missing = await client
      .post(`/api/creators/${creator.id}/reveal`)
      .loginAs(manager)
      .json({ level: 'L2', code: '123456' })
    missing.assertStatus(409)
    missing.assertBody({ status: 409, message: 'Set your security code in Account Setting first.' })

    for (const body of [
      {},
      { level: 'L4', code: '123456' },
      { level: 'L1' },
      { level: ['L1'], code: 1 },
    ]) {
      const response = await client
        .post(`/api/creators/${creator.id}/reveal`)
        .loginAs(manager)
        .json(body)
      response.assertStatus(422)
    }
    assert.lengthOf(await AuditLog.query().where('action', 'creator.reveal'), 0)
  })

  test('successful reveals are limited per user too', async ({ client }) => {
    const manager = await userWithCode('manager')
    const creator = await CreatorFactory.create()
    const counter = rateLimit(REVEAL_LIMIT)
    for (let index = 0; index < REVEAL_LIMIT.requests; index++) {
      await counter.increment(revealLimitKey(manager.id))
    }
    const response = await client
      .post(`/api/creators/${creator.id}/reveal`)
      .loginAs(manager)
      .json({ level: 'L1', code: SECURITY_CODE })
    response.assertStatus(429)
  })
})

test.group('creators / personal security code', (group) => {
  setupFunctionalGroup(group)

  test('a user sets a code with the current password, then changes it', async ({
    client,
    assert,
  }) => {
    const user = await userWithCode('manager', null)
    const creator = await CreatorFactory.create()

    const before = await client.get('/api/user/security-code').loginAs(user)
    before.assertBody({ status: 0, data: { configured: false } })

    const set = await client
      .put('/api/user/security-code')
      .loginAs(user)
      .json({ current_password: 'secret-password', code: '8642013', code_confirmation: '8642013' })
    set.assertStatus(200)
    set.assertBody({ status: 0, data: { configured: true } })
    await user.refresh()
    assert.notEqual(user.securityCodeHash, '8642013')
    assert.isTrue(await hash.verify(user.securityCodeHash!, '8642013'))
    assert.notInclude(JSON.stringify(await db.from('users').where('id', user.id)), '8642013')

    const reveal = await client
      .post(`/api/creators/${creator.id}/reveal`)
      .loginAs(user)
      .json({ level: 'L2', code: '8642013' })
    reveal.assertStatus(200)

    const change = await client
      .put('/api/user/security-code')
      .loginAs(user)
      .json({ current_password: 'secret-password', code: '135790', code_confirmation: '135790' })
    change.assertStatus(200)
    const old = await client
      .post(`/api/creators/${creator.id}/reveal`)
      .loginAs(user)
      .json({ level: 'L2', code: '8642013' })
    old.assertStatus(422)
    const fresh = await client
      .post(`/api/creators/${creator.id}/reveal`)
      .loginAs(user)
      .json({ level: 'L2', code: '135790' })
    fresh.assertStatus(200)

    const rows = await AuditLog.query().where('user_id', user.id).orderBy('id')
    const actions = rows.map((row) => row.action)
    assert.includeMembers(actions, ['security_code.set', 'security_code.change'])
  })

  test('the current password is required and must be right (rate limited)', async ({
    client,
    assert,
  }) => {
    const user = await userWithCode('staff', null)
    const missing = await client
      .put('/api/user/security-code')
      .loginAs(user)
      .json({ code: '123456', code_confirmation: '123456' })
    missing.assertStatus(422)
    assert.equal(missing.body().errors[0].field, 'current_password')

    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await client
        .put('/api/user/security-code')
        .loginAs(user)
        .json({ current_password: 'not-my-password', code: '123456', code_confirmation: '123456' })
      wrong.assertStatus(422)
      wrong.assertBody({ status: 422, message: 'The current password is wrong.' })
    }
    const blocked = await client
      .put('/api/user/security-code')
      .loginAs(user)
      .json({ current_password: 'secret-password', code: '123456', code_confirmation: '123456' })
    blocked.assertStatus(429)
    await user.refresh()
    assert.isNull(user.securityCodeHash)
  })

  test('the code is 6 to 12 digits, typed twice', async ({ client, assert }) => {
    const user = await userWithCode('staff', null)
    const cases: [Record<string, unknown>, string][] = [
      [{ code: '12345', code_confirmation: '12345' }, 'code:security_code_format'],
      [{ code: '1234567890123', code_confirmation: '1234567890123' }, 'code:security_code_format'],
      [{ code: '12ab56', code_confirmation: '12ab56' }, 'code:security_code_format'],
      [{ code: '123456', code_confirmation: '654321' }, 'code:confirmed'],
      [{ code: ['123456'], code_confirmation: '123456' }, 'code:string'],
    ]
    for (const [fields, error] of cases) {
      const response = await client
        .put('/api/user/security-code')
        .loginAs(user)
        .json({ current_password: 'secret-password', ...fields })
      response.assertStatus(422)
      const errors = response.body().errors.map((entry: any) => `${entry.field}:${entry.rule}`)
      assert.deepEqual(errors, [error], JSON.stringify(fields))
    }
    const korean = await client
      .put('/api/user/security-code')
      .header('lang', 'kr')
      .loginAs(user)
      .json({ current_password: 'secret-password', code: '12', code_confirmation: '12' })
    assert.equal(korean.body().message, '코드은(는) 6~12자리 숫자여야 합니다')
    const stored = await User.findOrFail(user.id)
    assert.isNull(stored.securityCodeHash)
  })
})
