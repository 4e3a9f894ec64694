import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { expectStatus } from '#tests/helpers/requests'

const RULES = {
  spikeMultiplier: 40,
  surgeSharePct: 20,
  minGain: 500,
  lossMin: 5000,
  tokenWarnDays: 7,
  cookieRecheckDays: 30,
}

/* Refine's data provider updates with PATCH: PATCH /api/alerts/rules is the twin of PUT. */
test.group('alerts / PATCH updates', (group) => {
  setupFunctionalGroup(group)

  test('PATCH /api/alerts/rules does what PUT does', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const put = await client.put('/api/alerts/rules').loginAs(admin).json(RULES)
    put.assertStatus(200)
    const changed = { ...RULES, minGain: 800, tokenWarnDays: 10 }
    const patch = await client.patch('/api/alerts/rules').loginAs(admin).json(changed)
    patch.assertStatus(200)
    const again = await client.put('/api/alerts/rules').loginAs(admin).json(changed)
    assert.deepEqual(patch.body(), again.body())
    const read = await client.get('/api/alerts/rules').loginAs(admin)
    assert.containsSubset(read.body(), { data: { minGain: 800, tokenWarnDays: 10 } })

    const manager = await UserFactory.apply('manager').create()
    for (const method of ['put', 'patch'] as const) {
      await expectStatus(
        client[method]('/api/alerts/rules').loginAs(admin).json({ spikeMultiplier: 1 }),
        422
      )
      await expectStatus(client[method]('/api/alerts/rules').loginAs(manager).json({}), 403)
    }
  })
})
