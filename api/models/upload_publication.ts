import type { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import UploadTask from '#models/upload_task'
import CreatorPlatformAccount from '#models/creator_platform_account'
import { count } from '#models/mixins/columns'
import { withTimestamps } from '#models/mixins/timestamps'
import type { UploadCheckpoint } from '#platforms/upload/types'
import type { PublicationStatus, UploadPlatform } from '#shared/uploads'

/**
 * One platform's publication of an upload task: the ledger row the
 * publishing job leases, checkpoints and finishes (docs/uploads.md).
 */
export default class UploadPublication extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true, ...count })
  declare id: number

  @column(count)
  declare taskId: number

  @belongsTo(() => UploadTask, { foreignKey: 'taskId' })
  declare task: BelongsTo<typeof UploadTask>

  @column()
  declare platform: UploadPlatform

  @column()
  declare accountId: number | null

  @belongsTo(() => CreatorPlatformAccount, { foreignKey: 'accountId' })
  declare account: BelongsTo<typeof CreatorPlatformAccount>

  @column()
  declare status: PublicationStatus

  @column()
  declare attempts: number

  @column.dateTime()
  declare nextAttemptAt: DateTime

  @column()
  declare leaseOwner: string | null

  @column.dateTime()
  declare leaseExpiresAt: DateTime | null

  @column.dateTime()
  declare heartbeatAt: DateTime | null

  @column({
    prepare: (value: UploadCheckpoint | null) => (value ? JSON.stringify(value) : null),
    consume: (value: string | UploadCheckpoint | null) =>
      typeof value === 'string' ? JSON.parse(value) : (value ?? null),
  })
  declare checkpoint: UploadCheckpoint | null

  @column.dateTime()
  declare submittedAt: DateTime | null

  @column(count)
  declare sentBytes: number

  @column(count)
  declare totalBytes: number

  @column.dateTime()
  declare platformScheduledAt: DateTime | null

  @column()
  declare platformVideoId: string | null

  @column()
  declare url: string | null

  @column({ consume: (value: unknown) => Boolean(value) })
  declare scheduled: boolean

  @column()
  declare videoId: number | null

  @column()
  declare errorCode: string | null

  @column()
  declare errorMessage: string | null

  @column.dateTime()
  declare startedAt: DateTime | null

  @column.dateTime()
  declare finishedAt: DateTime | null
}
