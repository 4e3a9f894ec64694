import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import AccessToken from '#models/access_token'
import RefreshToken from '#models/refresh_token'
import TokenService from '#services/auth/token_service'
import { UserFactory } from '#database/factories/user_factory'
import {
  login,
  setAccessTokenExpiry,
  setupFunctionalGroup,
  signedInUser,
} from '#tests/helpers/functional'

const ACCESS_CHECK_FAIL = 'Access Check fail - please sign in again.'

/** PUT /api/refresh_token with the refresh token in the form body. */
async function rotate(client: ApiClient, refreshToken: string) {
  return client.put('/api/refresh_token').form({ refresh_token: refreshToken })
}

test.group('auth / access tokens', (group) => {
  setupFunctionalGroup(group)

  test('the token header authenticates GET /api/user/info', async ({ client }) => {
    const { user, pair } = await signedInUser(client)

    const response = await client.get('/api/user/info').header('token', pair.token)
    response.assertStatus(200)
    response.assertBodyContains({ status: 0, data: { user: { id: user.id } } })
  })

  test('Authorization: Bearer authenticates too', async ({ client }) => {
    const { user, pair } = await signedInUser(client)

    const response = await client.get('/api/user/info').bearerToken(pair.token)
    response.assertStatus(200)
    response.assertBodyContains({ status: 0, data: { user: { id: user.id } } })
  })

  test('loginAs goes through the token guard', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client.get('/api/user/info').loginAs(user)
    response.assertStatus(200)
    response.assertBodyContains({ status: 0, data: { user: { id: user.id } } })
  })

  test('a missing token answers HTTP 401 with status 401 (Access Check fail)', async ({
    client,
  }) => {
    const response = await client.get('/api/user/info')
    response.assertStatus(401)
    response.assertBody({ status: 401, message: ACCESS_CHECK_FAIL })
  })

  test('a garbage token answers HTTP 401 with status 401', async ({ client }) => {
    const response = await client.get('/api/user/info').header('token', 'not-a-token')
    response.assertStatus(401)
    response.assertBody({ status: 401, message: ACCESS_CHECK_FAIL })
  })

  test('a refresh token is not accepted as an access token', async ({ client }) => {
    const { pair } = await signedInUser(client)
    const response = await client.get('/api/user/info').header('token', pair.refresh_token)
    response.assertStatus(401)
    response.assertBodyContains({ status: 401 })
  })

  test('the 401 message follows the language', async ({ client }) => {
    const response = await client.get('/api/user/info').header('lang', 'kr')
    response.assertStatus(401)
    response.assertBody({ status: 401, message: '접근 확인 실패 - 다시 로그인하세요.' })
  })

  test('an expired access token answers HTTP 401 with status -101', async ({ client }) => {
    const { pair } = await signedInUser(client)
    await setAccessTokenExpiry(pair.token)

    const response = await client.get('/api/user/info').header('token', pair.token)
    response.assertStatus(401)
    response.assertBody({ status: -101, message: 'Your session has expired.', data: null })
  })

  test('an access token of an account disabled after sign-in stops working', async ({ client }) => {
    const { user, pair } = await signedInUser(client)
    user.status = 'disabled'
    await user.save()

    const response = await client.get('/api/user/info').header('token', pair.token)
    response.assertStatus(401)
    response.assertBodyContains({ status: 401 })
  })

  test('tokens are stored only as SHA-256 hashes', async ({ client, assert }) => {
    const { user, pair } = await signedInUser(client)

    const access = await db.from('access_tokens').where('user_id', user.id)
    const refresh = await db.from('refresh_tokens').where('user_id', user.id)
    assert.lengthOf(access, 1)
    assert.lengthOf(refresh, 1)
    assert.equal(access[0].hash, TokenService.hash(pair.token))
    assert.equal(refresh[0].hash, TokenService.hash(pair.refresh_token))
    assert.match(access[0].hash, /^[0-9a-f]{64}$/)

    const everything = JSON.stringify([access, refresh, await db.from('audit_logs')])
    assert.notInclude(everything, pair.token)
    assert.notInclude(everything, pair.refresh_token)
  })

  test('access tokens live at most 15 minutes', async ({ client, assert }) => {
    const { pair } = await signedInUser(client)

    const row = await AccessToken.findByOrFail('hash', TokenService.hash(pair.token))
    const lifetime = row.expiresAt.diff(row.createdAt, 'seconds').seconds
    assert.isAbove(lifetime, 0)
    assert.isAtMost(lifetime, 15 * 60)
    assert.equal(DateTime.fromISO(pair.expires_at).toUnixInteger(), row.expiresAt.toUnixInteger())

    const refreshRow = await RefreshToken.findByOrFail(
      'hash',
      TokenService.hash(pair.refresh_token)
    )
    assert.isAbove(refreshRow.expiresAt.toMillis(), row.expiresAt.toMillis())
  })

  test('a very long token header answers 401, not a server error', async ({ client }) => {
    const response = await client.get('/api/user/info').header('token', 'x'.repeat(8_000))
    response.assertStatus(401)
    response.assertBody({ status: 401, message: ACCESS_CHECK_FAIL })
  })
})

test.group('auth / refresh', (group) => {
  setupFunctionalGroup(group)

  test('the refresh_token form field gives a new working pair', async ({ client, assert }) => {
    const { user, pair } = await signedInUser(client)

    const response = await rotate(client, pair.refresh_token)
    response.assertStatus(200)
    response.assertBodyContains({ status: 0 })
    const fresh = response.body().data
    assert.isString(fresh.token)
    assert.isString(fresh.refresh_token)
    assert.notEqual(fresh.token, pair.token)
    assert.notEqual(fresh.refresh_token, pair.refresh_token)
    assert.equal(response.cookie('refresh_token')?.value, fresh.refresh_token)

    const info = await client.get('/api/user/info').header('token', fresh.token)
    info.assertStatus(200)
    info.assertBodyContains({ status: 0, data: { user: { id: user.id } } })

    const rows = await RefreshToken.query().where('user_id', user.id).orderBy('id')
    assert.lengthOf(rows, 2)
    assert.equal(rows[0].familyId, rows[1].familyId)
    assert.isNotNull(rows[0].usedAt)
    assert.isNull(rows[1].usedAt)
  })

  test('the encrypted refresh_token cookie works without the field', async ({ client, assert }) => {
    const { pair } = await signedInUser(client)

    const response = await client
      .put('/api/refresh_token')
      .withEncryptedCookie('refresh_token', pair.refresh_token)
    response.assertStatus(200)
    response.assertBodyContains({ status: 0 })
    const fresh = response.body().data
    assert.isString(fresh.token)
    assert.notEqual(fresh.refresh_token, pair.refresh_token)

    const info = await client.get('/api/user/info').header('token', fresh.token)
    info.assertStatus(200)
  })

  test('a plain (unencrypted) cookie is not accepted', async ({ client }) => {
    const { pair } = await signedInUser(client)

    const response = await client
      .put('/api/refresh_token')
      .withPlainCookie('refresh_token', pair.refresh_token)
    response.assertStatus(200)
    response.assertBodyContains({ status: 0, data: null })
  })

  test('without any refresh token the answer is status 0 with data null', async ({ client }) => {
    const response = await client.put('/api/refresh_token')
    response.assertStatus(200)
    response.assertBody({
      status: 0,
      data: null,
      message: 'The session could not be renewed. Please sign in again.',
    })
  })

  test('an unknown refresh token answers data null and clears the cookie', async ({
    client,
    assert,
  }) => {
    const response = await rotate(client, 'mrt_garbage')
    response.assertStatus(200)
    response.assertBodyContains({ status: 0, data: null })
    assert.match(
      String(response.header('set-cookie')),
      /refresh_token=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i
    )
  })

  test('an access token is not accepted as a refresh token', async ({ client }) => {
    const { pair } = await signedInUser(client)
    const response = await rotate(client, pair.token)
    response.assertBodyContains({ status: 0, data: null })
  })

  test('an overlong refresh token answers 422, not a server error', async ({ client }) => {
    const response = await rotate(client, 'x'.repeat(500))
    response.assertStatus(422)
    response.assertBodyContains({ status: 422 })
  })

  test('an expired refresh token answers data null', async ({ client }) => {
    const { pair } = await signedInUser(client)
    const row = await RefreshToken.findByOrFail('hash', TokenService.hash(pair.refresh_token))
    row.expiresAt = DateTime.utc().minus({ minutes: 1 })
    await row.save()

    const response = await rotate(client, pair.refresh_token)
    response.assertBodyContains({ status: 0, data: null })
  })

  test('reuse after the grace window answers data null and revokes the whole family', async ({
    client,
    assert,
  }) => {
    const { user, pair: first } = await signedInUser(client)

    const rotation = await rotate(client, first.refresh_token)
    const second = rotation.body().data
    assert.isString(second.token)

    // the first refresh token was used more than 10 s ago
    const used = await RefreshToken.findByOrFail('hash', TokenService.hash(first.refresh_token))
    used.usedAt = DateTime.utc().minus({ seconds: 30 })
    await used.save()

    const reuse = await rotate(client, first.refresh_token)
    reuse.assertStatus(200)
    reuse.assertBodyContains({ status: 0, data: null })

    const info = await client.get('/api/user/info').header('token', second.token)
    info.assertStatus(401)
    info.assertBodyContains({ status: 401 })

    const again = await rotate(client, second.refresh_token)
    again.assertBodyContains({ status: 0, data: null })

    const alive = await RefreshToken.query()
      .where('family_id', used.familyId)
      .whereNull('revoked_at')
    assert.lengthOf(alive, 0)
    const audit = await db
      .from('audit_logs')
      .where('action', 'auth.refresh_reused')
      .where('user_id', user.id)
    assert.lengthOf(audit, 1)
  })

  test('reuse revokes only its own family, not other sessions of the user', async ({ client }) => {
    const { user, pair: stolen } = await signedInUser(client)
    const otherSession = await login(client, user)

    await rotate(client, stolen.refresh_token)
    const used = await RefreshToken.findByOrFail('hash', TokenService.hash(stolen.refresh_token))
    used.usedAt = DateTime.utc().minus({ seconds: 30 })
    await used.save()
    await rotate(client, stolen.refresh_token)

    const info = await client.get('/api/user/info').header('token', otherSession.token)
    info.assertStatus(200)
    const refreshed = await rotate(client, otherSession.refresh_token)
    refreshed.assertBodyContains({ status: 0 })
    refreshed.assertBodyNotContains({ data: null })
  })

  test('within the grace window a second use still returns a pair', async ({ client, assert }) => {
    const { pair } = await signedInUser(client)

    const firstUse = await rotate(client, pair.refresh_token)
    const secondUse = await rotate(client, pair.refresh_token)
    assert.isString(firstUse.body().data?.token)
    assert.isString(secondUse.body().data?.token)
    assert.notEqual(firstUse.body().data.token, secondUse.body().data.token)

    for (const data of [firstUse.body().data, secondUse.body().data]) {
      const info = await client.get('/api/user/info').header('token', data.token)
      info.assertStatus(200)
    }
  })

  test('a refresh for a user who was disabled answers data null', async ({ client }) => {
    const { user, pair } = await signedInUser(client)
    user.status = 'disabled'
    await user.save()

    const response = await rotate(client, pair.refresh_token)
    response.assertStatus(200)
    response.assertBodyContains({ status: 0, data: null })
  })

  test('the refresh message follows the language', async ({ client }) => {
    const response = await client
      .put('/api/refresh_token')
      .header('lang', 'jp')
      .form({ refresh_token: 'mrt_nothing' })
    response.assertBody({
      status: 0,
      data: null,
      message: 'セッションを更新できませんでした。もう一度ログインしてください。',
    })
  })
})

test.group('auth / logout', (group) => {
  setupFunctionalGroup(group)

  test('logout with the token revokes the family', async ({ client, assert }) => {
    const { pair } = await signedInUser(client)
    const rotation = await rotate(client, pair.refresh_token)
    const rotated = rotation.body().data

    const response = await client.post('/api/user/logout').header('token', rotated.token)
    response.assertStatus(200)
    response.assertBodyContains({ status: 0, data: null })
    assert.match(String(response.header('set-cookie')), /refresh_token=;/)

    for (const token of [pair.token, rotated.token]) {
      const info = await client.get('/api/user/info').header('token', token)
      info.assertStatus(401)
    }
    const refresh = await rotate(client, rotated.refresh_token)
    refresh.assertBodyContains({ status: 0, data: null })
  })

  test('logout leaves the other sessions of the user alone', async ({ client }) => {
    const { user, pair: laptop } = await signedInUser(client)
    const phone = await login(client, user)

    await client.post('/api/user/logout').header('token', laptop.token)

    const info = await client.get('/api/user/info').header('token', phone.token)
    info.assertStatus(200)
  })

  test('logout with Authorization: Bearer revokes the family too', async ({ client }) => {
    const { pair } = await signedInUser(client)

    const response = await client.post('/api/user/logout').bearerToken(pair.token)
    response.assertStatus(200)

    const info = await client.get('/api/user/info').header('token', pair.token)
    info.assertStatus(401)
    const refresh = await rotate(client, pair.refresh_token)
    refresh.assertBodyContains({ status: 0, data: null })
  })

  test('logout with an expired access token still revokes the refresh token', async ({
    client,
  }) => {
    const { pair } = await signedInUser(client)
    await setAccessTokenExpiry(pair.token, DateTime.utc().minus({ minutes: 5 }))

    const response = await client.post('/api/user/logout').header('token', pair.token)
    response.assertStatus(200)

    const refresh = await rotate(client, pair.refresh_token)
    refresh.assertBodyContains({ status: 0, data: null })
  })

  test('logout is recorded in the audit log with the user', async ({ client, assert }) => {
    const { user, pair } = await signedInUser(client)
    await client.post('/api/user/logout').header('token', pair.token)

    const rows = await db.from('audit_logs').where('action', 'auth.logout')
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].user_id, user.id)
  })

  test('logout without a token answers status 0', async ({ client }) => {
    const response = await client.post('/api/user/logout')
    response.assertStatus(200)
    response.assertBody({ status: 0, data: null })
  })

  test('logout with a garbage token answers status 0 and revokes nothing', async ({ client }) => {
    const { pair } = await signedInUser(client)
    const response = await client.post('/api/user/logout').header('token', 'garbage')
    response.assertStatus(200)
    const info = await client.get('/api/user/info').header('token', pair.token)
    info.assertStatus(200)
  })
})
