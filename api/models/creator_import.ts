import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withTimestamps } from '#models/mixins/timestamps'

export interface ImportError {
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

  @column({
    prepare: (value: ImportError[] | null) => (value ? JSON.stringify(value) : null),
    consume: (value: string | null) => (value ? JSON.parse(value) : []),
  })
  declare errors: ImportError[]

  @column.dateTime()
  declare finishedAt: DateTime | null
}
