import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Role } from '#shared/constants'

/** What a headline notification is about; the admin words each kind in four languages. */
export const NOTIFICATION_KINDS = [
  'board_notice',
  'upload_finished',
  'upload_failed',
  'collection_failed',
  'token_expiring',
  'cookie_recheck',
  'alert',
  'registration_pending',
  'registration_approved',
  'letter',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export interface NotifyInput {
  kind: NotificationKind
  /** Recipients: these users and/or every active user of these roles. */
  userIds?: number[]
  roles?: Role[]
  /** Values the admin's wording of the kind interpolates (title, creator name, …). */
  params?: Record<string, string | number | null>
  /** Admin path the notification opens, e.g. /app/board?id=5. */
  link?: string | null
  /** The same key is never notified twice to the same user. */
  dedupeKey?: string | null
}

/**
 * Headline notifications (SPEC §7 /api/headline-notifications). Interface
 * fixed for every area; the notifications owner implements the storage.
 */
export default class NotificationService {
  static async notify(_input: NotifyInput, _trx?: TransactionClientContract): Promise<number> {
    return 0
  }
}
