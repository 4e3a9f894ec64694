import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { count, dayColumn } from '#models/mixins/columns'

/** An outside creator's figures of one day (the day's last crawl). */
export default class OutsideCreatorSnapshot extends BaseModel {
  @column({ isPrimary: true, ...count })
  declare id: number

  @column()
  declare outsideCreatorId: number

  /** YYYY-MM-DD in the studio's time zone. */
  @column(dayColumn)
  declare snapshotDate: string

  @column(count) declare fans: number
  @column(count) declare views: number
  @column(count) declare likes: number
  @column(count) declare comments: number
  @column(count) declare shares: number
  @column(count) declare videos: number

  @column()
  declare adapter: string

  @column.dateTime()
  declare collectedAt: DateTime
}
