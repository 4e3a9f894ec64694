import { column } from '@adonisjs/lucid/orm'
import type { PlatformKey } from '#shared/constants'
import { CreatorRecord } from '#models/mixins/creator_record'

/** What a creator charges per platform and format (money as DECIMAL, read as a string). */
export default class CreatorAdPrice extends CreatorRecord {
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
}
