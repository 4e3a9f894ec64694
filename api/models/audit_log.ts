import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withCreatedAt } from '#models/mixins/timestamps'
import { withAuthor } from '#models/mixins/columns'

export default class AuditLog extends compose(BaseModel, withAuthor, withCreatedAt) {
  @column({ isPrimary: true })
  declare id: number

  /** What happened, as `area.verb`, for example `auth.login` or `ip.add`. */
  @column()
  declare action: string

  @column()
  declare subjectType: string | null

  @column()
  declare subjectId: string | null

  @column()
  declare ip: string | null

  @column({
    prepare: (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : null),
    consume: (value: string | null) => (value ? JSON.parse(value) : null),
  })
  declare meta: Record<string, unknown> | null
}
