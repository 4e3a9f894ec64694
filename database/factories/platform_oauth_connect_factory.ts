import { randomBytes } from 'node:crypto'
import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import PlatformOauthConnect from '#models/platform_oauth_connect'
import { CONNECT_STATE_MINUTES } from '#shared/oauth'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'

/**
 * A pending Douyin connect (fresh, unused) for a state of its own; merge
 * `stateHash: PlatformOauthConnect.hashOf(state)` to know the state.
 * Relations: creator, user. States: `expired` (its life passed a minute
 * ago), `used` (its one callback taken).
 */
export const PlatformOauthConnectFactory = factory
  .define(PlatformOauthConnect, () => ({
    stateHash: PlatformOauthConnect.hashOf(randomBytes(32).toString('base64url')),
    platform: 'douyin' as const,
    accountId: null,
    redirectUri: 'http://localhost:3333/api/oauth/douyin/callback',
    expiresAt: DateTime.utc().plus({ minutes: CONNECT_STATE_MINUTES }),
    usedAt: null,
    outcome: null,
  }))
  .state('expired', (connect) => {
    connect.expiresAt = DateTime.utc().minus({ minutes: 1 })
  })
  .state('used', (connect) => {
    connect.usedAt = DateTime.utc().minus({ minutes: 1 })
    connect.outcome = 'connected'
  })
  .relation('creator', () => CreatorFactory)
  .relation('user', () => UserFactory)
  .build()
