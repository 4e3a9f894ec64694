import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { MAX_ID, blankToUndefined, sortOrder, newPassword } from '#validators/rules'
import {
  ACCOUNT_TYPES,
  LIMITS,
  LOCALES,
  PHONE_PATTERN,
  ROLES,
  TEAMS,
  USER_STATUSES,
} from '#shared/constants'
import { REJECT_REASON_MAX, STAFF_PAGE_MAX, STAFF_ROLES, TEAM_ACTIONS } from '#shared/people'

/*
|--------------------------------------------------------------------------
| Account, teams, staff directory and registrations
|--------------------------------------------------------------------------
| Messages come from resources/lang/<lang>/people.json (`validator.fields`,
| `validator.messages`) through areaMessages(i18n, 'people.validator').
*/

const id = () => vine.number().withoutDecimals().min(1).max(MAX_ID)
const phone = () =>
  vine.string().trim().regex(PHONE_PATTERN).maxLength(LIMITS.phoneMax).nullable().optional()

/** PUT /api/user/update — my own profile. */
export const profileValidator = vine.compile(
  vine.object({
    name: vine.string().trim().minLength(1).maxLength(LIMITS.nameMax).optional(),
    phone: phone(),
    locale: vine.enum(LOCALES).optional(),
  })
)

/** PUT /api/user/password — the current password and a new one typed twice. */
export const passwordValidator = vine.compile(
  vine.object({
    current_password: vine.string().maxLength(LIMITS.passwordMax),
    password: newPassword().confirmed({ confirmationField: 'password_confirmation' }),
  })
)

/** POST /api/user/set_team — join (import) or leave (export) a team. */
export const setTeamValidator = vine.compile(
  vine.object({
    team: vine.enum(TEAMS),
    action: vine.enum(TEAM_ACTIONS),
  })
)

/** GET /api/users and /api/user/list — the staff directory. */
export const staffListValidator = vine.compile(
  vine.object({
    q: vine.string().trim().maxLength(100).parse(blankToUndefined).optional(),
    name: vine.string().trim().maxLength(100).parse(blankToUndefined).optional(),
    email: vine.string().trim().maxLength(LIMITS.emailMax).parse(blankToUndefined).optional(),
    team: vine.enum(TEAMS).parse(blankToUndefined).optional(),
    role: vine.enum(ROLES).parse(blankToUndefined).optional(),
    status: vine.enum(USER_STATUSES).parse(blankToUndefined).optional(),
    account_type: vine.enum(ACCOUNT_TYPES).parse(blankToUndefined).optional(),
    _start: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
    _end: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
    _sort: vine
      .enum(['id', 'name', 'email', 'role', 'status', 'created_at', 'last_login_at'] as const)
      .parse(blankToUndefined)
      .optional(),
    _order: sortOrder(),
    offset: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
    limit: vine
      .number()
      .withoutDecimals()
      .min(1)
      .max(STAFF_PAGE_MAX)
      .parse(blankToUndefined)
      .optional(),
  })
)

export const userIdValidator = vine.compile(vine.object({ id: id() }))

/** PUT /api/users/:id — an admin edits a person. */
export const userUpdateValidator = vine.compile(
  vine.object({
    name: vine.string().trim().minLength(1).maxLength(LIMITS.nameMax).optional(),
    phone: phone(),
    role: vine.enum(ROLES).optional(),
    status: vine.enum(['active', 'disabled'] as const).optional(),
    teams: vine.array(vine.enum(TEAMS)).maxLength(TEAMS.length).distinct().optional(),
  })
)

/** POST /api/teams/:team/members — add a member (and, for admins, mark a manager). */
export const memberAddValidator = vine.compile(
  vine.object({
    user_id: id(),
    is_manager: vine.boolean().optional(),
  })
)

export const memberUpdateValidator = vine.compile(vine.object({ is_manager: vine.boolean() }))

export const teamParamValidator = vine.compile(vine.object({ team: vine.enum(TEAMS) }))
export const memberParamValidator = vine.compile(
  vine.object({ team: vine.enum(TEAMS), user_id: id() })
)

/** GET /api/registrations */
export const registrationListValidator = vine.compile(
  vine.object({
    status: vine
      .enum(['pending', 'rejected'] as const)
      .parse(blankToUndefined)
      .optional(),
    account_type: vine.enum(ACCOUNT_TYPES).parse(blankToUndefined).optional(),
  })
)

/** POST /api/registrations/:id/approve — the role (staff sign-ups) and team. */
export const approveValidator = vine.compile(
  vine.object({
    role: vine.enum(STAFF_ROLES).optional(),
    team: vine.enum(TEAMS).parse(blankToUndefined).optional(),
  })
)

/** POST /api/registrations/:id/reject — the reason the person will read. */
export const rejectValidator = vine.compile(
  vine.object({ reason: vine.string().trim().minLength(1).maxLength(REJECT_REASON_MAX) })
)

export type ProfileInput = Infer<typeof profileValidator>
export type PasswordInput = Infer<typeof passwordValidator>
export type StaffListParams = Infer<typeof staffListValidator>
export type UserUpdateInput = Infer<typeof userUpdateValidator>
export type ApproveInput = Infer<typeof approveValidator>
