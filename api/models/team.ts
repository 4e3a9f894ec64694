import { DateTime } from 'luxon'
import { BaseModel, column, manyToMany } from '@adonisjs/lucid/orm'
import type { ManyToMany } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import type { TeamKey } from '#shared/constants'

export default class Team extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  /** Stable key; the admin shows the translated label `enum.team.<key>`. */
  @column()
  declare key: TeamKey

  @column()
  declare name: string

  @column()
  declare sortOrder: number

  @manyToMany(() => User, {
    pivotTable: 'team_memberships',
    pivotColumns: ['is_manager'],
    pivotTimestamps: true,
  })
  declare members: ManyToMany<typeof User>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
