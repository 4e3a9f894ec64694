import { test } from '@japa/runner'
import sharp from 'sharp'
import hash from '@adonisjs/core/services/hash'
import drive from '@adonisjs/drive/services/main'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import {
  fakeDrive,
  login,
  loginAttempt,
  setupFunctionalGroup,
  signedInUser,
} from '#tests/helpers/functional'
import { FACTORY_PASSWORD, teamMember } from '#tests/helpers/users'
import { expectStatus } from '#tests/helpers/requests'

async function png(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } },
  })
    .png()
    .toBuffer()
}

test.group('people / my account', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(fakeDrive)

  test('updates my name, phone and language', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client
      .put('/api/user/update')
      .loginAs(user)
      .form({ name: '김하늘', phone: '01012345678', locale: 'ko' })
    response.assertStatus(200)
    response.assertBodyContains({
      status: 0,
      data: { name: '김하늘', phone: '01012345678', locale: 'ko' },
    })
    await user.refresh()
    assert.equal(user.name, '김하늘')
  })

  test('a phone with letters answers 422 in the caller language', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client
      .put('/api/user/update')
      .loginAs(user)
      .header('lang', 'kr')
      .json({ phone: '010-abc' })
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: '전화번호는 숫자만 입력할 수 있습니다' })
  })

  test('changing the password needs the current one', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const { token } = await login(client, user)
    const wrong = await client.put('/api/user/password').header('token', token).json({
      current_password: 'nope-nope',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    })
    wrong.assertStatus(422)
    wrong.assertBodyContains({ message: 'The current password is wrong.' })

    const mismatch = await client.put('/api/user/password').header('token', token).json({
      current_password: FACTORY_PASSWORD,
      password: 'new-password-1',
      password_confirmation: 'other-password',
    })
    mismatch.assertStatus(422)
    mismatch.assertBodyContains({ message: 'The new passwords do not match' })
    await user.refresh()
    assert.isTrue(await hash.verify(user.password, FACTORY_PASSWORD))
  })

  test('a new password signs out the other sessions and keeps this one', async ({
    client,
    assert,
  }) => {
    const { user, pair: here } = await signedInUser(client)
    const elsewhere = await login(client, user)
    const response = await client.put('/api/user/password').header('token', here.token).json({
      current_password: FACTORY_PASSWORD,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    })
    response.assertStatus(200)
    response.assertBodyContains({ status: 0 })

    await expectStatus(client.get('/api/user/info').header('token', here.token), 200)
    await expectStatus(client.get('/api/user/info').header('token', elsewhere.token), 401)
    const old = await loginAttempt(client, { account: user.email, password: FACTORY_PASSWORD })
    old.assertStatus(400)
    const fresh = await loginAttempt(client, { account: user.email, password: 'brand-new-pass' })
    fresh.assertStatus(200)
    assert.equal(fresh.body().status, 0)
  })

  test('a picture is resized to a 256 px WebP square, served publicly and replaced', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const first = await client
      .post('/api/user/avatar')
      .loginAs(user)
      .file('avatar', await png(800, 400), { filename: 'me.png' })
    first.assertStatus(200)
    const url: string = first.body().data.avatar_url
    assert.match(url, /^\/api\/avatars\/\d+-[0-9a-f]{32}\.webp$/)

    const served = await client.get(url)
    served.assertStatus(200)
    assert.equal(served.header('content-type'), 'image/webp')
    assert.equal(served.header('cache-control'), 'public, max-age=31536000, immutable')
    await user.refresh()
    const stored = await sharp(Buffer.from(await drive.use().getBytes(user.avatarPath!))).metadata()
    assert.deepEqual([stored.width, stored.height, stored.format], [256, 256, 'webp'])

    const second = await client
      .post('/api/user/avatar')
      .loginAs(user)
      .file('avatar', await png(300, 300), { filename: 'again.png' })
    second.assertStatus(200)
    assert.notEqual(second.body().data.avatar_url, url)
    await expectStatus(client.get(url), 404)
  })

  test('a file that is not an image is refused whatever its name', async ({ client, assert }) => {
    const user = await UserFactory.create()
    for (const [bytes, name] of [
      [Buffer.from('<script>alert(1)</script>'), 'evil.png'],
      [Buffer.from('%PDF-1.4 not a picture'), 'doc.jpg'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'x.svg'],
    ] as const) {
      const response = await client
        .post('/api/user/avatar')
        .loginAs(user)
        .file('avatar', bytes, { filename: name })
      response.assertStatus(422)
      response.assertBodyContains({
        message: 'The picture must be a JPEG, PNG, WebP or GIF image.',
      })
    }
    const missing = await client.post('/api/user/avatar').loginAs(user).form({})
    missing.assertStatus(422)
    await user.refresh()
    assert.isNull(user.avatarPath)
  })

  test('an unknown or malformed avatar name answers 404, not a file', async ({ client }) => {
    for (const name of ['1-abc.webp', '..%2F..%2F.env', '1-' + 'a'.repeat(32) + '.webp']) {
      const response = await client.get(`/api/avatars/${name}`)
      response.assertStatus(404)
    }
  })

  test('joining and leaving a team, with the failures the spec names', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const setTeam = (team: string, action: string) =>
      client.post('/api/user/set_team').loginAs(user).form({ team, action })
    const join = await setTeam('cp2', 'import')
    join.assertStatus(200)
    join.assertBodyContains({ message: 'Joined the team.' })
    assert.deepEqual(
      join.body().data.teams.map((team: { key: string }) => team.key),
      ['cp2']
    )
    const again = await setTeam('cp2', 'import')
    again.assertStatus(409)
    again.assertBodyContains({ message: 'Join failed: you are already a member of this team.' })

    const leave = await setTeam('cp2', 'export')
    leave.assertStatus(200)
    leave.assertBodyContains({ message: 'Left the team.' })
    const leaveAgain = await setTeam('cp2', 'export')
    leaveAgain.assertStatus(409)
    leaveAgain.assertBodyContains({ message: 'Leave failed: you are not a member of this team.' })

    const bad = await setTeam('nowhere', 'join')
    bad.assertStatus(422)
  })

  test('user/info follows a name change, a team joined and a team left at once', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const info = async () => {
      const response = await client.get('/api/user/info').loginAs(user)
      response.assertStatus(200)
      return response.body().data.user
    }
    const teamsOf = (profile: { teams: { key: string }[] }) => profile.teams.map((t) => t.key)
    assert.deepEqual(teamsOf(await info()), [])

    await client.put('/api/user/update').loginAs(user).json({ name: 'Renamed Person' })
    const renamed = await info()
    assert.equal(renamed.name, 'Renamed Person')
    await client.post('/api/user/set_team').loginAs(user).form({ team: 'cp2', action: 'import' })
    assert.deepEqual(teamsOf(await info()), ['cp2'])
    await client.post('/api/user/set_team').loginAs(user).form({ team: 'cp2', action: 'export' })
    assert.deepEqual(teamsOf(await info()), [])
  })

  test('creators and companies do not join teams', async ({ client }) => {
    for (const state of ['creator', 'company'] as const) {
      const user = await UserFactory.apply(state).create()
      const response = await client
        .post('/api/user/set_team')
        .loginAs(user)
        .form({ team: 'cp1', action: 'import' })
      response.assertStatus(403)
    }
  })

  test('the team overview says where I belong and what I manage', async ({ client, assert }) => {
    const user = await teamMember('cp1', { manager: true })
    const response = await client.get('/api/teams').loginAs(user)
    response.assertStatus(200)
    const row = response.body().data.find((team: { key: string }) => team.key === 'cp1')
    assert.include(row, {
      is_member: true,
      is_manager: true,
      can_manage: true,
      members: 1,
      managers: 1,
    })
    const other = response.body().data.find((team: { key: string }) => team.key === 'cp2')
    assert.include(other, { is_member: false, can_manage: false })
    const fresh = await User.findOrFail(user.id)
    assert.isTrue(fresh.isActive)
  })
})
