import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type { ModelAttributes } from '@adonisjs/lucid/types/model'
import type AuditLog from '#models/audit_log'
import { UserFactory } from '#database/factories/user_factory'
import { AuditLogFactory } from '#database/factories/audit_log_factory'
import { rowCount, setupGroupWith } from '#tests/helpers/functional'
import { assertNoPermission } from '#tests/helpers/requests'

/** `count` events of `action` from 192.0.2.1, numbered in their meta. */
function seedLog(
  count: number,
  action = 'test.event',
  extra: Partial<ModelAttributes<AuditLog>> = {}
) {
  const rows = Array.from({ length: count }, (_, index) => ({
    action,
    ip: '192.0.2.1',
    meta: { index },
    ...extra,
  }))
  return AuditLogFactory.merge(rows).createMany(count)
}

test.group('admin / audit logs', (group) => {
  const given = setupGroupWith(group, async () => ({
    admin: await UserFactory.apply('admin').create(),
  }))
  const listLogs = (client: ApiClient, qs: Record<string, unknown> = {}) =>
    client.get('/api/audit-logs').qs(qs).loginAs(given.admin)

  test('lists the log newest first, 20 rows by default, with x-total-count', async ({
    client,
    assert,
  }) => {
    await seedLog(25)

    const response = await listLogs(client)
    response.assertStatus(200)
    assert.equal(response.header('x-total-count'), String(await rowCount('audit_logs')))
    const rows = response.body()
    assert.lengthOf(rows, 20)
    const ids = rows.map((row: { id: number }) => row.id)
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a)
    )
    assert.containsSubset(rows[0], {
      action: 'test.event',
      ip: '192.0.2.1',
      user: null,
      meta: { index: 24 },
    })
  })

  test('pages with _start and _end without overlap', async ({ client, assert }) => {
    await seedLog(25)

    const first = await listLogs(client, { _start: 0, _end: 10 })
    const second = await listLogs(client, { _start: 10, _end: 20 })
    const last = await listLogs(client, { _start: 20, _end: 30 })

    assert.lengthOf(first.body(), 10)
    assert.lengthOf(second.body(), 10)
    assert.lengthOf(last.body(), 5)
    const ids = [...first.body(), ...second.body(), ...last.body()].map(
      (row: { id: number }) => row.id
    )
    assert.lengthOf(new Set(ids), 25)
    assert.equal(first.header('x-total-count'), '25')
    assert.equal(last.header('x-total-count'), '25')
  })

  test('caps a page at 200 rows', async ({ client, assert }) => {
    await seedLog(3)
    const response = await listLogs(client, { _start: 0, _end: 100000 })
    response.assertStatus(200)
    assert.lengthOf(response.body(), 3)
  })

  test('filters by action prefix, and x-total-count follows the filter', async ({
    client,
    assert,
  }) => {
    await seedLog(3, 'auth.login')
    await seedLog(2, 'auth.login_failed')
    await seedLog(4, 'ip.add')

    const auth = await listLogs(client, { action: 'auth.' })
    auth.assertStatus(200)
    assert.equal(auth.header('x-total-count'), '5')
    assert.isTrue(auth.body().every((row: { action: string }) => row.action.startsWith('auth.')))

    const exact = await listLogs(client, { action: 'ip.add' })
    assert.equal(exact.header('x-total-count'), '4')
    assert.lengthOf(exact.body(), 4)
  })

  test('an action filter is matched literally, not as a pattern', async ({ client, assert }) => {
    await seedLog(2, 'auth.login')
    await seedLog(1, 'auth.logout')

    const wildcard = await listLogs(client, { action: '%' })
    wildcard.assertStatus(200)
    assert.equal(wildcard.header('x-total-count'), '0')

    const underscore = await listLogs(client, { action: 'auth_login' })
    assert.equal(underscore.header('x-total-count'), '0')
  })

  test('filters by user and shows who acted', async ({ client, assert }) => {
    const actor = await UserFactory.create()
    await seedLog(2, 'ip.add', { userId: actor.id })
    await seedLog(3)

    const response = await listLogs(client, { user_id: actor.id })
    assert.equal(response.header('x-total-count'), '2')
    for (const row of response.body()) {
      assert.deepEqual(row.user, { id: actor.id, name: actor.name, email: actor.email })
    }
  })

  test('searches with q by email, address or subject, literally', async ({ client, assert }) => {
    const actor = await UserFactory.merge({ email: 'first_last@example.com' }).create()
    await seedLog(1, 'ip.add', { userId: actor.id })
    await seedLog(1, 'ip.add', { ip: '198.51.100.23' })
    await seedLog(1, 'register_code.create', {
      subjectType: 'register_code',
      subjectId: 'code_50%',
    })
    await seedLog(2, 'other.event')

    const byEmail = await listLogs(client, { q: 'first_last' })
    assert.equal(byEmail.header('x-total-count'), '1')
    assert.equal(byEmail.body()[0].user.email, 'first_last@example.com')

    const byIp = await listLogs(client, { q: '198.51.100' })
    assert.equal(byIp.header('x-total-count'), '1')

    const bySubject = await listLogs(client, { q: 'code_50%' })
    assert.equal(bySubject.header('x-total-count'), '1')

    const wildcard = await listLogs(client, { q: '%' })
    assert.equal(wildcard.header('x-total-count'), '1')
  })

  test('garbage list parameters answer 422, never a server error', async ({ client }) => {
    for (const qs of [
      { _start: -1 },
      { _end: 'abc' },
      { _start: '1.5' },
      { _order: 'sideways' },
      { user_id: 0 },
      { user_id: 'me' },
      { q: 'x'.repeat(500) },
      { action: ['a', 'b'] },
    ]) {
      const response = await listLogs(client, qs)
      response.assertStatus(422)
      response.assertBodyContains({ status: 422 })
    }
  })

  test('_end before _start still answers one row at most, not an error', async ({
    client,
    assert,
  }) => {
    await seedLog(5)
    const response = await listLogs(client, { _start: 3, _end: 1 })
    response.assertStatus(200)
    assert.isAtMost(response.body().length, 1)
  })

  for (const role of ['staff', 'manager', 'creator', 'company'] as const) {
    test(`${role} may not read the audit log`, async ({ client }) => {
      const user = await UserFactory.apply(role).create()
      const response = await client.get('/api/audit-logs').loginAs(user)
      assertNoPermission(response)
    })
  }
})
