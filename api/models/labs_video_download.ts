import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import { withTimestamps } from '#models/mixins/timestamps'
import { count } from '#models/mixins/columns'
import type { LabsJobStatus, VideoDownloadError } from '#shared/labs_downloads'

/**
 * One YouTube video download of Labs: the row is the ledger its job reports
 * into. `activeKey` is the video id while queued or running (unique), null
 * once it ended, so one download per video is in hand at a time.
 */
export default class LabsVideoDownload extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @column()
  declare videoId: string

  @column({ serializeAs: null })
  declare activeKey: string | null

  /** The link as pasted. */
  @column()
  declare link: string

  @column()
  declare status: LabsJobStatus

  /** Per mille, as the downloader last printed it. */
  @column(count)
  declare progress: number

  /** Bytes on disk. */
  @column(count)
  declare bytes: number

  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare totalBytes: number | null

  @column({ serializeAs: null })
  declare filePath: string | null

  @column()
  declare fileName: string | null

  @column()
  declare error: VideoDownloadError | null

  /** The downloader's own last words (its ERROR line), kept for staff who look further. */
  @column()
  declare errorDetail: string | null

  @column({ serializeAs: null })
  declare leaseOwner: string | null

  @column.dateTime({ serializeAs: null })
  declare heartbeatAt: DateTime | null

  @column.dateTime()
  declare startedAt: DateTime | null

  @column.dateTime()
  declare finishedAt: DateTime | null
}
