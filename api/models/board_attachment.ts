import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withCreatedAt } from '#models/mixins/timestamps'

export default class BoardAttachment extends compose(BaseModel, withCreatedAt) {
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
}
