import type { DateTime } from 'luxon'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { column, type BaseModel } from '@adonisjs/lucid/orm'

/** `created_at`, set when the row is created. */
export function withCreatedAt<Model extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Model
) {
  class WithCreatedAt extends superclass {
    @column.dateTime({ autoCreate: true })
    declare createdAt: DateTime
  }
  return WithCreatedAt
}

/** `created_at` and `updated_at`, kept by Lucid on every save. */
export function withTimestamps<Model extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Model
) {
  class WithTimestamps extends withCreatedAt(superclass) {
    @column.dateTime({ autoCreate: true, autoUpdate: true })
    declare updatedAt: DateTime
  }
  return WithTimestamps
}
