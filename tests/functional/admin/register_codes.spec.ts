import { test } from '@japa/runner'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import AuditLog from '#models/audit_log'
import RegisterCode from '#models/register_code'
import { REGISTER_CODE_PATTERN } from '#shared/constants'
import { UserFactory } from '#database/factories/user_factory'
import { RegisterCodeFactory } from '#database/factories/register_code_factory'
import { setupGroupWith } from '#tests/helpers/functional'
import { assertNoPermission } from '#tests/helpers/requests'
import { staffRegistration } from '#tests/helpers/users'

/** POST /api/register-codes as `user`. */
function createCode(client: ApiClient, user: User, body: Record<string, unknown>) {
  return client.post('/api/register-codes').loginAs(user).json(body)
}

test.group('admin / register codes', (group) => {
  const given = setupGroupWith(group, async () => ({
    admin: await UserFactory.apply('admin').create(),
  }))

  test('lists the codes newest first with x-total-count', async ({ client, assert }) => {
    await RegisterCodeFactory.merge({ code: 'FIRST-CODE' }).create()
    await RegisterCodeFactory.merge({ code: 'SECOND-CODE', maxUses: 3 }).create()

    const response = await client.get('/api/register-codes').loginAs(given.admin)
    response.assertStatus(200)
    assert.equal(response.header('x-total-count'), '2')
    assert.deepEqual(
      response.body().map((code: { code: string }) => code.code),
      ['SECOND-CODE', 'FIRST-CODE']
    )
    assert.containsSubset(response.body()[0], {
      code: 'SECOND-CODE',
      team: null,
      max_uses: 3,
      used_count: 0,
      revoked_at: null,
      usable: true,
    })
  })

  test('generates an all-capitals code when none is given', async ({ client, assert }) => {
    const response = await createCode(client, given.admin, { note: 'spring hires' })

    response.assertStatus(201)
    const { code } = response.body()
    assert.match(code, REGISTER_CODE_PATTERN)
    assert.equal(code, code.toUpperCase())
    assert.lengthOf(code, 10)
    response.assertBodyContains({
      note: 'spring hires',
      usable: true,
      used_count: 0,
      max_uses: null,
    })

    const row = await RegisterCode.findByOrFail('code', code)
    assert.equal(row.createdBy, given.admin.id)
  })

  test('two generated codes differ', async ({ client, assert }) => {
    const first = await createCode(client, given.admin, {})
    const second = await createCode(client, given.admin, {})
    assert.notEqual(first.body().code, second.body().code)
  })

  test('a generated code lets a staff member register', async ({ client }) => {
    const created = await createCode(client, given.admin, {})

    const response = await client
      .post('/api/user/register')
      .form(staffRegistration({ register_code: created.body().code }))
    response.assertStatus(201)
  })

  test('keeps a given code, with a team, a use limit and an expiry', async ({ client, assert }) => {
    const tomorrow = DateTime.now().plus({ days: 1 }).toFormat('yyyy-MM-dd')
    const response = await client
      .post('/api/register-codes')
      .loginAs(given.admin)
      .form({ code: 'CP1-2026', team: 'cp1', max_uses: 5, expires_at: tomorrow })

    response.assertStatus(201)
    response.assertBodyContains({ code: 'CP1-2026', team: 'cp1', max_uses: 5, usable: true })
    assert.isTrue(response.body().expires_at.startsWith(tomorrow))
  })

  test('a given code must be all capitals', async ({ client, assert }) => {
    const response = await createCode(client, given.admin, { code: 'lower-case' })
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'The code field format is invalid' })
    assert.isNull(await RegisterCode.findBy('code', 'lower-case'))
  })

  test('a given code must be unique', async ({ client }) => {
    await RegisterCodeFactory.merge({ code: 'TAKEN-CODE' }).create()
    const response = await createCode(client, given.admin, { code: 'TAKEN-CODE' })
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'The code is already registered' })
  })

  test('a too short code, an unknown team, a past expiry and a zero use limit are refused', async ({
    client,
  }) => {
    const yesterday = DateTime.now().minus({ days: 1 }).toFormat('yyyy-MM-dd')
    for (const [payload, message] of [
      [{ code: 'ABCD' }, 'The code field must be at least 8 characters'],
      [{ team: 'marketing' }, 'The team field must be one of the listed values'],
      [{ expires_at: yesterday }, 'The expiry date field must be today or later'],
      [{ max_uses: 0 }, 'The maximum uses field must be at least 1'],
    ] as const) {
      const response = await createCode(client, given.admin, payload)
      response.assertStatus(422)
      response.assertBodyContains({ status: 422, message })
    }
  })

  test('validation messages of the form follow the language', async ({ client }) => {
    const yesterday = DateTime.now().minus({ days: 1 }).toFormat('yyyy-MM-dd')
    const response = await client
      .post('/api/register-codes')
      .header('lang', 'kr')
      .loginAs(given.admin)
      .json({ expires_at: yesterday })
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: '만료일은(는) 오늘 이후여야 합니다' })
  })

  test('DELETE revokes the code; the row stays and is no longer usable', async ({
    client,
    assert,
  }) => {
    const code = await RegisterCodeFactory.merge({ code: 'GOING-AWAY' }).create()

    const response = await client.delete(`/api/register-codes/${code.id}`).loginAs(given.admin)
    response.assertStatus(200)
    response.assertBodyContains({ id: code.id, code: 'GOING-AWAY', usable: false })
    assert.isString(response.body().revoked_at)

    await code.refresh()
    assert.isNotNull(code.revokedAt)
    assert.isFalse(code.isUsable)

    const list = await client.get('/api/register-codes').loginAs(given.admin)
    assert.containsSubset(list.body(), [{ code: 'GOING-AWAY', usable: false }])

    const refused = await client
      .post('/api/user/register')
      .form(staffRegistration({ register_code: 'GOING-AWAY' }))
    refused.assertStatus(422)
    refused.assertBodyContains({ message: 'The register code is wrong.' })
  })

  test('revoking twice keeps the first revocation time', async ({ client, assert }) => {
    const code = await RegisterCodeFactory.merge({ code: 'TWICE-GONE' }).create()
    const first = await client.delete(`/api/register-codes/${code.id}`).loginAs(given.admin)
    const second = await client.delete(`/api/register-codes/${code.id}`).loginAs(given.admin)
    second.assertStatus(200)
    assert.isString(first.body().revoked_at)
    assert.equal(
      DateTime.fromISO(second.body().revoked_at).toUnixInteger(),
      DateTime.fromISO(first.body().revoked_at).toUnixInteger()
    )
  })

  test('revoking an unknown code answers 404', async ({ client }) => {
    const response = await client.delete('/api/register-codes/999999').loginAs(given.admin)
    response.assertStatus(404)
    response.assertBody({ status: 404, message: 'Not found.' })
  })

  test('creation and revocation are recorded in the audit log', async ({ client, assert }) => {
    const created = await createCode(client, given.admin, {})
    await client.delete(`/api/register-codes/${created.body().id}`).loginAs(given.admin)

    const rows = await AuditLog.query().where('action', 'like', 'register_code.%').orderBy('id')
    assert.deepEqual(
      rows.map((row) => [row.action, row.userId, row.subjectId]),
      [
        ['register_code.create', given.admin.id, String(created.body().id)],
        ['register_code.revoke', given.admin.id, String(created.body().id)],
      ]
    )
    assert.notInclude(JSON.stringify(rows.map((row) => row.serialize())), created.body().code)
  })

  for (const role of ['staff', 'manager', 'creator', 'company'] as const) {
    test(`${role} may not list, create or revoke codes`, async ({ client, assert }) => {
      const user = await UserFactory.apply(role).create()
      const code = await RegisterCodeFactory.merge({ code: 'KEEP-ME' }).create()

      const list = await client.get('/api/register-codes').loginAs(user)
      assertNoPermission(list)

      const create = await createCode(client, user, { code: 'MINE-NOW' })
      assertNoPermission(create)

      const revoke = await client.delete(`/api/register-codes/${code.id}`).loginAs(user)
      assertNoPermission(revoke)

      assert.isNull(await RegisterCode.findBy('code', 'MINE-NOW'))
      await code.refresh()
      assert.isNull(code.revokedAt)
    })
  }
})
