import type { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column, hasMany, scope } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import type User from '#models/user'
import UploadPublication from '#models/upload_publication'
import { count, withAuthor, withCreator } from '#models/mixins/columns'
import { withTimestamps } from '#models/mixins/timestamps'
import type { UploadTaskStatus } from '#shared/uploads'
import { isAgencySide } from '#shared/roles'

/** The form's values as submitted (stored as JSON). */
type UploadForm = Record<string, unknown>

/**
 * One upload of the station: a creator's video and thumbnail (Drive keys),
 * the form as submitted, and one publication per chosen platform.
 */
export default class UploadTask extends compose(
  BaseModel,
  withCreator,
  withAuthor,
  withTimestamps
) {
  @column({ isPrimary: true, ...count })
  declare id: number

  @column()
  declare title: string

  @column({
    prepare: (value: UploadForm) => JSON.stringify(value ?? {}),
    consume: (value: string | UploadForm | null) =>
      typeof value === 'string' ? JSON.parse(value) : (value ?? {}),
  })
  declare form: UploadForm

  @column()
  declare videoKey: string

  @column(count)
  declare videoSize: number

  @column()
  declare videoMime: string

  @column()
  declare videoDurationS: number | null

  @column()
  declare thumbnailKey: string

  @column(count)
  declare thumbnailSize: number

  @column()
  declare thumbnailMime: string

  @column.dateTime()
  declare scheduledAt: DateTime | null

  /** The station's key of the submission (a repeated submission finds this task). */
  @column()
  declare requestKey: string | null

  @column()
  declare status: UploadTaskStatus

  @column.dateTime()
  declare finishedAt: DateTime | null

  @hasMany(() => UploadPublication, { foreignKey: 'taskId' })
  declare publications: HasMany<typeof UploadPublication>

  /** The agency sees every task; a creator account its own creators' tasks; companies none. */
  static visibleTo = scope((query, user: Pick<User, 'id' | 'role'>) => {
    if (isAgencySide(user)) return
    if (user.role === 'creator') {
      query.whereIn('upload_tasks.creator_id', (sub) =>
        sub.from('creators').where('creators.user_id', user.id).select('creators.id')
      )
    } else query.whereRaw('1 = 0')
  })
}
