import { test } from '@japa/runner'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import AuditLog from '#models/audit_log'
import IpAllowlistEntry from '#models/ip_allowlist_entry'
import { UserFactory } from '#database/factories/user_factory'
import { setupGroupWith } from '#tests/helpers/functional'
import { assertNoPermission } from '#tests/helpers/requests'
import { SECURITY_CODE, userWithCode } from '#tests/helpers/users'

const BAD_CIDR = 'The IP range field must be an IP address or CIDR range'

/** POST /api/ip-allowlist as `user`. */
function addRange(client: ApiClient, user: User, body: Record<string, unknown>) {
  return client
    .post('/api/ip-allowlist')
    .loginAs(user)
    .json({ security_code: SECURITY_CODE, ...body })
}

test.group('ip allow-list / admin CRUD', (group) => {
  const given = setupGroupWith(group, async () => ({
    admin: await userWithCode('admin'),
  }))

  test('lists the entries with x-total-count', async ({ client, assert }) => {
    const response = await client.get('/api/ip-allowlist').loginAs(given.admin)

    response.assertStatus(200)
    const total = await IpAllowlistEntry.query().count('* as total').firstOrFail()
    assert.equal(response.header('x-total-count'), String(total.$extras.total))
    assert.lengthOf(response.body(), Number(total.$extras.total))
    assert.includeMembers(
      response.body().map((entry: { cidr: string }) => entry.cidr),
      ['127.0.0.0/8', '::1/128']
    )
  })

  test('adds a range, normalising 10.1.2.3/8 to 10.0.0.0/8', async ({ client, assert }) => {
    const response = await client
      .post('/api/ip-allowlist')
      .loginAs(given.admin)
      .form({ cidr: '10.1.2.3/8', note: 'office VPN', security_code: SECURITY_CODE })

    response.assertStatus(201)
    response.assertBodyContains({
      cidr: '10.0.0.0/8',
      note: 'office VPN',
      createdBy: given.admin.id,
    })
    const row = await IpAllowlistEntry.findByOrFail('cidr', '10.0.0.0/8')
    assert.equal(row.note, 'office VPN')
  })

  test('stores a single IPv4 address as /32', async ({ client }) => {
    const response = await addRange(client, given.admin, { cidr: ' 203.0.113.7 ' })
    response.assertStatus(201)
    response.assertBodyContains({ cidr: '203.0.113.7/32' })
  })

  test('stores a single IPv6 address as /128 and an IPv6 range by its network', async ({
    client,
  }) => {
    const single = await addRange(client, given.admin, { cidr: '2001:db8::1' })
    single.assertStatus(201)
    single.assertBodyContains({ cidr: '2001:db8::1/128' })

    const range = await addRange(client, given.admin, { cidr: '2001:db8:abcd::1/32' })
    range.assertStatus(201)
    range.assertBodyContains({ cidr: '2001:db8::/32' })
  })

  test('adding an existing range again keeps one row', async ({ client, assert }) => {
    const first = await addRange(client, given.admin, { cidr: '10.0.0.0/8' })
    const second = await addRange(client, given.admin, { cidr: '10.9.9.9/8' })
    first.assertStatus(201)
    second.assertStatus(201)
    assert.equal(first.body().id, second.body().id)
    const rows = await IpAllowlistEntry.query().where('cidr', '10.0.0.0/8')
    assert.lengthOf(rows, 1)
  })

  for (const cidr of [
    'not-an-ip',
    '10.0.0.0/33',
    '300.1.2.3',
    '10.0.0.0/abc',
    '::ffff:1.2.3.4/64',
  ]) {
    test(`rejects the invalid CIDR "${cidr}" with 422 and a message`, async ({
      client,
      assert,
    }) => {
      const before = await IpAllowlistEntry.query().count('* as total').firstOrFail()
      const response = await addRange(client, given.admin, { cidr })

      response.assertStatus(422)
      response.assertBodyContains({ status: 422, message: BAD_CIDR })
      const after = await IpAllowlistEntry.query().count('* as total').firstOrFail()
      assert.equal(after.$extras.total, before.$extras.total)
    })
  }

  test('a missing cidr answers 422 with a message', async ({ client }) => {
    const response = await addRange(client, given.admin, { note: 'nothing' })
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'The IP range field is required' })
  })

  test('deletes an entry by id', async ({ client, assert }) => {
    const created = await addRange(client, given.admin, { cidr: '192.0.2.0/24' })

    const response = await client
      .delete(`/api/ip-allowlist/${created.body().id}`)
      .loginAs(given.admin)
      .json({ security_code: SECURITY_CODE })
    response.assertStatus(200)
    response.assertBodyContains({ id: created.body().id, cidr: '192.0.2.0/24' })
    assert.isNull(await IpAllowlistEntry.find(created.body().id))
  })

  test('deleting an unknown id answers 404', async ({ client }) => {
    const response = await client
      .delete('/api/ip-allowlist/999999')
      .loginAs(given.admin)
      .json({ security_code: SECURITY_CODE })
    response.assertStatus(404)
    response.assertBody({ status: 404, message: 'Not found.' })
  })

  test('a non-numeric id answers 404', async ({ client }) => {
    const response = await client.delete('/api/ip-allowlist/abc').loginAs(given.admin)
    response.assertStatus(404)
    response.assertBodyContains({ status: 404 })
  })

  test('records additions and removals in the audit log', async ({ client, assert }) => {
    const created = await addRange(client, given.admin, { cidr: '192.0.2.0/24' })
    await client
      .delete(`/api/ip-allowlist/${created.body().id}`)
      .loginAs(given.admin)
      .json({ security_code: SECURITY_CODE })

    const rows = await AuditLog.query().whereIn('action', ['ip.add', 'ip.remove']).orderBy('id')
    assert.deepEqual(
      rows.map((row) => [row.action, row.userId, row.subjectId, row.meta]),
      [
        [
          'ip.add',
          given.admin.id,
          String(created.body().id),
          { cidr: '192.0.2.0/24', wide: false },
        ],
        ['ip.remove', given.admin.id, String(created.body().id), { cidr: '192.0.2.0/24' }],
      ]
    )
  })

  for (const role of ['staff', 'manager', 'creator', 'company'] as const) {
    test(`${role} may not list, add or delete entries (403, contact the developer)`, async ({
      client,
      assert,
    }) => {
      const user = await UserFactory.apply(role).create()
      const entry = await IpAllowlistEntry.findByOrFail('cidr', '127.0.0.0/8')

      const list = await client.get('/api/ip-allowlist').loginAs(user)
      assertNoPermission(list)

      const add = await addRange(client, user, { cidr: '10.0.0.0/8' })
      assertNoPermission(add)

      const remove = await client.delete(`/api/ip-allowlist/${entry.id}`).loginAs(user)
      assertNoPermission(remove)

      assert.isNull(await IpAllowlistEntry.findBy('cidr', '10.0.0.0/8'))
      assert.isNotNull(await IpAllowlistEntry.find(entry.id))
    })
  }

  test('the no-permission message follows the language', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client.get('/api/ip-allowlist').header('lang', 'jp').loginAs(user)
    response.assertStatus(403)
    response.assertBody({
      status: 403,
      message: '閲覧または編集の権限がありません。開発者にお問い合わせください。',
    })
  })
})
