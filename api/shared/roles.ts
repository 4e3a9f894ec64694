import type { Role } from './constants.js'

/*
| Who is on which side of the studio. Policies decide permissions from these;
| models' `visibleTo` scopes decide which rows a person sees from them.
*/

/** Staff-side roles: the agency's own people (managers and staff), as opposed to creators and companies. */
export function isStaffSide(user: { role: Role }) {
  return user.role === 'manager' || user.role === 'staff'
}

/** The agency with its admins: who sees every creator, deal and board category. */
export function isAgencySide(user: { role: Role }) {
  return user.role === 'admin' || isStaffSide(user)
}
