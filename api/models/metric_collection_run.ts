import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { CollectionStatus, CollectionTrigger, PlatformKey } from '#shared/constants'
import { withTimestamps } from '#models/mixins/timestamps'
import type { RunPause } from '#shared/metrics'

export type { RunPause }

const day = {
  consume: (value: unknown) =>
    value instanceof Date
      ? DateTime.fromJSDate(value, { zone: 'utc' }).toISODate()!
      : String(value).slice(0, 10),
}

export interface CollectionFailure {
  account_id: number
  creator_id: number
  platform: PlatformKey
  code: string
  message: string
}

const json = <T>() => ({
  prepare: (value: T | null) =>
    value === null || value === undefined ? null : JSON.stringify(value),
  consume: (value: string | null): T | null => (value ? (JSON.parse(value) as T) : null),
})

/**
 * One collection run (the daily 13:00 job, a dashboard resync, the CLI or a
 * backfill): its scope, progress counters, failures and duration.
 */
export default class MetricCollectionRun extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  /** The day whose values the run collects (YYYY-MM-DD). */
  @column(day)
  declare snapshotDate: string

  @column()
  declare platform: PlatformKey | null

  @column(json<number[]>())
  declare creatorIds: number[] | null

  @column()
  declare trigger: CollectionTrigger

  @column()
  declare status: CollectionStatus

  @column() declare total: number
  @column() declare processed: number
  @column() declare succeeded: number
  @column() declare failed: number
  @column() declare skipped: number
  /** Accounts not asked because their platform was paused: retried later, not failed. */
  @column() declare deferred: number
  /** Accounts collected whose videos could not be written (the run still finishes). */
  @column() declare videosFailed: number

  /** The platforms paused during the run (api/services/platform_breaker). */
  @column(json<RunPause[]>())
  declare paused: RunPause[] | null

  @column()
  declare durationMs: number | null

  /** At most the first 200 failures, for the run's detail. */
  @column(json<CollectionFailure[]>())
  declare failures: CollectionFailure[] | null

  @column()
  declare error: string | null

  @column()
  declare requestedBy: number | null

  @column.dateTime()
  declare startedAt: DateTime | null

  @column.dateTime()
  declare finishedAt: DateTime | null
}
