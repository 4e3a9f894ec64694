import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'

export default class Letter extends BaseModel {
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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
