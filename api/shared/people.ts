/** Account, teams and registrations: limits shared by the API and the admin. */

/** Profile pictures: accepted image formats (checked by content) and the stored square. */
export const AVATAR_FORMATS = ['jpeg', 'png', 'webp', 'gif'] as const
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
export const AVATAR_SIZE = 256

/** Roles an admin may give when approving a staff sign-up. */
export const STAFF_ROLES = ['staff', 'manager', 'finance', 'admin'] as const

/** Team membership changes of SPEC §4: join (import) and leave (export). */
export const TEAM_ACTIONS = ['import', 'export'] as const

export const REJECT_REASON_MAX = 500
export const STAFF_PAGE_MAX = 100
