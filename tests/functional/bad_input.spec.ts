import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { loginAttempt, setEnv, setupFunctionalGroup } from '#tests/helpers/functional'

/** A 4xx with the studio's error body: a numeric status and a message a person can read. */
function assertClientError(
  response: { status(): number; body(): any; text(): string },
  assert: any
) {
  assert.isAtLeast(response.status(), 400, response.text())
  assert.isBelow(response.status(), 500, response.text())
  assert.isNumber(response.body()?.status, response.text())
  assert.isString(response.body()?.message, response.text())
  assert.isNotEmpty(response.body().message)
}

test.group('bad input never gives a 5xx', (group) => {
  setupFunctionalGroup(group)

  test('a malformed JSON body on login answers 400 with a message', async ({ client }) => {
    const response = await client
      .post('/api/user/login')
      .unsafeJson('{"account": "a@b.com", "password": ')
    response.assertStatus(400)
    response.assertBody({ status: 400, message: 'The request is not valid.' })
  })

  test('the malformed-body message follows the language', async ({ client }) => {
    const response = await client.post('/api/user/login').header('lang', 'kr').unsafeJson('{oops')
    response.assertStatus(400)
    response.assertBody({ status: 400, message: '요청이 올바르지 않습니다.' })
  })

  test('a JSON body that is not an object answers 4xx with a message', async ({
    client,
    assert,
  }) => {
    for (const raw of ['[]', '"text"', '42', 'null']) {
      const response = await client.post('/api/user/login').unsafeJson(raw)
      assertClientError(response, assert)
    }
  })

  test('an oversized body answers 413 with the limit, as JSON or as a form, in the language')
    .with([
      {
        as: 'json',
        lang: 'en',
        message: 'The data sent is larger than the studio accepts (at most 1 MB).',
      },
      { as: 'json', lang: 'jp', message: '送信したデータが大きすぎます（最大 1 MB）。' },
      { as: 'form', lang: 'kr', message: '보낸 데이터가 너무 큽니다(최대 1 MB).' },
    ] as const)
    .run(async ({ client }, { as, lang, message }) => {
      const body = { account: 'a@b.com', password: 'x', padding: 'p'.repeat(2 * 1024 * 1024) }
      const request = client.post('/api/user/login').header('lang', lang)
      const response = await (as === 'json' ? request.json(body) : request.form(body))
      response.assertStatus(413)
      response.assertBody({ status: 413, message })
    })

  test('a body in an unexpected content type is ignored, not a crash', async ({ client }) => {
    const response = await client
      .post('/api/user/login')
      .unsafeForm('account=a@b.com&password=x')
      .type('text/plain')
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'please write email' })
  })

  test('arrays and objects instead of strings on login answer 422', async ({ client, assert }) => {
    for (const body of [
      { account: ['a@b.com'], password: 'x' },
      { account: { email: 'a@b.com' }, password: 'x' },
      { account: 'a@b.com', password: ['x', 'y'] },
      { account: 'a@b.com', password: { $ne: null } },
      { account: 42, password: 42 },
      { account: true, password: false },
    ]) {
      const response = await client.post('/api/user/login').json(body)
      response.assertStatus(422)
      assertClientError(response, assert)
    }
  })

  test('nested form fields on login answer 422', async ({ client, assert }) => {
    const response = await loginAttempt(client, { 'account[0]': 'a@b.com', 'password[x]': 'y' })
    response.assertStatus(422)
    assertClientError(response, assert)
  })

  test('wrong types on refresh answer 4xx, never a new pair', async ({ client, assert }) => {
    for (const value of [['a', 'b'], { value: 'a' }, 12345]) {
      const response = await client.put('/api/refresh_token').json({ refresh_token: value })
      assertClientError(response, assert)
    }
  })

  test('wrong types on registration answer 422', async ({ client, assert }) => {
    for (const body of [
      { account_type: ['staff'] },
      { account_type: { type: 'staff' } },
      { account_type: 'staff', email: ['x@y.com'], name: { a: 1 }, phone: 123, terms: ['on'] },
      {
        account_type: 'creator',
        email: 'c@y.com',
        name: 'C',
        phone: '1',
        password: ['a'],
        terms: 'on',
      },
    ]) {
      const response = await client.post('/api/user/register').json(body)
      response.assertStatus(422)
      assertClientError(response, assert)
    }
  })

  test('wrong types on the allow-list and white-ip calls answer 4xx', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(setEnv('WHITE_IP_KEY', 'k'))
    const admin = await UserFactory.apply('admin').create()
    for (const cidr of [['10.0.0.0/8'], { cidr: '10.0.0.0/8' }, 10, null]) {
      const response = await client.post('/api/ip-allowlist').loginAs(admin).json({ cidr })
      response.assertStatus(422)
      assertClientError(response, assert)
    }
    for (const body of [
      { ip: ['1.2.3.4'], key: 'k' },
      { ip: '1.2.3.4', key: ['k'] },
      { ip: '1.2.3.4', key: { k: 1 } },
    ]) {
      const response = await client.post('/add/white_ip').json(body)
      response.assertStatus(422)
      assertClientError(response, assert)
    }
  })

  test('wrong types on register codes answer 422', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    for (const body of [
      { code: ['ABCD'] },
      { max_uses: 'many' },
      { max_uses: 1.5 },
      { expires_at: 'someday' },
      { team: ['cp1'] },
    ]) {
      const response = await client.post('/api/register-codes').loginAs(admin).json(body)
      response.assertStatus(422)
      assertClientError(response, assert)
    }
  })

  test('garbage query strings on list endpoints answer 200 or 422, never 5xx', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const garbage = [
      '_start=-1',
      '_end=abc',
      '_start=abc&_end=-5',
      '_start=99999999999999999999&_end=1e400',
      '_sort=id;drop table users&_order=up',
      'q[]=a&q[]=b',
      'action[x]=1',
      'user_id=1 or 1=1',
      `q=${'%25'.repeat(50)}`,
    ]
    for (const url of ['/api/audit-logs', '/api/ip-allowlist', '/api/register-codes']) {
      for (const qs of garbage) {
        const response = await client.get(`${url}?${qs}`).loginAs(admin)
        assert.include(
          [200, 422],
          response.status(),
          `${url}?${qs}: ${response.text().slice(0, 200)}`
        )
        if (response.status() === 422) assertClientError(response, assert)
      }
    }
    const users = await client.get('/api/resource?key[]=group').loginAs(admin)
    users.assertStatus(422)
  })

  test('a very long token or Authorization header answers 401', async ({ client }) => {
    const token = await client.get('/api/user/info').header('token', 't'.repeat(12_000))
    token.assertStatus(401)
    token.assertBodyContains({ status: 401 })

    const bearer = await client
      .get('/api/user/info')
      .header('authorization', `Bearer ${'t'.repeat(12_000)}`)
    bearer.assertStatus(401)
    bearer.assertBodyContains({ status: 401 })

    const logout = await client.post('/api/user/logout').header('token', 't'.repeat(12_000))
    logout.assertStatus(200)
  })

  test('an unknown API path answers 404 with a message', async ({ client }) => {
    const response = await client.get('/api/does-not-exist')
    response.assertStatus(404)
    response.assertBody({ status: 404, message: 'Not found.' })
  })

  test('a known path with another method answers 404 with a message, not a 5xx', async ({
    client,
    assert,
  }) => {
    const response = await client.delete('/api/user/login')
    assertClientError(response, assert)
  })
})
