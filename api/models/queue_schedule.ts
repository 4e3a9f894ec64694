import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withTimestamps } from '#models/mixins/timestamps'

export default class QueueSchedule extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare key: string

  @column()
  declare jobName: string

  @column()
  declare cron: string

  @column()
  declare timezone: string

  @column.dateTime()
  declare nextRunAt: DateTime

  @column.dateTime()
  declare lastRunAt: DateTime | null
}
