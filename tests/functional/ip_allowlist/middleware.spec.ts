import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { allowOnly, setupFunctionalGroup } from '#tests/helpers/functional'
import { SECURITY_CODE, userWithCode } from '#tests/helpers/users'

const NOT_REGISTERED = 'IP is NOT REGISTERED. Please Submit Your IP 127.0.0.1 to IT Department'

test.group('ip allow-list / middleware', (group) => {
  setupFunctionalGroup(group)

  test('the seeded loopback ranges let local callers in', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client.get('/api/user/info').loginAs(user)
    response.assertStatus(200)
    response.assertBodyContains({ status: 0 })
  })

  test('an address not on the list answers 403 with status -1 and the address', async ({
    client,
  }) => {
    const user = await UserFactory.create()
    await allowOnly()

    const response = await client.get('/api/user/info').loginAs(user)
    response.assertStatus(403)
    response.assertBody({ status: -1, message: NOT_REGISTERED, data: { ip: '127.0.0.1' } })
  })

  test('the IP message follows the language', async ({ client }) => {
    const user = await UserFactory.create()
    await allowOnly('10.0.0.0/8')

    const korean = await client.get('/api/user/info').header('lang', 'kr').loginAs(user)
    korean.assertStatus(403)
    korean.assertBody({
      status: -1,
      message: '등록되지 않은 IP입니다. IP 127.0.0.1 를 IT 부서에 제출하세요',
      data: { ip: '127.0.0.1' },
    })

    const chinese = await client.get('/api/user/info').header('lang', 'ch').loginAs(user)
    chinese.assertBodyContains({
      status: -1,
      message: 'IP未注册。请将您的IP 127.0.0.1 提交给IT部门',
    })
  })

  test('a forged X-Forwarded-For header does not bypass the list', async ({ client }) => {
    const user = await UserFactory.create()
    await allowOnly('10.0.0.0/8')

    const response = await client
      .get('/api/user/info')
      .header('x-forwarded-for', '10.1.2.3')
      .loginAs(user)
    response.assertStatus(403)
    response.assertBody({ status: -1, message: NOT_REGISTERED, data: { ip: '127.0.0.1' } })
  })

  test('an X-Real-IP header does not bypass the list either', async ({ client }) => {
    const user = await UserFactory.create()
    await allowOnly('10.0.0.0/8')

    const response = await client
      .get('/api/user/info')
      .header('x-real-ip', '10.1.2.3')
      .header('forwarded', 'for=10.1.2.3')
      .loginAs(user)
    response.assertStatus(403)
    response.assertBodyContains({ status: -1 })
  })

  test('a single-address entry lets exactly that address in', async ({ client }) => {
    const user = await UserFactory.create()
    await allowOnly('127.0.0.1')

    const response = await client.get('/api/user/info').loginAs(user)
    response.assertStatus(200)
  })

  test('a neighbouring single address does not', async ({ client }) => {
    const user = await UserFactory.create()
    await allowOnly('127.0.0.2')

    const response = await client.get('/api/user/info').loginAs(user)
    response.assertStatus(403)
    response.assertBodyContains({ status: -1 })
  })

  test('the list guards the admin routes as well', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    await allowOnly('10.0.0.0/8')

    for (const url of [
      '/api/ip-allowlist',
      '/api/register-codes',
      '/api/audit-logs',
      '/api/user/permissions',
    ]) {
      const response = await client.get(url).loginAs(admin)
      response.assertStatus(403)
      response.assertBodyContains({ status: -1, data: { ip: '127.0.0.1' } })
    }
  })

  test('without a token the answer is 401, not the IP check', async ({ client }) => {
    await allowOnly()
    const response = await client.get('/api/user/info')
    response.assertStatus(401)
    response.assertBodyContains({ status: 401 })
  })

  test('removing the caller’s range through the API takes effect at once', async ({
    client,
    assert,
  }) => {
    const admin = await userWithCode('admin')
    await allowOnly('127.0.0.1/32', '10.0.0.0/8')

    const list = await client.get('/api/ip-allowlist').loginAs(admin)
    const own = list.body().find((entry: { cidr: string }) => entry.cidr === '127.0.0.1/32')
    assert.exists(own)

    const removed = await client
      .delete(`/api/ip-allowlist/${own.id}`)
      .loginAs(admin)
      .json({ security_code: SECURITY_CODE })
    removed.assertStatus(200)

    const after = await client.get('/api/user/info').loginAs(admin)
    after.assertStatus(403)
    after.assertBodyContains({ status: -1 })
  })
})
