import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withTimestamps } from '#models/mixins/timestamps'
import { count, dayColumn } from '#models/mixins/columns'
import type { DataExportField, DataExportGranularity, LabsJobStatus } from '#shared/labs_downloads'

const jsonList = <T>() => ({
  prepare: (value: T[]) => JSON.stringify(value ?? []),
  consume: (value: string | null): T[] => (value ? JSON.parse(value) : []),
})

/** One Labs data download: the row is the ledger its job reports progress into. */
export default class LabsDataExport extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare status: LabsJobStatus

  @column()
  declare granularity: DataExportGranularity

  /** YYYY-MM-DD, the first day of the first period. */
  @column(dayColumn)
  declare startDate: string

  /** YYYY-MM-DD, the last day of the last period. */
  @column(dayColumn)
  declare endDate: string

  @column(jsonList<number>())
  declare creatorIds: number[]

  @column(jsonList<DataExportField>())
  declare fields: DataExportField[]

  /** The language of the workbook's titles (the requester's). */
  @column()
  declare locale: string

  /** Creators to write, and written so far. */
  @column(count)
  declare total: number

  @column(count)
  declare processed: number

  /** Data rows in the workbook. */
  @column(count)
  declare rows: number

  @column({ serializeAs: null })
  declare filePath: string | null

  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare fileBytes: number | null

  @column()
  declare error: string | null

  @column({ serializeAs: null })
  declare leaseOwner: string | null

  @column.dateTime({ serializeAs: null })
  declare heartbeatAt: DateTime | null

  @column.dateTime()
  declare finishedAt: DateTime | null
}
