import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { column, type BaseModel } from '@adonisjs/lucid/orm'

/** A row a person enters (an exchange rate, a rate set, a correction): its id and who entered it. */
export function withEntry<Model extends NormalizeConstructor<typeof BaseModel>>(superclass: Model) {
  class WithEntry extends superclass {
    @column({ isPrimary: true })
    declare id: number

    /** The user who entered the row (null when they are gone or a command wrote it). */
    @column()
    declare createdBy: number | null
  }
  return WithEntry
}
