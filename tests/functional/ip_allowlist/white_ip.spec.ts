import { test } from '@japa/runner'
import AuditLog from '#models/audit_log'
import IpAllowlistEntry from '#models/ip_allowlist_entry'
import { UserFactory } from '#database/factories/user_factory'
import {
  allowOnly,
  login,
  setEnv,
  setupFunctionalGroup,
  signedInUser,
} from '#tests/helpers/functional'
import { SECURITY_CODE, userWithCode } from '#tests/helpers/users'

const ACCESS_CHECK_FAIL = 'Access Check fail - please sign in again.'
const KEY = 'white-ip-test-key'

test.group('ip allow-list / no wide change without a code and a confirmation', (group) => {
  setupFunctionalGroup(group)

  test('an admin token alone does not switch the list off with 0.0.0.0/0', async ({
    client,
    assert,
  }) => {
    const admin = await userWithCode('admin')
    const noCode = await client.post('/add/white_ip').loginAs(admin).form({ ip: '0.0.0.0/0' })
    noCode.assertStatus(422)
    const wrongCode = await client
      .post('/add/white_ip')
      .loginAs(admin)
      .form({ ip: '0.0.0.0/0', security_code: '999999' })
    wrongCode.assertStatus(422)
    const unconfirmed = await client
      .post('/api/ip-allowlist')
      .loginAs(admin)
      .json({ cidr: '0.0.0.0/0', security_code: SECURITY_CODE })
    unconfirmed.assertStatus(422)
    assert.include(unconfirmed.body().message, '/8')
    const legacyUnconfirmed = await client
      .post('/add/white_ip')
      .loginAs(admin)
      .form({ ip: '10.0.0.0/7', security_code: SECURITY_CODE })
    legacyUnconfirmed.assertStatus(422)
    assert.isNull(await IpAllowlistEntry.findBy('cidr', '0.0.0.0/0'))
    assert.isNull(await IpAllowlistEntry.findBy('cidr', '10.0.0.0/7'))

    const confirmed = await client
      .post('/api/ip-allowlist')
      .loginAs(admin)
      .json({ cidr: '0.0.0.0/0', security_code: SECURITY_CODE, confirm_wide: true })
    confirmed.assertStatus(201)
    const audit = await AuditLog.query().where('action', 'ip.add').firstOrFail()
    assert.deepInclude(audit.meta, { cidr: '0.0.0.0/0', wide: true })
  })

  test('removing a range needs the code too', async ({ client, assert }) => {
    const admin = await userWithCode('admin')
    const entry = await IpAllowlistEntry.findByOrFail('cidr', '127.0.0.0/8')
    const noCode = await client.delete(`/api/ip-allowlist/${entry.id}`).loginAs(admin)
    noCode.assertStatus(422)
    assert.isNotNull(await IpAllowlistEntry.find(entry.id))
  })
})

test.group('ip allow-list / POST /add/white_ip', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(() => setEnv('WHITE_IP_KEY', KEY))

  test('the correct key adds the range', async ({ client, assert }) => {
    const response = await client
      .post('/add/white_ip')
      .form({ ip: '203.0.113.9', key: KEY, note: 'home' })

    response.assertStatus(200)
    response.assertBodyContains({ status: 0, data: { cidr: '203.0.113.9/32', note: 'home' } })
    const row = await IpAllowlistEntry.findByOrFail('cidr', '203.0.113.9/32')
    assert.isNull(row.createdBy)

    const audit = await AuditLog.query().where('action', 'ip.add').firstOrFail()
    assert.deepEqual(audit.meta, { cidr: '203.0.113.9/32', via: 'key', wide: false })
    assert.notInclude(JSON.stringify(audit.serialize()), KEY)
  })

  test('a range added with the key opens the door at once', async ({ client }) => {
    const { pair } = await signedInUser(client)
    await allowOnly('10.0.0.0/8')

    const blocked = await client.get('/api/user/info').header('token', pair.token)
    blocked.assertBodyContains({ status: -1 })

    const added = await client.post('/add/white_ip').form({ ip: '127.0.0.1', key: KEY })
    added.assertStatus(200)

    const allowed = await client.get('/api/user/info').header('token', pair.token)
    allowed.assertStatus(200)
    allowed.assertBodyContains({ status: 0 })
  })

  test('a wrong key answers 401 and adds nothing', async ({ client, assert }) => {
    const response = await client.post('/add/white_ip').form({ ip: '203.0.113.9', key: 'wrong' })
    response.assertStatus(401)
    response.assertBody({ status: 401, message: ACCESS_CHECK_FAIL })
    assert.isNull(await IpAllowlistEntry.findBy('cidr', '203.0.113.9/32'))
  })

  test('after 5 wrong keys the next attempt answers 429, even with the right key', async ({
    client,
    assert,
  }) => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await client
        .post('/add/white_ip')
        .form({ ip: '203.0.113.9', key: `wrong-${attempt}` })
      response.assertStatus(401)
    }

    const blocked = await client.post('/add/white_ip').form({ ip: '203.0.113.9', key: KEY })
    blocked.assertStatus(429)
    blocked.assertBodyContains({ status: 429 })
    assert.match(blocked.body().message, /^Too many attempts\. Please try again in \d+ seconds\.$/)
    assert.isAbove(Number(blocked.header('retry-after')), 0)
    assert.isNull(await IpAllowlistEntry.findBy('cidr', '203.0.113.9/32'))
  })

  test('no key and no token answers 401', async ({ client }) => {
    const response = await client.post('/add/white_ip').form({ ip: '203.0.113.9' })
    response.assertStatus(401)
    response.assertBody({ status: 401, message: ACCESS_CHECK_FAIL })
  })

  test('without a configured WHITE_IP_KEY no key is accepted', async ({ client, cleanup }) => {
    cleanup(setEnv('WHITE_IP_KEY', undefined))
    const empty = await client.post('/add/white_ip').form({ ip: '203.0.113.9', key: '' })
    empty.assertStatus(401)
    const guessed = await client.post('/add/white_ip').form({ ip: '203.0.113.9', key: 'undefined' })
    guessed.assertStatus(401)
  })

  test('an admin token with the admin security code works without a key', async ({
    client,
    assert,
  }) => {
    const admin = await userWithCode('admin')
    const response = await client
      .post('/add/white_ip')
      .loginAs(admin)
      .form({ ip: '198.51.100.0/24', security_code: SECURITY_CODE })

    response.assertStatus(200)
    response.assertBodyContains({
      status: 0,
      data: { cidr: '198.51.100.0/24', createdBy: admin.id },
    })
    const audit = await AuditLog.query().where('action', 'ip.add').firstOrFail()
    assert.equal(audit.userId, admin.id)
    assert.deepEqual(audit.meta, { cidr: '198.51.100.0/24', via: 'admin', wide: false })
  })

  test('an admin token sent as Authorization: Bearer works too', async ({ client }) => {
    const admin = await userWithCode('admin')
    const pair = await login(client, admin)
    const response = await client
      .post('/add/white_ip')
      .bearerToken(pair.token)
      .form({ ip: '198.51.100.7', security_code: SECURITY_CODE })
    response.assertStatus(200)
    response.assertBodyContains({ status: 0, data: { cidr: '198.51.100.7/32' } })
  })

  for (const role of ['staff', 'manager'] as const) {
    test(`a ${role} token without a key answers 401`, async ({ client, assert }) => {
      const user = await UserFactory.apply(role).create()
      const response = await client.post('/add/white_ip').loginAs(user).form({ ip: '203.0.113.9' })
      response.assertStatus(401)
      response.assertBody({ status: 401, message: ACCESS_CHECK_FAIL })
      assert.isNull(await IpAllowlistEntry.findBy('cidr', '203.0.113.9/32'))
    })
  }

  test('a staff token with the right key works (the key decides)', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client
      .post('/add/white_ip')
      .loginAs(user)
      .form({ ip: '203.0.113.9', key: KEY })
    response.assertStatus(200)
    response.assertBodyContains({ status: 0, data: { cidr: '203.0.113.9/32' } })
  })

  test('an invalid address answers 422 with a message', async ({ client }) => {
    const response = await client.post('/add/white_ip').form({ ip: 'nonsense', key: KEY })
    response.assertStatus(422)
    response.assertBodyContains({
      status: 422,
      message: 'The IP address field must be an IP address or CIDR range',
    })
  })
})
