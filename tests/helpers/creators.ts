import hash from '@adonisjs/core/services/hash'
import StudioSetting from '#models/studio_setting'
import type User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { TERMINATION_CODE_KEY } from '#services/auth/security_code_service'

/** The personal security code test users get, and the studio's termination code. */
export const SECURITY_CODE = '246810'
export const TERMINATION_CODE = '13572468'

export const NO_PERMISSION =
  'You do not have the rights to view or edit this. Please contact the developer.'

export type RoleName = 'admin' | 'manager' | 'staff' | 'creator' | 'company'
export const ROLE_NAMES: RoleName[] = ['admin', 'manager', 'staff', 'creator', 'company']

/** scrypt is slow on purpose: hash each code once per run. */
const hashes = new Map<string, Promise<string>>()
export function hashOf(code: string) {
  if (!hashes.has(code)) hashes.set(code, hash.make(code))
  return hashes.get(code)!
}

/** An active user of `role` (staff by default) whose security code is SECURITY_CODE. */
export async function userWithCode(role: RoleName = 'staff', code: string | null = SECURITY_CODE) {
  const builder = role === 'staff' ? UserFactory : UserFactory.apply(role)
  const user = await builder.create()
  if (code) {
    user.securityCodeHash = await hashOf(code)
    await user.save()
  }
  return user
}

/** One user of every role, each with SECURITY_CODE. */
export async function usersOfEveryRole(): Promise<Record<RoleName, User>> {
  const entries = await Promise.all(
    ROLE_NAMES.map(async (role) => [role, await userWithCode(role)] as const)
  )
  return Object.fromEntries(entries) as Record<RoleName, User>
}

/** Sets the studio's termination code (hashed) directly. */
export async function setTerminationCode(code = TERMINATION_CODE) {
  await StudioSetting.updateOrCreate(
    { key: TERMINATION_CODE_KEY },
    { key: TERMINATION_CODE_KEY, value: await hashOf(code) }
  )
}

/** A valid creator form with the two required names. */
export function creatorPayload(overrides: Record<string, unknown> = {}) {
  return {
    contractor_name: 'Kim Minji',
    channel_name: 'Minji Cooks',
    ...overrides,
  }
}

/** A 4xx with the studio's error body: a numeric status and a message a person can read. */
export function assertClientError(
  response: { status(): number; body(): any; text(): string },
  assert: any,
  context = ''
) {
  const where = `${context} ${response.status()} ${response.text().slice(0, 300)}`
  assert.isAtLeast(response.status(), 400, where)
  assert.isBelow(response.status(), 500, where)
  assert.isNumber(response.body()?.status, where)
  assert.isString(response.body()?.message, where)
  assert.isNotEmpty(response.body().message, where)
}
