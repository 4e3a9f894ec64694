import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { count } from '#models/mixins/columns'
import { withDayReading, withVideo } from '#models/mixins/readings'
import { withVideoCounters } from '#models/mixins/video_counters'

/** A video's counters on one day, where they came from and when they were read. */
export default class VideoSnapshot extends compose(
  BaseModel,
  withVideo,
  withDayReading,
  withVideoCounters
) {
  @column({ isPrimary: true, ...count })
  declare id: number
}
