import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { PlatformKey } from '#shared/constants'
import { announcesChanges } from '#models/mixins/announces_changes'

/** What a creator charges per platform and format (money as DECIMAL, read as a string). */
export default class CreatorAdPrice extends compose(
  BaseModel,
  announcesChanges('creator:changed')
) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare creatorId: number

  @column()
  declare platform: PlatformKey

  @column()
  declare format: string

  /** DECIMAL(14,2) kept as a string so no float ever touches money. */
  @column({ consume: (value: string | number) => String(value) })
  declare price: string

  @column()
  declare currency: string

  @column()
  declare note: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
