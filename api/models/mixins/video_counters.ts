import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { column, type BaseModel } from '@adonisjs/lucid/orm'
import { count, withEngagementCounters } from '#models/mixins/columns'

/** The seven counters of a video (api/shared/videos.ts VIDEO_METRICS). */
export function withVideoCounters<Base extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Base
) {
  class WithVideoCounters extends withEngagementCounters(superclass) {
    @column(count) declare favorites: number
  }
  return WithVideoCounters
}
