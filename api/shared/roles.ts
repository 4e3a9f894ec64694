import type { PrivateLevel, Role } from './constants.js'

/*
| Who is on which side of the studio. Policies decide permissions from these;
| models' `visibleTo` scopes decide which rows a person sees from them.
*/

/**
 * Staff-side roles: the agency's own people (managers, staff and finance), as
 * opposed to creators and companies.
 */
export function isStaffSide(user: { role: Role }) {
  return user.role === 'manager' || user.role === 'staff' || user.role === 'finance'
}

/** Who sees and settles money (revenue, exchange rates, statements): admins and finance. */
export function seesMoney(user: { role: Role }) {
  return user.role === 'admin' || user.role === 'finance'
}

/**
 * Who sees a team's money totals (revenue and settled won of the team's
 * statements, summed): those who see money, and a manager for the teams
 * they manage (the team report gives managers their teams' totals) —
 * never a single creator's statement.
 */
export function seesTeamMoney(user: { role: Role }) {
  return seesMoney(user) || user.role === 'manager'
}

/** The agency with its admins: who sees every creator, deal and board category. */
export function isAgencySide(user: { role: Role }) {
  return user.role === 'admin' || isStaffSide(user)
}

/**
 * Which private levels (SPEC §6, L1–L3) a staff-side role may reveal with
 * its security code: managers every level, finance the contact and
 * settlement levels (L1, L3, to pay creators), staff the contact level.
 * Admins pass every policy before this is asked.
 */
export function mayRevealLevel(user: { role: Role }, level: PrivateLevel) {
  if (user.role === 'manager') return true
  if (user.role === 'finance') return level === 'L1' || level === 'L3'
  return user.role === 'staff' && level === 'L1'
}
