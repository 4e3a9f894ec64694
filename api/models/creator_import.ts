import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withTimestamps } from '#models/mixins/timestamps'
import type { StoredTitleWarning } from '#support/workbook_warnings'

interface ImportError {
  row: number
  column: string
  message: string
}

/** One Excel import: the row is the ledger its job reports progress into. */
export default class CreatorImport extends compose(BaseModel, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number | null

  @column()
  declare fileName: string

  @column({ serializeAs: null })
  declare filePath: string

  @column()
  declare status: 'pending' | 'running' | 'completed' | 'failed'

  @column()
  declare totalRows: number

  @column()
  declare processedRows: number

  @column()
  declare createdCount: number

  @column()
  declare updatedCount: number

  @column()
  declare unchangedCount: number

  @column({
    prepare: (value: ImportError[] | null) => (value ? JSON.stringify(value) : null),
    consume: (value: string | null) => (value ? JSON.parse(value) : []),
  })
  declare errors: ImportError[]

  /** Titles read as another column's, or not read (workbook_header.ts). */
  @column({
    prepare: (value: StoredTitleWarning[] | null) => (value ? JSON.stringify(value) : null),
    consume: (value: string | null) => (value ? JSON.parse(value) : []),
  })
  declare warnings: StoredTitleWarning[]

  @column.dateTime()
  declare finishedAt: DateTime | null
}
