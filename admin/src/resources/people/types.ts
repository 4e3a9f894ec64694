import type { StudioUser } from '../../providers/identity'

/** A person of the staff directory (GET /api/users). */
export type StaffMember = StudioUser
