import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class BoardAttachment extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare postId: number | null

  @column()
  declare uploadedBy: number | null

  @column({ serializeAs: null })
  declare fileKey: string

  @column()
  declare name: string

  @column()
  declare mime: string

  @column()
  declare size: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
