import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { CrawlRunStatus, CrawlTrigger } from '#shared/outside'
import { count } from '#models/mixins/columns'

/** Nullable counter column (BIGINT read back as text on some drivers). */
const maybeCount = {
  consume: (value: unknown) => (value === null || value === undefined ? null : Number(value)),
}

/**
 * One crawl of an outside creator or of a video tracked by link: why it ran
 * (its slot and trigger), how long it took, what it read and, when it
 * failed or was deferred, the code and the reason.
 */
export default class OutsideCrawlRun extends BaseModel {
  @column({ isPrimary: true, ...count })
  declare id: number

  @column()
  declare outsideCreatorId: number | null

  @column({ consume: maybeCount.consume })
  declare outsideVideoId: number | null

  @column()
  declare trigger: CrawlTrigger

  @column.dateTime()
  declare slotAt: DateTime | null

  @column()
  declare status: CrawlRunStatus

  @column.dateTime()
  declare startedAt: DateTime

  @column.dateTime()
  declare finishedAt: DateTime | null

  @column()
  declare durationMs: number | null

  @column(maybeCount) declare fans: number | null
  @column(maybeCount) declare views: number | null
  @column(maybeCount) declare likes: number | null
  @column(maybeCount) declare videos: number | null

  @column()
  declare videosRead: number

  @column()
  declare errorCode: string | null

  @column()
  declare errorMessage: string | null
}
