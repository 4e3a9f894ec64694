import { test } from '@japa/runner'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { expectStatus } from '#tests/helpers/requests'

/* Refine's data provider updates with PATCH: PATCH /api/users/:id (the staff edit) is the twin of PUT. */
test.group('people / PATCH updates', (group) => {
  setupFunctionalGroup(group)

  test('PATCH /api/users/:id does what PUT does', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const viaPut = await UserFactory.create()
    const viaPatch = await UserFactory.create()
    const change = { name: 'Kim Renamed', role: 'manager', teams: ['cp1'] }

    const put = await client.put(`/api/users/${viaPut.id}`).loginAs(admin).json(change)
    const patch = await client.patch(`/api/users/${viaPatch.id}`).loginAs(admin).json(change)
    put.assertStatus(200)
    patch.assertStatus(200)
    for (const key of ['name', 'role', 'status']) {
      assert.deepEqual(patch.body()[key], put.body()[key], key)
    }
    assert.deepEqual(
      patch.body().teams.map((team: { key: string }) => team.key),
      put.body().teams.map((team: { key: string }) => team.key)
    )
    const stored = await User.findOrFail(viaPatch.id)
    assert.equal(stored.name, 'Kim Renamed')
    assert.equal(stored.role, 'manager')

    // My own role stays mine, managers edit nobody: alike for both verbs.
    const manager = await UserFactory.apply('manager').create()
    for (const method of ['put', 'patch'] as const) {
      await expectStatus(
        client[method](`/api/users/${admin.id}`).loginAs(admin).json({ role: 'staff' }),
        422
      )
      await expectStatus(
        client[method](`/api/users/${viaPatch.id}`).loginAs(manager).json({ name: 'x' }),
        403
      )
    }
  })
})
