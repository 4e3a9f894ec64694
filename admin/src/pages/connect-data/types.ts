import type { ConnectKind, ConnectState } from '@shared/connect_data'

/*
| What the connect-data API answers (api/services/outside/connect/connect_presenter.ts).
*/

export interface OutsideCreatorRef {
  id: number
  platform: string
  uid: string
  name: string
  fans: number
  state: 'running' | 'stopped'
  last_run_at: string | null
}

export interface OutsideVideoRef {
  id: number
  platform: string
  platform_video_id: string
  title: string
  channel_name: string | null
  views: number
}

export interface CreatorRef {
  id: number
  name: string
  brand_no: string
}

export interface ConnectRow {
  id: number
  kind: ConnectKind
  state: ConnectState
  platform: string
  outside_creator: OutsideCreatorRef | null
  outside_video: OutsideVideoRef | null
  creator: CreatorRef | null
  video: { id: number; title: string; platform_video_id: string } | null
  created_creator: boolean
  created_account: boolean
  rows_moved: number
  rows_kept: number
  first_day: string | null
  last_day: string | null
  user: { id: number; name: string } | null
  created_at: string
}

export interface ConnectPreview {
  kind: ConnectKind
  days: number
  moving: number
  kept: number
  kept_days: string[]
  first_day: string | null
  last_day: string | null
  creates_creator?: boolean
  creates_account?: boolean
  uid_taken_by?: number | null
}

export interface TaskRow extends OutsideCreatorRef {
  last_status: string | null
  connected_at: string | null
  creator: CreatorRef | null
  connect: {
    id: number
    state: ConnectState
    rows_moved: number
    rows_kept: number
    created_at: string
  } | null
}

export const STATE_COLORS: Record<ConnectState, string> = {
  pending: 'gold',
  confirmed: 'green',
  reverted: 'default',
}
