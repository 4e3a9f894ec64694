import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'
import { SCREEN_ACCESS } from '#shared/screens'

/**
 * The upload ledger: whoever may open the upload station (the staff side;
 * admins through the base policy) sends files and submits uploads, and
 * reads a task of its own. The upload records and stats are read by the
 * staff side and by a creator account (its own creators' uploads only:
 * UploadTask.visibleTo narrows the rows); companies read none.
 */
export default class UploadLedgerPolicy extends StudioPolicy {
  upload(user: User): AuthorizerResponse {
    return user.role !== 'admin' && SCREEN_ACCESS[user.role].includes('upload')
  }

  /** A resumable transfer belongs to the user whose id it carries. */
  transfer(user: User, ownerId: number | null): AuthorizerResponse {
    return this.upload(user) && (ownerId === null || ownerId === user.id)
  }

  records(user: User): AuthorizerResponse {
    return isStaffSide(user) || user.role === 'creator'
  }
}
