import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import {
  ACCOUNT_TYPES,
  LIMITS,
  PHONE_PATTERN,
  REGISTER_CODE_PATTERN,
  SEXES,
  TEAMS,
} from '#shared/constants'
import { newPassword } from '#validators/rules'

const email = () =>
  vine
    .string()
    .trim()
    .maxLength(LIMITS.emailMax)
    .email()
    .toLowerCase()
    .unique(async (db, value) => !(await db.from('users').where('email', value).first()))

const common = {
  name: vine.string().trim().minLength(1).maxLength(LIMITS.nameMax),
  email: email(),
  phone: vine.string().trim().regex(PHONE_PATTERN).maxLength(LIMITS.phoneMax),
  password: newPassword().confirmed(),
  terms: vine.accepted(),
}

/** Which of the three account types is registering (SPEC §2 Register). */
export const accountTypeValidator = vine.compile(
  vine.object({ account_type: vine.enum(ACCOUNT_TYPES) })
)

/** Staff: name, team, email, phone (digits), register code (all capitals), terms. */
export const staffRegisterValidator = vine.compile(
  vine.object({
    account_type: vine.literal('staff'),
    ...common,
    team: vine.enum(TEAMS),
    sex: vine.enum(SEXES).optional(),
    register_code: vine
      .string()
      .trim()
      .maxLength(LIMITS.registerCodeMax)
      .regex(REGISTER_CODE_PATTERN),
  })
)

export const creatorRegisterValidator = vine.compile(
  vine.object({
    account_type: vine.literal('creator'),
    ...common,
    channel_name: vine.string().trim().minLength(1).maxLength(150),
  })
)

export const companyRegisterValidator = vine.compile(
  vine.object({
    account_type: vine.literal('company'),
    ...common,
    company_name: vine.string().trim().minLength(1).maxLength(150),
  })
)

type StaffRegistration = Infer<typeof staffRegisterValidator>
type CreatorRegistration = Infer<typeof creatorRegisterValidator>
type CompanyRegistration = Infer<typeof companyRegisterValidator>
export type Registration = StaffRegistration | CreatorRegistration | CompanyRegistration

/** GET /api/resource */
export const resourceValidator = vine.compile(
  vine.object({ key: vine.enum(['group', 'platform', 'language'] as const) })
)
