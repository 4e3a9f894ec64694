import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import router from '@adonisjs/core/services/router'
import { CreatorFactory, PlatformAccountFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { allowOnly, setupFunctionalGroup } from '#tests/helpers/functional'
import { usersOfEveryRole, type RoleName } from '#tests/helpers/users'
import { NO_PERMISSION } from '#tests/helpers/requests'

const STAFF_SIDE: RoleName[] = ['admin', 'manager', 'staff']
const OUTSIDE: RoleName[] = ['creator', 'company']

/** The three SPEC §7 paths answered since the spec paths got their own controllers. */
const NEW_PATHS = ['GET /api/user', 'GET /api/creator/account/info', 'GET /api/active/platform']

test.group('SPEC §7 paths / routes', (group) => {
  setupFunctionalGroup(group)

  test('the new paths are registered and refuse a request without a token', async ({
    client,
    assert,
  }) => {
    const keys = Object.values(router.toJSON()).flatMap((routes) =>
      routes.flatMap((route) => route.methods.map((method) => `${method} ${route.pattern}`))
    )
    assert.includeMembers(keys, NEW_PATHS)
    for (const key of NEW_PATHS) {
      const path = key.split(' ')[1]
      const response = await client.get(path)
      response.assertStatus(401)
      assert.isString(response.body().message)
    }
  })

  test('the new paths are behind the IP allow-list', async ({ client }) => {
    const { admin } = await usersOfEveryRole()
    await allowOnly('10.0.0.0/8')
    for (const key of NEW_PATHS) {
      const response = await client.get(key.split(' ')[1]).loginAs(admin)
      response.assertStatus(403)
      response.assertBodyContains({ status: -1 })
    }
  })
})

test.group('SPEC §7 paths / GET /api/user', (group) => {
  setupFunctionalGroup(group)

  test('every role reads its own profile, as the account endpoint answers it', async ({
    client,
    assert,
  }) => {
    const users = await usersOfEveryRole()
    for (const [role, user] of Object.entries(users)) {
      const response = await client.get('/api/user').loginAs(user)
      response.assertStatus(200)
      const body = response.body()
      assert.equal(body.status, 0, role)
      assert.equal(body.data.id, user.id, role)
      assert.equal(body.data.email, user.email, role)
      assert.equal(body.data.role, role, role)
      assert.notProperty(body.data, 'password', role)
      assert.notProperty(body.data, 'security_code_hash', role)

      const profile = await client.put('/api/user/update').loginAs(user).json({})
      assert.deepEqual(body.data, profile.body().data, role)
    }
  })

  test('the profile is the user /api/user/info answers', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const response = await client.get('/api/user').loginAs(user)
    const info = await client.get('/api/user/info').loginAs(user)
    assert.deepEqual(response.body().data, info.body().data.user)
  })
})

test.group('SPEC §7 paths / GET /api/creator/account/info', (group) => {
  setupFunctionalGroup(group)

  test("a creator's accounts with their states and dates, never a secret", async ({
    client,
    assert,
  }) => {
    const { staff } = await usersOfEveryRole()
    const creator = await CreatorFactory.create()
    const now = DateTime.utc()
    await PlatformAccountFactory.merge({
      creatorId: creator.id,
      platform: 'youtube',
      uid: 'UC-account-info',
      tokenExpiresAt: now.plus({ days: 3 }),
    }).create()
    await PlatformAccountFactory.apply('failingToken')
      .merge({
        creatorId: creator.id,
        platform: 'bilibili',
        uid: '99887766',
        cookieCheckedAt: now.minus({ days: 40 }),
        collectStatus: 1,
        collectError: 'timeout: the platform did not answer',
      })
      .create()

    const response = await client
      .get('/api/creator/account/info')
      .qs({ id: creator.id })
      .loginAs(staff)
    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.status, 0)
    assert.containsSubset(body.data, {
      creator_id: creator.id,
      brand_no: creator.brandNo,
      channel_name: creator.channelName,
    })
    // PLATFORMS order: bilibili before youtube
    assert.deepEqual(
      body.data.accounts.map((account: { platform: string }) => account.platform),
      ['bilibili', 'youtube']
    )
    const [bilibili, youtube] = body.data.accounts
    assert.containsSubset(youtube, {
      uid: 'UC-account-info',
      active: true,
      token_present: true,
      token_status: 0,
      token_expiring: true,
      cookie_present: true,
      cookie_status: 0,
      collect_status: 0,
    })
    assert.isString(youtube.token_connected_at)
    assert.isString(youtube.token_expires_at)
    assert.isString(youtube.cookie_recheck_due_at)
    assert.containsSubset(bilibili, {
      uid: '99887766',
      token_status: 1,
      cookie_status: 1,
      cookie_recheck_due: true,
      collect_status: 1,
      collect_error: 'timeout: the platform did not answer',
    })
    for (const account of body.data.accounts) {
      assert.notProperty(account, 'token')
      assert.notProperty(account, 'cookie')
      assert.notProperty(account, 'token_hint')
      assert.notProperty(account, 'token_encrypted')
      assert.notProperty(account, 'cookie_encrypted')
    }
    assert.notMatch(response.text(), /tok_|SESSDATA/)
  })

  test('the roles that read a creator detail read its accounts; the others get 403', async ({
    client,
    assert,
  }) => {
    const users = await usersOfEveryRole()
    const creator = await CreatorFactory.with('accounts', 1).create()
    for (const role of STAFF_SIDE) {
      const response = await client
        .get('/api/creator/account/info')
        .qs({ id: creator.id })
        .loginAs(users[role])
      response.assertStatus(200)
      assert.lengthOf(response.body().data.accounts, 1, role)
    }
    for (const role of OUTSIDE) {
      const response = await client
        .get('/api/creator/account/info')
        .qs({ id: creator.id })
        .loginAs(users[role])
      response.assertStatus(403)
      response.assertBodyContains({ status: 403, message: NO_PERMISSION })
    }
  })

  test('a missing or bad id answers 422, an unknown creator 404', async ({ client, assert }) => {
    const { staff } = await usersOfEveryRole()
    const missing = await client.get('/api/creator/account/info').loginAs(staff)
    missing.assertStatus(422)
    for (const id of ['abc', '0', '-3', '1.5', '1 or 1=1']) {
      const response = await client.get('/api/creator/account/info').qs({ id }).loginAs(staff)
      response.assertStatus(422)
      assert.equal(response.body().status, 422, id)
    }
    const unknown = await client.get('/api/creator/account/info').qs({ id: 999_999 }).loginAs(staff)
    unknown.assertStatus(404)
    assert.equal(unknown.body().status, 404)
  })

  test('a creator without accounts answers an empty list', async ({ client, assert }) => {
    const { manager } = await usersOfEveryRole()
    const creator = await CreatorFactory.create()
    const response = await client
      .get('/api/creator/account/info')
      .qs({ id: creator.id })
      .loginAs(manager)
    response.assertStatus(200)
    assert.deepEqual(response.body().data.accounts, [])
  })
})

test.group('SPEC §7 paths / GET /api/active/platform', (group) => {
  setupFunctionalGroup(group)

  test('the platforms with an active account and how many, most first', async ({
    client,
    assert,
  }) => {
    const { staff } = await usersOfEveryRole()
    const empty = await client.get('/api/active/platform').loginAs(staff)
    empty.assertStatus(200)
    assert.deepEqual(empty.body(), { status: 0, data: [] })

    for (let index = 0; index < 3; index++) {
      const creator = await CreatorFactory.create()
      await PlatformAccountFactory.merge({ creatorId: creator.id, platform: 'youtube' }).create()
      if (index === 0) {
        await PlatformAccountFactory.merge({ creatorId: creator.id, platform: 'douyin' }).create()
        await PlatformAccountFactory.merge({
          creatorId: creator.id,
          platform: 'weibo',
          active: false,
        }).create()
      }
      if (index < 2) {
        await PlatformAccountFactory.merge({ creatorId: creator.id, platform: 'bilibili' }).create()
      }
    }

    const response = await client.get('/api/active/platform').loginAs(staff)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      status: 0,
      data: [
        { platform: 'youtube', accounts: 3 },
        { platform: 'bilibili', accounts: 2 },
        { platform: 'douyin', accounts: 1 },
      ],
    })
  })

  test('staff-side roles read it; creators and companies get 403', async ({ client }) => {
    const users = await usersOfEveryRole()
    for (const role of STAFF_SIDE) {
      const response = await client.get('/api/active/platform').loginAs(users[role])
      response.assertStatus(200)
    }
    for (const role of OUTSIDE) {
      const response = await client.get('/api/active/platform').loginAs(users[role])
      response.assertStatus(403)
      response.assertBodyContains({ status: 403, message: NO_PERMISSION })
    }
  })
})
