import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import {
  afterDelete,
  afterSave,
  BaseModel,
  beforeSave,
  column,
  manyToMany,
  scope,
} from '@adonisjs/lucid/orm'
import type { ManyToMany } from '@adonisjs/lucid/types/relations'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import Team from '#models/team'
import accessTokenCache from '#auth/access_token_cache'
import type { AccountType, Locale, Role, UserStatus } from '#shared/constants'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

export default class User extends compose(BaseModel, AuthFinder) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare email: string

  @column({ serializeAs: null })
  declare password: string

  @column()
  declare name: string

  @column()
  declare phone: string | null

  @column()
  declare accountType: AccountType

  @column()
  declare role: Role

  @column()
  declare status: UserStatus

  @column()
  declare locale: Locale

  @column()
  declare sex: string | null

  @column()
  declare companyName: string | null

  @column()
  declare channelName: string | null

  @column({ serializeAs: null })
  declare avatarPath: string | null

  /** Hash of the personal security code that reveals private data and confirms creator edits. */
  @column({ serializeAs: null })
  declare securityCodeHash: string | null

  @column({ serializeAs: null })
  declare approvedBy: number | null

  @column.dateTime()
  declare approvedAt: DateTime | null

  @column()
  declare rejectedReason: string | null

  @column.dateTime()
  declare lastLoginAt: DateTime | null

  @column({ serializeAs: null })
  declare lastLoginIp: string | null

  @manyToMany(() => Team, {
    pivotTable: 'team_memberships',
    pivotColumns: ['is_manager'],
    pivotTimestamps: true,
  })
  declare teams: ManyToMany<typeof Team>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  get isActive() {
    return this.status === 'active'
  }

  @beforeSave()
  static normaliseEmail(user: User) {
    if (user.$dirty.email) {
      user.email = user.email.trim().toLowerCase()
    }
  }

  /**
   * A changed or removed account (status, role, password …) is looked up
   * afresh on its next request: its verified tokens leave this process's
   * cache at once, and again after the surrounding transaction commits.
   */
  @afterSave()
  @afterDelete()
  static forgetCachedTokens(user: User) {
    accessTokenCache.evictUser(user.id)
    user.$trx?.after('commit', () => accessTokenCache.evictUser(user.id))
  }

  static active = scope((query) => {
    query.where('status', 'active')
  })
}
