import { createHash } from 'node:crypto'
import type { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import type { OAuthPlatform } from '#shared/oauth'
import { withTimestamps } from '#models/mixins/timestamps'
import { withCreator } from '#models/mixins/columns'

/**
 * A connect started from a creator's edit tab, waiting for the platform's
 * callback (OAuthConnectService): the state's hash (the state itself is
 * only in the authorise URL), who and what it is bound to, its life and
 * its single use.
 */
export default class PlatformOauthConnect extends compose(BaseModel, withCreator, withTimestamps) {
  static table = 'platform_oauth_connects'

  /** The stored form of a state value. */
  static hashOf(state: string) {
    return createHash('sha256').update(state).digest('hex')
  }

  @column({ isPrimary: true })
  declare id: number

  @column({ serializeAs: null })
  declare stateHash: string

  @column()
  declare platform: OAuthPlatform

  @column()
  declare accountId: number | null

  @column()
  declare userId: number

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @column()
  declare redirectUri: string

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare usedAt: DateTime | null

  @column()
  declare outcome: string | null
}
