import type { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import CreatorPlatformAccount from '#models/creator_platform_account'
import OutsideCreator from '#models/outside_creator'
import OutsideVideo from '#models/outside_video'
import User from '#models/user'
import Video from '#models/video'
import type { PlatformKey } from '#shared/constants'
import type { ConnectKind, ConnectState } from '#shared/connect_data'
import { count, dayColumn, withAuthor, withCreator } from '#models/mixins/columns'
import { withTimestamps } from '#models/mixins/timestamps'

const nullableId = { consume: (value: unknown) => (value === null ? null : Number(value)) }
const flag = { consume: (value: unknown) => Boolean(value) }

/**
 * One data connect (issue 29): an outside creator's days moved onto a
 * managed creator's platform account, or an outside video's onto a managed
 * video. `user` connected it; the rows it wrote carry its id. Pending until
 * confirmed (final) or reverted (its rows deleted, the link cleared).
 */
export default class OutsideConnect extends compose(
  BaseModel,
  withAuthor,
  withCreator,
  withTimestamps
) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare kind: ConnectKind

  @column()
  declare state: ConnectState

  /** 'creator:<id>' / 'video:<id>' while pending or confirmed (unique), null once reverted. */
  @column()
  declare activeKey: string | null

  @column()
  declare outsideCreatorId: number | null

  @belongsTo(() => OutsideCreator)
  declare outsideCreator: BelongsTo<typeof OutsideCreator>

  @column(nullableId)
  declare outsideVideoId: number | null

  @belongsTo(() => OutsideVideo)
  declare outsideVideo: BelongsTo<typeof OutsideVideo>

  @column()
  declare platform: PlatformKey

  @column()
  declare accountId: number | null

  @belongsTo(() => CreatorPlatformAccount, { foreignKey: 'accountId' })
  declare account: BelongsTo<typeof CreatorPlatformAccount>

  @column(nullableId)
  declare videoId: number | null

  @belongsTo(() => Video)
  declare video: BelongsTo<typeof Video>

  /** The connect made the managed creator ("new creator") / the platform account. */
  @column(flag) declare createdCreator: boolean
  @column(flag) declare createdAccount: boolean

  /** The account's fans before the connect (restored by a revert that leaves it no day). */
  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare accountFansBefore: number | null

  /** Days written onto the managed side / days kept because the managed side held them. */
  @column(count) declare rowsMoved: number
  @column(count) declare rowsKept: number

  @column(dayColumn) declare firstDay: string | null
  @column(dayColumn) declare lastDay: string | null

  @column()
  declare confirmedBy: number | null

  @belongsTo(() => User, { foreignKey: 'confirmedBy' })
  declare confirmer: BelongsTo<typeof User>

  @column.dateTime()
  declare confirmedAt: DateTime | null

  @column()
  declare revertedBy: number | null

  @belongsTo(() => User, { foreignKey: 'revertedBy' })
  declare reverter: BelongsTo<typeof User>

  @column.dateTime()
  declare revertedAt: DateTime | null
}
