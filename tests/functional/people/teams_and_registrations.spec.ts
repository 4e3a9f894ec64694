import { test } from '@japa/runner'
import User from '#models/user'
import Notification from '#models/notification'
import { UserFactory } from '#database/factories/user_factory'
import { RegisterCodeFactory } from '#database/factories/register_code_factory'
import { login, loginAttempt, rowCount, setupFunctionalGroup } from '#tests/helpers/functional'
import { FACTORY_PASSWORD, staffRegistration, teamMember } from '#tests/helpers/users'
import { expectStatus, NO_PERMISSION } from '#tests/helpers/requests'

test.group('people / team members', (group) => {
  setupFunctionalGroup(group)

  test('a team manager adds and removes members of their own team', async ({ client, assert }) => {
    const lead = await teamMember('cp1', { manager: true })
    const newcomer = await UserFactory.create()
    const add = await client
      .post('/api/teams/cp1/members')
      .loginAs(lead)
      .json({ user_id: newcomer.id })
    add.assertStatus(201)
    assert.sameMembers(
      add.body().data.map((row: { id: number }) => row.id),
      [lead.id, newcomer.id]
    )
    const remove = await client.delete(`/api/teams/cp1/members/${newcomer.id}`).loginAs(lead)
    remove.assertStatus(200)
    assert.deepEqual(
      remove.body().data.map((row: { id: number }) => row.id),
      [lead.id]
    )
    assert.equal(await rowCount('audit_logs', { action: 'team.add_member' }), 1)
  })

  test('a manager cannot touch another team, nor appoint managers', async ({ client }) => {
    const lead = await teamMember('cp1', { manager: true })
    const outsider = await teamMember('cp2')
    const list = await client.get('/api/teams/cp2/members').loginAs(lead)
    list.assertStatus(403)
    list.assertBodyContains({ message: NO_PERMISSION })
    await expectStatus(client.delete(`/api/teams/cp2/members/${outsider.id}`).loginAs(lead), 403)
    const somebody = await UserFactory.create()
    await expectStatus(
      client
        .post('/api/teams/cp1/members')
        .loginAs(lead)
        .json({ user_id: somebody.id, is_manager: true }),
      403
    )
    await expectStatus(
      client.put(`/api/teams/cp1/members/${lead.id}`).loginAs(lead).json({ is_manager: false }),
      403
    )
  })

  test('a plain member (even with the manager role) cannot manage the team', async ({ client }) => {
    const plain = await teamMember('cp1', { role: 'manager' })
    const other = await UserFactory.create()
    await expectStatus(
      client.post('/api/teams/cp1/members').loginAs(plain).json({ user_id: other.id }),
      403
    )
  })

  test('admins manage every team and appoint managers', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const staff = await UserFactory.create()
    await expectStatus(
      client
        .post('/api/teams/ch3/members')
        .loginAs(admin)
        .json({ user_id: staff.id, is_manager: true }),
      201
    )
    const demote = await client
      .put(`/api/teams/ch3/members/${staff.id}`)
      .loginAs(admin)
      .json({ is_manager: false })
    demote.assertStatus(200)
    assert.isFalse(demote.body().data[0].is_manager)
  })

  test('only active staff accounts become members; bad ids never give a 5xx', async ({
    client,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const creator = await UserFactory.apply('creator').create()
    const pending = await UserFactory.apply('pending').create()
    for (const user of [creator, pending]) {
      const response = await client
        .post('/api/teams/cp1/members')
        .loginAs(admin)
        .json({ user_id: user.id })
      response.assertStatus(422)
      response.assertBodyContains({ message: 'Only active staff accounts can be team members.' })
    }
    await expectStatus(
      client.post('/api/teams/cp1/members').loginAs(admin).json({ user_id: 'x' }),
      422
    )
    await expectStatus(
      client.post('/api/teams/cp1/members').loginAs(admin).json({ user_id: 1e20 }),
      422
    )
    await expectStatus(client.delete('/api/teams/nowhere/members/1').loginAs(admin), 422)
    await expectStatus(client.delete('/api/teams/cp1/members/999999').loginAs(admin), 404)
  })
})

test.group('people / registrations', (group) => {
  setupFunctionalGroup(group)

  async function signUp(client: any, email = 'newbie@example.com') {
    await RegisterCodeFactory.merge({ code: 'WELCOME-2026' }).create()
    const response = await client.post('/api/user/register').form(
      staffRegistration({
        name: '新同事',
        email,
        phone: '01055556666',
        password: 'newbie-password',
        password_confirmation: 'newbie-password',
        team: 'cp3',
        register_code: 'WELCOME-2026',
      })
    )
    response.assertStatus(201)
    return User.findByOrFail('email', email)
  }

  test('a sign-up waits, admins hear of it, an admin approves it with a role and team', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const newbie = await signUp(client)
    const waiting = await loginAttempt(client, {
      account: newbie.email,
      password: 'newbie-password',
    })
    waiting.assertStatus(403)
    waiting.assertBodyContains({
      message: 'Your account is waiting for approval. Authorization may take time.',
    })
    const notice = await Notification.query().where('user_id', admin.id).firstOrFail()
    assert.equal(notice.kind, 'registration_pending')
    assert.equal(notice.params.name, '新同事')

    const queue = await client.get('/api/registrations').loginAs(admin)
    queue.assertStatus(200)
    assert.deepEqual(
      queue.body().map((row: { email: string }) => row.email),
      [newbie.email]
    )
    assert.equal(queue.body()[0].teams[0].key, 'cp3')

    const approve = await client
      .post(`/api/registrations/${newbie.id}/approve`)
      .loginAs(admin)
      .json({ role: 'manager', team: 'ch1' })
    approve.assertStatus(200)
    approve.assertBodyContains({ data: { status: 'active', role: 'manager' } })
    assert.deepEqual(
      approve.body().data.teams.map((team: { key: string }) => team.key),
      ['ch1']
    )
    const welcome = await Notification.query().where('user_id', newbie.id).firstOrFail()
    assert.equal(welcome.kind, 'registration_approved')

    const signIn = await loginAttempt(client, {
      account: newbie.email,
      password: 'newbie-password',
    })
    signIn.assertStatus(200)
    assert.equal(signIn.body().status, 0)
    const twice = await client
      .post(`/api/registrations/${newbie.id}/approve`)
      .loginAs(admin)
      .json({})
    twice.assertStatus(409)
  })

  test('a rejected person reads the reason when signing in', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    const newbie = await signUp(client)
    const missing = await client
      .post(`/api/registrations/${newbie.id}/reject`)
      .loginAs(admin)
      .json({ reason: ' ' })
    missing.assertStatus(422)
    const reject = await client
      .post(`/api/registrations/${newbie.id}/reject`)
      .loginAs(admin)
      .json({ reason: 'Please register with your company email.' })
    reject.assertStatus(200)
    const response = await loginAttempt(client, {
      account: newbie.email,
      password: 'newbie-password',
    })
    response.assertStatus(403)
    response.assertBodyContains({
      message: 'Your registration was not approved: Please register with your company email.',
    })
  })

  test('staff, managers, creators and companies cannot review registrations', async ({
    client,
  }) => {
    const newbie = await UserFactory.apply('pending').create()
    for (const state of ['manager', 'creator', 'company'] as const) {
      const user = await UserFactory.apply(state).create()
      const response = await client
        .post(`/api/registrations/${newbie.id}/approve`)
        .loginAs(user)
        .json({})
      response.assertStatus(403)
      response.assertBodyContains({ message: NO_PERMISSION })
      await expectStatus(client.get('/api/registrations').loginAs(user), 403)
    }
    const staff = await UserFactory.create()
    await expectStatus(
      client.post(`/api/registrations/${newbie.id}/reject`).loginAs(staff).json({ reason: 'no' }),
      403
    )
  })

  test('creator accounts are approved without a staff role', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const creator = await UserFactory.merge({ status: 'pending' }).apply('creator').create()
    const wrong = await client
      .post(`/api/registrations/${creator.id}/approve`)
      .loginAs(admin)
      .json({ role: 'admin' })
    wrong.assertStatus(422)
    const ok = await client.post(`/api/registrations/${creator.id}/approve`).loginAs(admin).json({})
    ok.assertStatus(200)
    assert.equal(ok.body().data.role, 'creator')
  })
})

test.group('people / staff directory', (group) => {
  setupFunctionalGroup(group)

  test('search by name, email and team, paged with x-total-count', async ({ client, assert }) => {
    const viewer = await teamMember('operations')
    const a = await teamMember('cp1', { fields: { name: '王小明', email: 'xiaoming@studio.test' } })
    const b = await teamMember('cp2', { fields: { name: 'Kim Minji', email: 'minji@studio.test' } })
    await UserFactory.apply('creator').merge({ name: 'Creator Kim' }).create()
    await UserFactory.apply('disabled').merge({ name: 'Gone Kim' }).create()

    const byName = await client.get('/api/users').qs({ q: '小明' }).loginAs(viewer)
    byName.assertStatus(200)
    assert.deepEqual(
      byName.body().map((row: { id: number }) => row.id),
      [a.id]
    )
    const byEmail = await client.get('/api/user/list').qs({ email: 'MINJI@' }).loginAs(viewer)
    assert.deepEqual(
      byEmail.body().data.items.map((row: { id: number }) => row.id),
      [b.id]
    )
    const byTeam = await client.get('/api/users').qs({ team: 'cp1' }).loginAs(viewer)
    assert.deepEqual(
      byTeam.body().map((row: { id: number }) => row.id),
      [a.id]
    )
    const kims = await client.get('/api/users').qs({ q: 'kim' }).loginAs(viewer)
    assert.deepEqual(
      kims.body().map((row: { id: number }) => row.id),
      [b.id],
      'staff see active staff only'
    )
    const page = await client
      .get('/api/users')
      .qs({ _start: 0, _end: 2, _sort: 'id', _order: 'asc' })
      .loginAs(viewer)
    assert.equal(page.header('x-total-count'), '3')
    assert.lengthOf(page.body(), 2)
    const literal = await client.get('/api/users').qs({ q: '%' }).loginAs(viewer)
    assert.lengthOf(literal.body(), 0)
  })

  test('creators and companies cannot open the directory; bad input is a 422', async ({
    client,
  }) => {
    for (const state of ['creator', 'company'] as const) {
      const user = await UserFactory.apply(state).create()
      await expectStatus(client.get('/api/users').loginAs(user), 403)
    }
    const staff = await UserFactory.create()
    await expectStatus(client.get('/api/users').qs({ role: 'king' }).loginAs(staff), 422)
    await expectStatus(client.get('/api/users').qs({ _sort: 'password' }).loginAs(staff), 422)
    await expectStatus(client.get('/api/users/abc').loginAs(staff), 422)
  })

  test('admins change role, status and teams; disabling signs the person out', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const person = await teamMember('cp1', { manager: true })
    const { token } = await login(client, person, FACTORY_PASSWORD)
    const response = await client
      .put(`/api/users/${person.id}`)
      .loginAs(admin)
      .json({ role: 'manager', teams: ['cp1', 'business'] })
    response.assertStatus(200)
    assert.sameMembers(
      response.body().teams.map((team: { key: string }) => team.key),
      ['cp1', 'business']
    )
    assert.isTrue(
      response.body().teams.find((team: { key: string }) => team.key === 'cp1').is_manager
    )

    const disable = await client
      .put(`/api/users/${person.id}`)
      .loginAs(admin)
      .json({ status: 'disabled' })
    disable.assertStatus(200)
    await expectStatus(client.get('/api/user/info').header('token', token), 401)

    const self = await client.put(`/api/users/${admin.id}`).loginAs(admin).json({ role: 'staff' })
    self.assertStatus(422)
    const mismatch = await client
      .put(`/api/users/${person.id}`)
      .loginAs(admin)
      .json({ role: 'creator' })
    mismatch.assertStatus(422)
  })

  test('managers and staff cannot edit people', async ({ client }) => {
    const target = await UserFactory.create()
    for (const state of ['manager'] as const) {
      const user = await UserFactory.apply(state).create()
      await expectStatus(
        client.put(`/api/users/${target.id}`).loginAs(user).json({ name: 'x' }),
        403
      )
    }
    const staff = await UserFactory.create()
    await expectStatus(
      client.put(`/api/users/${target.id}`).loginAs(staff).json({ name: 'x' }),
      403
    )
  })
})
