import hash from '@adonisjs/core/services/hash'
import type { ModelAttributes } from '@adonisjs/lucid/types/model'
import Team from '#models/team'
import type User from '#models/user'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'

/** The password of every factory user. */
export { FACTORY_PASSWORD }

/** The personal security code test users get. */
export const SECURITY_CODE = '246810'

export type RoleName = 'admin' | 'manager' | 'staff' | 'creator' | 'company'
export const ROLE_NAMES: RoleName[] = ['admin', 'manager', 'staff', 'creator', 'company']

/** scrypt is slow on purpose: hash each code once per run. */
const hashes = new Map<string, Promise<string>>()
export function hashOf(code: string) {
  if (!hashes.has(code)) hashes.set(code, hash.make(code))
  return hashes.get(code)!
}

/** An active user of `role` (staff by default) whose security code is SECURITY_CODE (or `code`, or none). */
export async function userWithCode(role: RoleName = 'staff', code: string | null = SECURITY_CODE) {
  const securityCodeHash = code ? await hashOf(code) : null
  return UserFactory.apply(role).merge({ securityCodeHash }).create()
}

/** One user of every role, each with SECURITY_CODE. */
export async function usersOfEveryRole(): Promise<Record<RoleName, User>> {
  const entries = await Promise.all(
    ROLE_NAMES.map(async (role) => [role, await userWithCode(role)] as const)
  )
  return Object.fromEntries(entries) as Record<RoleName, User>
}

/**
 * A new active user (staff, or the role given; `fields` merged) in one of
 * the studio's teams, as its manager when `manager` is set.
 */
export async function teamMember(
  teamKey: string,
  options: { manager?: boolean; role?: RoleName; fields?: Partial<ModelAttributes<User>> } = {}
) {
  const user = await UserFactory.apply(options.role ?? 'staff')
    .merge(options.fields ?? {})
    .create()
  const team = await Team.findByOrFail('key', teamKey)
  await user.related('teams').attach({ [team.id]: { is_manager: options.manager ?? false } })
  return user
}

/** The register code and password the registration forms below use. */
export const REGISTRATION = { code: 'JOIN-2026', password: 'a-long-password' }

/** A staff member's registration form (POST /api/user/register), into team cp2. */
export function staffRegistration(overrides: Record<string, unknown> = {}) {
  return {
    account_type: 'staff',
    name: 'Kim Minji',
    email: 'minji@example.com',
    phone: '01012345678',
    password: REGISTRATION.password,
    password_confirmation: REGISTRATION.password,
    team: 'cp2',
    sex: 'female',
    register_code: REGISTRATION.code,
    terms: 'on',
    ...overrides,
  }
}

/** The payload without the given fields. */
export function without(payload: Record<string, unknown>, ...fields: string[]) {
  return Object.fromEntries(Object.entries(payload).filter(([field]) => !fields.includes(field)))
}

/** A creator's registration form: no team and no code, a channel name. */
export function creatorRegistration(overrides: Record<string, unknown> = {}) {
  const common = without(
    staffRegistration({ email: 'creator@example.com' }),
    'team',
    'sex',
    'register_code'
  )
  return { ...common, account_type: 'creator', channel_name: 'Minji Daily', ...overrides }
}

/** A company's registration form: no team and no code, a company name. */
export function companyRegistration(overrides: Record<string, unknown> = {}) {
  const common = without(
    staffRegistration({ email: 'company@example.com' }),
    'team',
    'sex',
    'register_code'
  )
  return { ...common, account_type: 'company', company_name: 'Star Media', ...overrides }
}
