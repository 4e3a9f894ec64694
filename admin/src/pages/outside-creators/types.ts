import type { PlatformKey } from '@shared/constants'
import type { CrawlRunStatus, OutsidePurpose, OutsideState, ReplayStrategy } from '@shared/outside'

/** An outside creator and its crawl task (GET /api/outside_creators). */
export interface OutsideCreatorRow {
  id: number
  platform: PlatformKey
  uid: string
  name: string
  channel_url: string | null
  purpose: OutsidePurpose
  note: string | null
  state: OutsideState
  interval_days: number
  interval_hours: number
  custom_times: string[]
  replay_strategy: ReplayStrategy
  replay_by_hour: Record<string, ReplayStrategy>
  auto_video_crawl: boolean
  next_run_at: string | null
  crawling: boolean
  fans: number
  views: number
  likes: number
  videos: number
  fans_growth_7d: number
  opened_count: number
  last_run_at: string | null
  last_status: CrawlRunStatus | null
  last_error: string | null
}

/** One crawl of the run history (GET /api/outside_creators/:id/runs). */
export interface CrawlRunRow {
  id: number
  trigger: string
  status: CrawlRunStatus
  started_at: string
  duration_ms: number | null
  fans: number | null
  views: number | null
  videos_read: number
  error_code: string | null
  error_message: string | null
}

/** What the add and edit form sends. */
export interface TaskValues {
  link?: string
  platform?: PlatformKey
  uid?: string
  name?: string
  purpose?: OutsidePurpose
  note?: string | null
  interval_days?: number
  interval_hours?: number
  custom_times?: string[]
  replay_strategy?: ReplayStrategy
  replay_by_hour?: Record<string, ReplayStrategy>
  auto_video_crawl?: boolean
}

/** What the user may do here (OutsidePolicy). */
export interface OutsideRights {
  create: boolean
  edit: boolean
  crawl: boolean
  delete: boolean
}
