import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'
import { SCREEN_ACCESS } from '#shared/screens'

/**
 * The Video Upload Station (SPEC §2): whoever may open the upload screen
 * (the staff side; admins through the base policy) uses the station and
 * its helpers — the creators' login checks, the platforms' categories, tag
 * suggestions, events and topics — sends files and submits uploads, and
 * reads a task of its own. The upload records and stats are read by the
 * staff side and by a creator account (its own creators' uploads only:
 * UploadTask.visibleTo narrows the rows); companies read none.
 */
export default class UploadPolicy extends StudioPolicy {
  use(user: User): AuthorizerResponse {
    return user.role !== 'admin' && SCREEN_ACCESS[user.role].includes('upload')
  }

  /** Sending files and submitting uploads (the permissions' `upload_ledger.upload`). */
  upload(user: User): AuthorizerResponse {
    return this.use(user)
  }

  /** A resumable transfer belongs to the user whose id it carries. */
  transfer(user: User, ownerId: number | null): AuthorizerResponse {
    return this.use(user) && (ownerId === null || ownerId === user.id)
  }

  records(user: User): AuthorizerResponse {
    return isStaffSide(user) || user.role === 'creator'
  }
}
