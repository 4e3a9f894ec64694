import type { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { count } from '#models/mixins/columns'
import { withVideoCounters } from '#models/mixins/video_counters'

/** An outside video's counters at one crawl, with its age then (the growth windows read these). */
export default class OutsideVideoPoint extends compose(BaseModel, withVideoCounters) {
  @column({ isPrimary: true, ...count })
  declare id: number

  @column(count)
  declare outsideVideoId: number

  @column.dateTime()
  declare takenAt: DateTime

  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare ageHours: number | null
}
