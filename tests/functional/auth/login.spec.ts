import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import AuditLog from '#models/audit_log'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { loginAttempt, setupFunctionalGroup } from '#tests/helpers/functional'
import { FACTORY_PASSWORD } from '#tests/helpers/users'

const LOGIN_FAILED =
  'Login Failed - Please Check Email Or Password (ID or password does not exist or is wrong)'

test.group('auth / login', (group) => {
  setupFunctionalGroup(group)

  test('signs in with a form-encoded body', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await loginAttempt(client, { account: user.email, password: FACTORY_PASSWORD })

    response.assertStatus(200)
    response.assertBodyContains({ status: 0 })
    const { data } = response.body()
    assert.isString(data.token)
    assert.isString(data.refresh_token)
    assert.notEqual(data.token, data.refresh_token)
  })

  test('signs in with a JSON body', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client
      .post('/api/user/login')
      .json({ account: user.email, password: FACTORY_PASSWORD })

    response.assertStatus(200)
    response.assertBodyContains({ status: 0 })
    assert.isString(response.body().data.token)
    assert.isString(response.body().data.refresh_token)
  })

  test('accepts the email in another case and with spaces around it', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await loginAttempt(client, {
      account: `  ${user.email.toUpperCase()} `,
      password: FACTORY_PASSWORD,
    })
    response.assertStatus(200)
    response.assertBodyContains({ status: 0 })
  })

  test('sets the refresh token as an HttpOnly cookie on /api', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await loginAttempt(client, { account: user.email, password: FACTORY_PASSWORD })

    response.assertStatus(200)
    const cookie = response.cookie('refresh_token')
    assert.exists(cookie)
    assert.equal(cookie!.value, response.body().data.refresh_token)
    assert.isTrue(cookie!.httpOnly)
    assert.equal(cookie!.path, '/api')
    assert.match(response.header('set-cookie')!.toString(), /SameSite=Strict/i)
  })

  test('the issued token opens the user info', async ({ client }) => {
    const user = await UserFactory.create()
    const login = await loginAttempt(client, { account: user.email, password: FACTORY_PASSWORD })
    const response = await client.get('/api/user/info').header('token', login.body().data.token)
    response.assertStatus(200)
    response.assertBodyContains({ status: 0, data: { user: { id: user.id, email: user.email } } })
  })

  test('a wrong password answers status 1 with the Login Failed message', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await loginAttempt(client, { account: user.email, password: 'wrong-password' })

    response.assertStatus(400)
    response.assertBody({ status: 1, message: LOGIN_FAILED })
  })

  test('an unknown email answers status 1 with the same Login Failed message', async ({
    client,
  }) => {
    const response = await loginAttempt(client, {
      account: 'nobody@example.com',
      password: FACTORY_PASSWORD,
    })

    response.assertStatus(400)
    response.assertBody({ status: 1, message: LOGIN_FAILED })
  })

  test('a missing account answers "please write email"', async ({ client }) => {
    const response = await loginAttempt(client, { password: FACTORY_PASSWORD })
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'please write email' })
  })

  test('an empty account answers "please write email"', async ({ client }) => {
    const response = await loginAttempt(client, { account: '', password: FACTORY_PASSWORD })
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'please write email' })
  })

  test('an account that is not an email answers "Must be a valid email"', async ({ client }) => {
    const response = await loginAttempt(client, {
      account: 'not-an-email',
      password: FACTORY_PASSWORD,
    })
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'Must be a valid email' })
  })

  test('a missing password answers "please write password"', async ({ client }) => {
    const response = await loginAttempt(client, { account: 'someone@example.com' })
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'please write password' })
  })

  test('a 256-character email answers 422 with the maximum length', async ({ client, assert }) => {
    // a well-formed address (64-character local part, 63-character labels) of 256 characters
    const account = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.com`
    assert.lengthOf(account, 256)
    const response = await loginAttempt(client, { account, password: FACTORY_PASSWORD })

    response.assertStatus(422)
    response.assertBodyContains({
      status: 422,
      message: 'The email field must be at most 255 characters',
    })
  })

  test('a 1000-character account answers the maximum length, never a server error', async ({
    client,
  }) => {
    const response = await loginAttempt(client, {
      account: `${'a'.repeat(988)}@example.com`,
      password: FACTORY_PASSWORD,
    })
    response.assertStatus(422)
    response.assertBodyContains({
      status: 422,
      message: 'The email field must be at most 255 characters',
    })
  })

  test('a 300-character password answers 422 with the maximum length', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await loginAttempt(client, { account: user.email, password: 'p'.repeat(300) })

    response.assertStatus(422)
    response.assertBodyContains({
      status: 422,
      message: 'The password field must be at most 255 characters',
    })
  })

  test('answers in Korean with the header lang: kr', async ({ client }) => {
    const user = await UserFactory.create()
    const failed = await loginAttempt(
      client,
      { account: user.email, password: 'wrong-password' },
      { lang: 'kr' }
    )
    failed.assertStatus(400)
    failed.assertBody({
      status: 1,
      message:
        '로그인 실패 - 이메일 또는 비밀번호를 확인하세요 (아이디 또는 비밀번호가 없거나 틀렸습니다)',
    })

    const missing = await loginAttempt(client, { password: 'x' }, { lang: 'kr' })
    missing.assertStatus(422)
    missing.assertBodyContains({ message: '이메일을 입력하세요' })
  })

  test('answers in Chinese with accept-language: zh-CN', async ({ client }) => {
    const user = await UserFactory.create()
    const failed = await loginAttempt(
      client,
      { account: user.email, password: 'wrong-password' },
      { 'accept-language': 'zh-CN' }
    )
    failed.assertStatus(400)
    failed.assertBody({
      status: 1,
      message: '登录失败 - 请检查邮箱或密码（账号或密码不存在或错误）',
    })
  })

  test('answers in Japanese with the header lang: jp', async ({ client }) => {
    const user = await UserFactory.create()
    const failed = await loginAttempt(
      client,
      { account: user.email, password: 'wrong-password' },
      { lang: 'jp' }
    )
    failed.assertStatus(400)
    failed.assertBody({
      status: 1,
      message:
        'ログイン失敗 - メールアドレスまたはパスワードを確認してください（IDまたはパスワードが存在しないか間違っています）',
    })
  })

  test('the lang header wins over accept-language', async ({ client }) => {
    const response = await loginAttempt(
      client,
      { account: 'nobody@example.com', password: 'x' },
      { 'lang': 'kr', 'accept-language': 'zh-CN' }
    )
    response.assertBodyContains({
      status: 1,
      message:
        '로그인 실패 - 이메일 또는 비밀번호를 확인하세요 (아이디 또는 비밀번호가 없거나 틀렸습니다)',
    })
  })

  test('an unsupported language falls back to English', async ({ client }) => {
    const response = await loginAttempt(
      client,
      { account: 'nobody@example.com', password: 'x' },
      { 'accept-language': 'fr-FR' }
    )
    response.assertBody({ status: 1, message: LOGIN_FAILED })
  })

  test('a pending account answers status 2 (authorization may take time) without tokens', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.apply('pending').create()
    const response = await loginAttempt(client, { account: user.email, password: FACTORY_PASSWORD })

    response.assertStatus(403)
    response.assertBodyContains({ status: 2 })
    assert.include(response.body().message, 'Authorization may take time')
    assert.notProperty(response.body(), 'data')
    assert.notExists(response.cookie('refresh_token'))
  })

  test('a disabled account answers status 3 without tokens', async ({ client, assert }) => {
    const user = await UserFactory.apply('disabled').create()
    const response = await loginAttempt(client, { account: user.email, password: FACTORY_PASSWORD })

    response.assertStatus(403)
    response.assertBody({
      status: 3,
      message: 'This account cannot sign in. Please contact the IT Department.',
    })
    assert.notExists(response.cookie('refresh_token'))
  })

  test('a pending account with a wrong password still answers Login Failed', async ({ client }) => {
    const user = await UserFactory.apply('pending').create()
    const response = await loginAttempt(client, { account: user.email, password: 'wrong-password' })
    response.assertBody({ status: 1, message: LOGIN_FAILED })
  })

  test('records the login in the audit log and sets last_login_at', async ({ client, assert }) => {
    const user = await UserFactory.create()
    assert.notExists(user.lastLoginAt)

    const response = await loginAttempt(client, { account: user.email, password: FACTORY_PASSWORD })
    response.assertStatus(200)

    await user.refresh()
    assert.isNotNull(user.lastLoginAt)
    assert.equal(user.lastLoginIp, '127.0.0.1')

    const rows = await AuditLog.query().where('action', 'auth.login').where('user_id', user.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].ip, '127.0.0.1')
  })

  test('records a failed login in the audit log without the password', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    await loginAttempt(client, { account: user.email, password: 'wrong-password-123' })

    const rows = await AuditLog.query().where('action', 'auth.login_failed')
    assert.lengthOf(rows, 1)
    assert.deepEqual(rows[0].meta, { account: user.email })
    assert.notInclude(JSON.stringify(rows[0].serialize()), 'wrong-password-123')

    await user.refresh()
    assert.notExists(user.lastLoginAt)
  })

  test('never stores the password in plain text', async ({ assert }) => {
    const user = await UserFactory.create()
    const row = await User.query().where('id', user.id).firstOrFail()
    assert.notEqual(row.password, FACTORY_PASSWORD)
    assert.notInclude(row.password, FACTORY_PASSWORD)
    assert.notEqual(row.password, createHash('sha256').update(FACTORY_PASSWORD).digest('hex'))
  })
})

test.group('auth / login rate limit', (group) => {
  setupFunctionalGroup(group)

  test('after 5 wrong passwords the 6th attempt answers 429, even with the right password', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await loginAttempt(client, {
        account: user.email,
        password: `wrong-${attempt}`,
      })
      response.assertStatus(400)
      response.assertBodyContains({ status: 1 })
    }

    const blocked = await loginAttempt(client, { account: user.email, password: FACTORY_PASSWORD })
    blocked.assertStatus(429)
    blocked.assertBodyContains({ status: 429 })
    assert.match(blocked.body().message, /^Too many attempts\. Please try again in \d+ seconds\.$/)
    const retryAfter = Number(blocked.header('retry-after'))
    assert.isAbove(retryAfter, 0)
    assert.isAtMost(retryAfter, 15 * 60)
    assert.include(blocked.body().message, `${retryAfter} seconds`)
    assert.notExists(blocked.cookie('refresh_token'))
  })

  test('the 429 message is localized', async ({ client }) => {
    const user = await UserFactory.create()
    for (let attempt = 1; attempt <= 5; attempt++) {
      await loginAttempt(client, { account: user.email, password: `wrong-${attempt}` })
    }

    const korean = await loginAttempt(
      client,
      { account: user.email, password: FACTORY_PASSWORD },
      { lang: 'kr' }
    )
    korean.assertStatus(429)
    korean.assertBodyContains({ status: 429 })
    korean.assertTextIncludes('시도 횟수가 너무 많습니다')

    const japanese = await loginAttempt(
      client,
      { account: user.email, password: FACTORY_PASSWORD },
      { lang: 'jp' }
    )
    japanese.assertStatus(429)
    japanese.assertTextIncludes('試行回数が多すぎます')
  })

  test('blocks the account for this address only, not other accounts', async ({ client }) => {
    const user = await UserFactory.create()
    const other = await UserFactory.create()
    for (let attempt = 1; attempt <= 5; attempt++) {
      await loginAttempt(client, { account: user.email, password: `wrong-${attempt}` })
    }

    const response = await loginAttempt(client, {
      account: other.email,
      password: FACTORY_PASSWORD,
    })
    response.assertStatus(200)
    response.assertBodyContains({ status: 0 })
  })

  test('counts the account case-insensitively', async ({ client }) => {
    const user = await UserFactory.create()
    for (let attempt = 1; attempt <= 5; attempt++) {
      const account = attempt % 2 ? user.email.toUpperCase() : user.email
      await loginAttempt(client, { account, password: `wrong-${attempt}` })
    }
    const blocked = await loginAttempt(client, { account: user.email, password: FACTORY_PASSWORD })
    blocked.assertStatus(429)
  })

  test('a success before the limit resets the account counter', async ({ client }) => {
    const user = await UserFactory.create()
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await loginAttempt(client, {
        account: user.email,
        password: `wrong-${attempt}`,
      })
      response.assertStatus(400)
    }
    const success = await loginAttempt(client, { account: user.email, password: FACTORY_PASSWORD })
    success.assertStatus(200)

    // without the reset, the second of these would already be the 6th failure
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await loginAttempt(client, {
        account: user.email,
        password: `again-${attempt}`,
      })
      response.assertStatus(400)
      response.assertBodyContains({ status: 1 })
    }
    const blocked = await loginAttempt(client, { account: user.email, password: FACTORY_PASSWORD })
    blocked.assertStatus(429)
  })

  test('30 failures from one address block every account from it', async ({ client }) => {
    const user = await UserFactory.create()
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await loginAttempt(client, {
        account: `nobody${attempt}@example.com`,
        password: 'wrong',
      })
      response.assertStatus(400)
    }
    const blocked = await loginAttempt(client, { account: user.email, password: FACTORY_PASSWORD })
    blocked.assertStatus(429)
    blocked.assertBodyContains({ status: 429 })
  })

  test('invalid input is not counted as a failed attempt', async ({ client }) => {
    const user = await UserFactory.create()
    for (let attempt = 1; attempt <= 6; attempt++) {
      const response = await loginAttempt(client, { account: user.email })
      response.assertStatus(422)
    }
    const response = await loginAttempt(client, { account: user.email, password: FACTORY_PASSWORD })
    response.assertStatus(200)
  })
})
