/** What a headline notification is about; the admin words each kind in four languages. */
const NOTIFICATION_KINDS = [
  'board_notice',
  'upload_finished',
  'upload_failed',
  'collection_failed',
  'token_expiring',
  'token_expired',
  'cookie_recheck',
  'cookie_expired',
  'platform_paused',
  'alert',
  'video_alert',
  'registration_pending',
  'registration_approved',
  'letter',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]
