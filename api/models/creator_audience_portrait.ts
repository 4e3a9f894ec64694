import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A share of a creator's fans or non-fans in one bucket of one dimension (sex, age …). */
export default class CreatorAudiencePortrait extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare creatorId: number

  @column()
  declare platform: string

  @column()
  declare audience: 'fans' | 'non_fans'

  @column()
  declare dimension: string

  @column()
  declare bucket: string

  @column({ consume: (value: string | number) => Number(value) })
  declare share: number

  @column.date()
  declare capturedOn: DateTime
}
