import type { Group } from '@japa/runner/core'
import type { ApiClient } from '@japa/api-client'
import ace from '@adonisjs/core/services/ace'
import type { BaseCommand } from '@adonisjs/core/ace'
import drive from '@adonisjs/drive/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import env from '#start/env'
import AccessToken from '#models/access_token'
import IpAllowlistEntry from '#models/ip_allowlist_entry'
import Caches from '#services/caches'
import { settleWork } from '#support/after_commit_work'
import IpAllowlistService from '#services/auth/ip_allowlist_service'
import type User from '#models/user'
import type { TokenPair } from '#services/auth/token_service'
import TokenService from '#services/auth/token_service'
import { FACTORY_PASSWORD, userWithCode } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'

/**
 * What every functional group needs: a global transaction per test (rolled
 * back afterwards, once the work its writes set off has settled), fresh
 * rate-limit counters and every in-process cache emptied
 * (api/services/caches.ts), so that no test sees what another one left behind.
 */
export function setupFunctionalGroup(group: Group) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    Caches.clearAll()
    return async () => {
      // work a test's writes set off after commit (planning a new video's growth windows) ends
      // inside that test's transaction: left running, it would write into the next test's,
      // where SQLite hands the rolled-back ids out again to other rows
      await settleWork()
      Caches.clearAll()
    }
  })
}

/**
 * A functional group (see setupFunctionalGroup) whose every test starts with
 * what `make` returns (the people and rows its tests share), made inside the
 * test's transaction:
 *
 *   const given = setupGroupWith(group, async () => ({ admin: await userWithCode('admin') }))
 *   … .loginAs(given.admin) …
 */
export function setupGroupWith<Given extends object>(group: Group, make: () => Promise<Given>) {
  const given = {} as Given
  setupFunctionalGroup(group)
  group.each.setup(async () => {
    Object.assign(given, await make())
  })
  return given
}

/**
 * A group whose every test starts with a staff member without a security
 * code (`given.staff`) and, given `seed`, its dataset (`given.seeded`).
 */
export function setupStaffGroup<Seeded = undefined>(group: Group, seed?: () => Promise<Seeded>) {
  return setupGroupWith(group, async () => ({
    staff: await userWithCode('staff', null),
    seeded: (seed ? await seed() : undefined) as Seeded,
  }))
}

/**
 * For group.each.setup around ace commands: their output goes to the
 * logger's memory (ace.ui.logger.getLogs()) instead of the terminal.
 */
export function rawAceOutput() {
  ace.ui.switchMode('raw')
  return () => ace.ui.switchMode('normal')
}

/** For group.each.setup: files the test stores go to an in-memory disk. */
export function fakeDrive() {
  drive.fake()
  return () => drive.restore()
}

/** Runs an ace command with `args` (see rawAceOutput for its output) and answers it for the assertions. */
export async function runAce<Command extends typeof BaseCommand>(command: Command, args: string[]) {
  const instance = await ace.create(command, args)
  await instance.exec()
  return instance
}

/** How many rows a table holds (matching `where`). */
export async function rowCount(table: string, where: Record<string, unknown> = {}) {
  const row = await db.from(table).where(where).count('* as total').first()
  return Number(row?.total ?? 0)
}

/** POST /api/user/login with a form body, as the login screen sends it, and the headers given. */
export function loginAttempt(
  client: ApiClient,
  fields: Record<string, unknown>,
  headers: Record<string, string> = {}
) {
  const request = client.post('/api/user/login')
  for (const [name, value] of Object.entries(headers)) request.header(name, value)
  return request.form(fields)
}

/** Signs in through POST /api/user/login and returns the token pair. */
export async function login(
  client: ApiClient,
  user: User,
  password = FACTORY_PASSWORD
): Promise<TokenPair> {
  const response = await loginAttempt(client, { account: user.email, password })
  response.assertStatus(200)
  response.assertBodyContains({ status: 0 })
  return response.body().data
}

/** A new staff member signed in through the login form: the user and the token pair. */
export async function signedInUser(client: ApiClient) {
  const user = await UserFactory.create()
  return { user, pair: await login(client, user) }
}

/** Moves the expiry of an access token (the plain value a login answered) to `at`, a minute ago by default. */
export async function setAccessTokenExpiry(
  token: string,
  at: DateTime = DateTime.utc().minus({ minutes: 1 })
) {
  await AccessToken.query()
    .where('hash', TokenService.hash(token))
    .update({ expires_at: at.toUTC().toSQL({ includeOffset: false }) })
}

/**
 * Leaves only the given ranges on the allow-list (inside the test's
 * transaction, so the seeded loopback entries come back afterwards).
 */
export async function allowOnly(...ranges: string[]) {
  await IpAllowlistEntry.query().delete()
  IpAllowlistService.clearCache()
  for (const range of ranges) {
    await IpAllowlistService.add(range, null, null)
  }
}

type EnvKey = Parameters<typeof env.get>[0]

/**
 * Sets (or, with undefined, unsets) an environment variable and returns the
 * function that restores it. Unsetting needs care: `env.set` with undefined
 * alone would leave the string "undefined" in process.env.
 */
export function setEnv(key: EnvKey, value: string | undefined) {
  const original = env.get(key)
  const apply = (next: unknown) => {
    env.set(key, next as any)
    if (next === undefined) delete process.env[key]
  }
  apply(value)
  return () => apply(original)
}
