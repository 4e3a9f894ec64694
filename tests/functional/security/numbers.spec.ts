import { test } from '@japa/runner'
import Creator from '#models/creator'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { SECURITY_CODE, userWithCode } from '#tests/helpers/users'

/** What `Number()` reads as a number but a person never meant as one. */
const TRICKS: unknown[] = [true, false, [], [1], {}, '0x10', '1e3', '0b1', 'Infinity', '', ' ']

test.group('security / numbers are read strictly', (group) => {
  setupFunctionalGroup(group)

  test('ids in a body: booleans, arrays, hex and exponents are 422 and delete nothing', async ({
    client,
    assert,
  }) => {
    const admin = await userWithCode('admin')
    const creators = await CreatorFactory.createMany(3)
    for (const id of TRICKS) {
      const response = await client
        .post('/api/creator/delete')
        .loginAs(admin)
        .json({ id, security_code: SECURITY_CODE })
      assert.equal(response.status(), 422, `${JSON.stringify(id)}: ${response.text()}`)
    }
    assert.lengthOf(
      await Creator.query().whereIn(
        'id',
        creators.map((c) => c.id)
      ),
      3
    )
    // a decimal string (form fields are strings) still names a creator
    const form = await client
      .post('/api/creator/delete')
      .loginAs(admin)
      .form({ id: String(creators[0].id), security_code: SECURITY_CODE })
    assert.equal(form.status(), 200, form.text())
  })

  test('path parameters and query strings: /api/users/0x10 does not read user 16', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const target = await UserFactory.create()
    const hex = `0x${target.id.toString(16)}`
    for (const path of [`/api/users/${hex}`, `/api/users/${target.id}e0`, '/api/users/1.0e1']) {
      const response = await client.get(path).loginAs(admin)
      assert.oneOf(response.status(), [404, 422], `${path}: ${response.text()}`)
      assert.notInclude(response.text(), target.email)
    }
    for (const limit of ['0x10', '1e1', 'true']) {
      const response = await client.get('/api/users').qs({ limit }).loginAs(admin)
      assert.equal(response.status(), 422, `limit=${limit}`)
    }
  })

  test('amounts and rules: [] and booleans are not zero', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const creator = await CreatorFactory.create()
    const sale = {
      creator_id: creator.id,
      platform: 'douyin',
      month: '2026-10',
      product: 'p',
      items: 1,
      orders: 1,
      gmv: 10,
      commission: 1,
    }
    for (const field of ['items', 'gmv', 'creator_id'] as const) {
      for (const value of [[], true, '0x10']) {
        const response = await client
          .post('/api/products/sales')
          .loginAs(admin)
          .json({ ...sale, [field]: value })
        assert.equal(response.status(), 422, `${field}=${JSON.stringify(value)}`)
      }
    }
    const rules = await client.get('/api/alerts/rules').loginAs(admin)
    const current = rules.body().data ?? rules.body()
    for (const value of [[], true, '1e3']) {
      const response = await client
        .put('/api/alerts/rules')
        .loginAs(admin)
        .json({ ...current, minGain: value })
      assert.equal(response.status(), 422, `minGain=${JSON.stringify(value)}`)
    }
  })
})
