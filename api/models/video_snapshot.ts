import type { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Video from '#models/video'
import type { SnapshotSource } from '#shared/constants'
import { count, dayColumn } from '#models/mixins/columns'
import { withVideoCounters } from '#models/mixins/video_counters'

/** A video's counters on one day, where they came from and when they were read. */
export default class VideoSnapshot extends compose(BaseModel, withVideoCounters) {
  @column({ isPrimary: true, ...count })
  declare id: number

  @column(count)
  declare videoId: number

  @belongsTo(() => Video)
  declare video: BelongsTo<typeof Video>

  @column()
  declare creatorId: number

  /** YYYY-MM-DD */
  @column(dayColumn)
  declare snapshotDate: string

  @column()
  declare source: SnapshotSource

  @column()
  declare adapter: string

  @column.dateTime()
  declare collectedAt: DateTime
}
