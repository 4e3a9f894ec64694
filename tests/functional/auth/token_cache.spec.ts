import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import accessTokenCache from '#auth/access_token_cache'
import AccessToken from '#models/access_token'
import TokenService from '#services/auth/token_service'
import { UserFactory } from '#database/factories/user_factory'
import {
  login,
  setAccessTokenExpiry,
  setupFunctionalGroup,
  signedInUser,
} from '#tests/helpers/functional'

const sql = (value: DateTime) => value.toUTC().toSQL({ includeOffset: false })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** GET /api/user/info with the token, expecting `status`. */
async function expectInfo(client: Parameters<typeof login>[0], token: string, status: number) {
  const response = await client.get('/api/user/info').header('token', token)
  response.assertStatus(status)
  return response
}

/** A new user signed in, whose token one request has verified (and so cached). */
async function verifiedLogin(client: Parameters<typeof login>[0]) {
  const user = await UserFactory.create()
  const pair = await login(client, user)
  await expectInfo(client, pair.token, 200)
  return { user, pair }
}

/**
 * The in-process cache of verified access tokens (api/auth/access_token_cache.ts):
 * a token once verified is not looked up again for a few seconds, but
 * logout, revocation and account changes in this process refuse it at
 * once, and it is never served past its expiry.
 */
test.group('auth / access token cache', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(() => {
    const ttl = accessTokenCache.ttlMs
    accessTokenCache.clear()
    return () => {
      accessTokenCache.ttlMs = ttl
      accessTokenCache.clear()
    }
  })

  test('a logged-out token is refused at once even though it was cached', async ({
    client,
    assert,
  }) => {
    const { pair } = await verifiedLogin(client)
    assert.equal(accessTokenCache.size, 1)

    const logout = await client.post('/api/user/logout').header('token', pair.token)
    logout.assertStatus(200)

    const response = await client.get('/api/user/info').header('token', pair.token)
    response.assertStatus(401)
    response.assertBodyContains({ status: 401 })
  })

  test('refresh-token reuse refuses the cached access tokens of the family at once', async ({
    client,
  }) => {
    const { pair: first } = await signedInUser(client)
    const rotation = await client
      .put('/api/refresh_token')
      .form({ refresh_token: first.refresh_token })
    const second = rotation.body().data
    await expectInfo(client, second.token, 200)

    await db
      .from('refresh_tokens')
      .where('hash', TokenService.hash(first.refresh_token))
      .update({ used_at: sql(DateTime.utc().minus({ seconds: 30 })) })
    await client.put('/api/refresh_token').form({ refresh_token: first.refresh_token })

    const response = await client.get('/api/user/info').header('token', second.token)
    response.assertStatus(401)
  })

  test('an expired token answers -101 even while it is cached', async ({ client, assert }) => {
    const { pair } = await signedInUser(client)
    await setAccessTokenExpiry(pair.token, DateTime.utc().plus({ milliseconds: 1500 }))

    await expectInfo(client, pair.token, 200)
    assert.equal(accessTokenCache.size, 1)
    await sleep(1600)

    const response = await client.get('/api/user/info').header('token', pair.token)
    response.assertStatus(401)
    response.assertBody({ status: -101, message: 'Your session has expired.', data: null })
  })

  test('a user disabled after the token was cached is refused at once', async ({
    client,
    assert,
  }) => {
    const { user, pair } = await verifiedLogin(client)
    assert.equal(accessTokenCache.size, 1)

    user.status = 'disabled'
    await user.save()

    const response = await client.get('/api/user/info').header('token', pair.token)
    response.assertStatus(401)
    response.assertBodyContains({ status: 401 })
  })

  test('a role change is seen on the next request', async ({ client, assert }) => {
    const { user, pair } = await signedInUser(client)
    const before = await client.get('/api/user/info').header('token', pair.token)
    assert.equal(before.body().data.user.role, 'staff')

    user.role = 'finance'
    await user.save()

    const after = await client.get('/api/user/info').header('token', pair.token)
    assert.equal(after.body().data.user.role, 'finance')
    assert.include(after.body().data.permissions.creator_adjustment ?? [], 'list')
  })

  test('signing a user out everywhere refuses the cached tokens at once', async ({ client }) => {
    const { user, pair } = await verifiedLogin(client)

    await TokenService.revokeUser(user.id)

    const response = await client.get('/api/user/info').header('token', pair.token)
    response.assertStatus(401)
  })

  test('a revocation by another process is seen within the cache lifetime', async ({ client }) => {
    accessTokenCache.ttlMs = 300
    const { pair } = await verifiedLogin(client)

    // what another API instance's logout does: the row goes, this process is not told
    await db.from('access_tokens').where('hash', TokenService.hash(pair.token)).delete()
    await expectInfo(client, pair.token, 200)

    await sleep(350)
    const response = await client.get('/api/user/info').header('token', pair.token)
    response.assertStatus(401)
  })

  test('with the cache off every request reads the database', async ({ client, assert }) => {
    accessTokenCache.ttlMs = 0
    const { pair } = await verifiedLogin(client)
    assert.equal(accessTokenCache.size, 0)

    await db.from('access_tokens').where('hash', TokenService.hash(pair.token)).delete()
    await expectInfo(client, pair.token, 401)
  })

  test('last_used_at is still written, at most once a minute', async ({ client, assert }) => {
    const { pair } = await verifiedLogin(client)
    const first = await AccessToken.findByOrFail('hash', TokenService.hash(pair.token))
    assert.isNotNull(first.lastUsedAt)

    await expectInfo(client, pair.token, 200)
    const second = await AccessToken.findByOrFail('hash', TokenService.hash(pair.token))
    assert.equal(second.lastUsedAt!.toMillis(), first.lastUsedAt!.toMillis())
  })
})
