import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** Studio-wide settings by key (for example the hashed contract termination code). */
export default class StudioSetting extends BaseModel {
  static table = 'studio_settings'
  /** The key is the primary key: Lucid must not overwrite it with an insert id. */
  static selfAssignPrimaryKey = true

  @column({ isPrimary: true })
  declare key: string

  @column({ serializeAs: null })
  declare value: string | null

  @column()
  declare updatedBy: number | null

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
