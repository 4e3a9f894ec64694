import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'

test.group('security / who sees whom', (group) => {
  setupFunctionalGroup(group)

  test('staff read active staff profiles only; waiting and disabled ones are for admins', async ({
    client,
    assert,
  }) => {
    const viewer = await UserFactory.apply('staff').create()
    const manager = await UserFactory.apply('manager').create()
    const admin = await UserFactory.apply('admin').create()
    const active = await UserFactory.apply('staff').create()
    const pending = await UserFactory.apply('staff').apply('pending').create()
    const disabled = await UserFactory.apply('staff').apply('disabled').create()

    for (const reader of [viewer, manager]) {
      const seen = await client.get(`/api/users/${active.id}`).loginAs(reader)
      seen.assertStatus(200)
      for (const hidden of [pending, disabled]) {
        const response = await client.get(`/api/users/${hidden.id}`).loginAs(reader)
        response.assertStatus(403)
        assert.notInclude(response.text(), hidden.email)
      }
    }
    for (const target of [pending, disabled]) {
      const response = await client.get(`/api/users/${target.id}`).loginAs(admin)
      response.assertStatus(200)
      assert.equal(response.body().email, target.email)
    }
    // everybody still reads their own profile
    const own = await client.get(`/api/users/${viewer.id}`).loginAs(viewer)
    own.assertStatus(200)
  })
})
