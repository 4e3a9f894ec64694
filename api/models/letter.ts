import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import { withCreatedAt } from '#models/mixins/timestamps'

export default class Letter extends compose(BaseModel, withCreatedAt) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare senderId: number

  @belongsTo(() => User, { foreignKey: 'senderId' })
  declare sender: BelongsTo<typeof User>

  @column()
  declare recipientId: number

  @belongsTo(() => User, { foreignKey: 'recipientId' })
  declare recipient: BelongsTo<typeof User>

  @column()
  declare replyToId: number | null

  @column()
  declare subject: string

  @column()
  declare body: string

  @column.dateTime()
  declare readAt: DateTime | null

  @column.dateTime()
  declare senderDeletedAt: DateTime | null

  @column.dateTime()
  declare recipientDeletedAt: DateTime | null

  /** The letters `user` sent or received and has not deleted on their side. */
  static visibleTo = scope((query, user: Pick<User, 'id'>) => {
    query.where((mine) => {
      mine
        .where((received) =>
          received.where('recipient_id', user.id).whereNull('recipient_deleted_at')
        )
        .orWhere((sent) => sent.where('sender_id', user.id).whereNull('sender_deleted_at'))
    })
  })

  /** `user`'s inbox (received) or sent box, without what they deleted. */
  static inBox = scope((query, user: Pick<User, 'id'>, box: 'inbox' | 'sent') => {
    if (box === 'inbox') query.where('recipient_id', user.id).whereNull('recipient_deleted_at')
    else query.where('sender_id', user.id).whereNull('sender_deleted_at')
  })
}
