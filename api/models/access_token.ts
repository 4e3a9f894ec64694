import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import { withCreatedAt } from '#models/mixins/timestamps'
import { withTokenColumns } from '#models/mixins/columns'

export default class AccessToken extends compose(BaseModel, withTokenColumns, withCreatedAt) {
  @column({ isPrimary: true })
  declare id: number

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @column.dateTime()
  declare lastUsedAt: DateTime | null
}
