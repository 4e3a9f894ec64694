import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, beforeSave, column, manyToMany, scope } from '@adonisjs/lucid/orm'
import type { ManyToMany } from '@adonisjs/lucid/types/relations'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import Team from '#models/team'
import type { AccountType, Locale, Role, UserStatus } from '#shared/constants'
import { announcesChanges } from '#models/mixins/announces_changes'
import { withTimestamps } from '#models/mixins/timestamps'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

export default class User extends compose(
  BaseModel,
  AuthFinder,
  announcesChanges('user:changed'),
  withTimestamps
) {
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

  get isActive() {
    return this.status === 'active'
  }

  @beforeSave()
  static normaliseEmail(user: User) {
    if (user.$dirty.email) {
      user.email = user.email.trim().toLowerCase()
    }
  }

  static active = scope((query) => {
    query.where('status', 'active')
  })
}
