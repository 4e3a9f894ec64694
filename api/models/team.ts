import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column, manyToMany } from '@adonisjs/lucid/orm'
import type { ManyToMany } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import type { TeamKey } from '#shared/constants'
import { withTimestamps } from '#models/mixins/timestamps'

export default class Team extends compose(BaseModel, withTimestamps) {
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
}
