import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column, hasMany, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import BoardAttachment from '#models/board_attachment'
import type { BoardCategory, BoardStatus } from '#shared/board'
import { isAgencySide } from '#shared/roles'
import { withTimestamps } from '#models/mixins/timestamps'

export default class BoardPost extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare category: BoardCategory

  @column()
  declare title: string

  /** Sanitised on the way in (BoardSanitizer); never stored as typed. */
  @column()
  declare contentHtml: string

  @column()
  declare contentText: string

  @column({ serializeAs: null })
  declare searchTerms: string

  @column()
  declare status: BoardStatus

  @column({ consume: (value) => Boolean(value) })
  declare pinned: boolean

  @column()
  declare views: number

  @column()
  declare authorId: number | null

  @belongsTo(() => User, { foreignKey: 'authorId' })
  declare author: BelongsTo<typeof User>

  @hasMany(() => BoardAttachment, { foreignKey: 'postId' })
  declare attachments: HasMany<typeof BoardAttachment>

  @column.dateTime()
  declare publishedAt: DateTime | null

  /**
   * The posts `user` may read: published ones and their own drafts, in every
   * category for the agency, notices only for creators and companies.
   */
  static visibleTo = scope((query, user: Pick<User, 'id' | 'role'>) => {
    query.where((readable) => readable.where('status', 'published').orWhere('author_id', user.id))
    if (!isAgencySide(user)) query.where('category', 'notice')
  })
}
