import type { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import { withCreator } from '#models/mixins/columns'
import { withTimestamps } from '#models/mixins/timestamps'
import type { Locale } from '#shared/constants'
import type { DocumentKind, DocumentStatus, InfoTab } from '#shared/documents'
import { isAgencySide } from '#shared/roles'

/** A document issued for a creator (api/services/documents). */
export default class IssuedDocument extends compose(BaseModel, withCreator, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare number: string

  @column()
  declare kind: DocumentKind

  @column()
  declare year: number

  @column()
  declare sequence: number

  @column()
  declare lang: Locale

  @column()
  declare title: string

  @column()
  declare month: string | null

  @column({
    prepare: (value: InfoTab[]) => JSON.stringify(value),
    consume: (value: string | InfoTab[]) => (typeof value === 'string' ? JSON.parse(value) : value),
  })
  declare tabs: InfoTab[]

  @column()
  declare note: string | null

  @column({ serializeAs: null })
  declare fileKey: string

  @column()
  declare fileSize: number

  @column()
  declare status: DocumentStatus

  @column({ serializeAs: null })
  declare linkTokenHash: string | null

  @column({ serializeAs: null })
  declare linkTokenEncrypted: string | null

  /** Who made the current public link, and when (null without a link). */
  @column()
  declare linkCreatedBy: number | null

  @belongsTo(() => User, { foreignKey: 'linkCreatedBy' })
  declare linkCreator: BelongsTo<typeof User>

  @column.dateTime()
  declare linkCreatedAt: DateTime | null

  @column()
  declare replacesId: number | null

  @column()
  declare replacedById: number | null

  @column()
  declare issuedBy: number | null

  @belongsTo(() => User, { foreignKey: 'issuedBy' })
  declare issuer: BelongsTo<typeof User>

  @column()
  declare revokedBy: number | null

  @column.dateTime()
  declare revokedAt: DateTime | null

  /**
   * The documents `user` may see: the agency's every one; a creator
   * account's own creator's; nobody else's.
   */
  static visibleTo = scope((query, user: Pick<User, 'id' | 'role'>) => {
    if (isAgencySide(user)) return
    if (user.role !== 'creator') {
      query.whereRaw('1 = 0')
      return
    }
    query.whereIn('creator_id', (owned) =>
      owned.from('creators').select('id').where('user_id', user.id)
    )
  })
}
