import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withTimestamps } from '#models/mixins/timestamps'

type QueueJobStatus = 'pending' | 'running' | 'completed' | 'failed'

/** A job of the in-process driver; the row is the ledger and survives restarts. */
export default class QueueJob extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare queue: string

  @column()
  declare name: string

  @column({
    prepare: (value: unknown) => JSON.stringify(value ?? null),
    consume: (value: string) => JSON.parse(value),
  })
  declare payload: unknown

  @column()
  declare status: QueueJobStatus

  @column()
  declare attempts: number

  @column()
  declare maxAttempts: number

  @column.dateTime()
  declare runAt: DateTime

  @column.dateTime()
  declare lockedAt: DateTime | null

  @column()
  declare lastError: string | null

  @column.dateTime()
  declare finishedAt: DateTime | null
}
