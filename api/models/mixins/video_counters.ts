import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { column, type BaseModel } from '@adonisjs/lucid/orm'
import { count } from '#models/mixins/columns'

/** The seven counters of a video (api/shared/videos.ts VIDEO_METRICS). */
export function withVideoCounters<Base extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Base
) {
  class WithVideoCounters extends superclass {
    @column(count) declare views: number
    @column(count) declare likes: number
    @column(count) declare comments: number
    @column(count) declare favorites: number
    @column(count) declare shares: number
    @column(count) declare danmaku: number
    @column(count) declare coins: number
  }
  return WithVideoCounters
}
