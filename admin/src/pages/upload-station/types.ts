import type { PublicationStatus, UploadPlatform, UploadTaskStatus } from '@shared/uploads'

/** One platform's publication as GET /api/uploads/:id and the records answer it. */
export interface PublicationRow {
  id: number
  platform: UploadPlatform
  status: PublicationStatus
  attempts: number
  sent_bytes: number
  total_bytes: number
  progress: number
  schedule: 'platform' | 'immediate'
  platform_scheduled_at: string | null
  scheduled: boolean
  platform_video_id: string | null
  url: string | null
  video_id: number | null
  error: { code: string; message: string | null } | null
  next_attempt_at: string | null
  started_at: string | null
  finished_at: string | null
}

/** An upload task with its publications. */
export interface UploadTaskRow {
  id: number
  creator_id: number
  creator_name: string | null
  user_id: number
  title: string
  status: UploadTaskStatus
  scheduled_at: string | null
  video: { size: number; mime: string | null; duration_s: number | null }
  thumbnail: { size: number; mime: string | null }
  publications: PublicationRow[]
  created_at: string | null
  finished_at: string | null
}

/** GET /api/creator/v2/uploads */
export interface UploadStats {
  total_uploads: number
  uploads_last_7_days: number
  deleted_videos: number
  average_views: number
  published_videos: number
}

/** GET /api/platform_api/check/<platform> */
export interface LoginState {
  creator_id: number
  platform: UploadPlatform
  state: 'ok' | 'missing' | 'expired' | 'unreachable'
  ok: boolean
  name: string | null
  message: string | null
  link: string | null
}

export interface UploadCategory {
  id: string
  name: string
  children: { id: string; name: string }[]
}

export interface UploadEvent {
  id: string
  name: string
  prize?: string | null
  joined?: boolean | null
}
