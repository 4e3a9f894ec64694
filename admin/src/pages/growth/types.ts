import type { PlatformKey } from '@shared/constants'
import type { GrowthJson } from '@shared/growth'

export type { GrowthFlag, GrowthPointJson as GrowthPoint, WindowMedian } from '@shared/growth'
/** A video's growth: exactly what GET /api/videos/:id/growth answers. */
export type Growth = GrowthJson

/** One row of GET /api/growth-board. */
export interface BoardRow {
  id: number
  platform: PlatformKey
  title: string
  published_at: string | null
  deleted_on: string | null
  url: string | null
  views: number
  creator: { id: number; brand_no: string | null; channel_name: string | null }
  growth: Growth
}
