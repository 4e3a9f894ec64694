import factory from '@adonisjs/lucid/factories'
import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import AccessToken from '#models/access_token'
import RefreshToken from '#models/refresh_token'
import { UserFactory } from '#database/factories/user_factory'

/**
 * The SHA-256 of a random token, as the studio stores tokens. Nobody knows
 * the plain value: a test that signs in with a token issues one through the
 * login or TokenService instead.
 */
const randomHash = () => createHash('sha256').update(randomBytes(32)).digest('hex')

/** A live access token (15 minutes left) of a new family; `apply('expired')` ended a minute ago. */
export const AccessTokenFactory = factory
  .define(AccessToken, ({ faker }) => ({
    familyId: faker.string.uuid(),
    hash: randomHash(),
    expiresAt: DateTime.utc().plus({ minutes: 15 }),
    lastUsedAt: null,
  }))
  .state('expired', (token) => {
    token.expiresAt = DateTime.utc().minus({ minutes: 1 })
  })
  .relation('user', () => UserFactory)
  .build()

/**
 * A refresh token with 14 days left, never used; merge `userId` (and the
 * `familyId` of its access token). States: used a minute ago, revoked, expired.
 */
export const RefreshTokenFactory = factory
  .define(RefreshToken, ({ faker }) => ({
    familyId: faker.string.uuid(),
    hash: randomHash(),
    expiresAt: DateTime.utc().plus({ days: 14 }),
    usedAt: null,
    revokedAt: null,
    ip: '127.0.0.1',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
  }))
  .state('used', (token) => {
    token.usedAt ??= DateTime.utc().minus({ minutes: 1 })
  })
  .state('revoked', (token) => {
    token.revokedAt ??= DateTime.utc().minus({ minutes: 1 })
  })
  .state('expired', (token) => {
    token.expiresAt = DateTime.utc().minus({ minutes: 1 })
  })
  .build()
