import type { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { PlatformKey } from '#shared/constants'
import { withTimestamps } from '#models/mixins/timestamps'

/**
 * A platform's brake (api/services/platform_breaker): consecutive trips,
 * the answer that tripped it and until when jobs leave the platform alone.
 */
export default class PlatformPause extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare platform: PlatformKey

  /** Trips in a row; 0 once the platform answered normally again. */
  @column({ consume: (value: unknown) => Number(value ?? 0) })
  declare trips: number

  /** 'rate_limited' or 'quota_exceeded'. */
  @column()
  declare code: string | null

  @column()
  declare upstreamCode: string | null

  @column()
  declare message: string | null

  @column.dateTime()
  declare openedAt: DateTime | null

  @column.dateTime()
  declare pausedUntil: DateTime | null

  @column()
  declare runId: number | null
}
