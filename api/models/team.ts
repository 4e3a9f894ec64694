import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column, manyToMany, scope } from '@adonisjs/lucid/orm'
import type { ManyToMany } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import type { TeamKey } from '#shared/constants'
import { withTimestamps } from '#models/mixins/timestamps'
import { seesMoney } from '#shared/roles'

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

  /**
   * The teams `user`'s reports cover: every team for admins and finance;
   * the teams a manager manages; the teams a staff member belongs to;
   * none for creators and companies.
   */
  static coveredByReportsOf = scope((query, user: Pick<User, 'id' | 'role'>) => {
    if (seesMoney(user)) return
    if (user.role !== 'manager' && user.role !== 'staff') {
      query.whereRaw('1 = 0')
      return
    }
    query.whereIn('teams.id', (memberships) => {
      memberships.from('team_memberships').select('team_id').where('user_id', user.id)
      if (user.role === 'manager') memberships.where('is_manager', true)
    })
  })
}
