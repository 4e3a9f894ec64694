import type { HttpContext } from '@adonisjs/core/http'
import { PERMISSION_CATALOGUE } from '#policies/catalogue'
import { SCREENS } from '#shared/screens'

export type Permissions = Record<string, string[]>

/**
 * The permissions of each role, computed once per role and process: every
 * policy of the catalogue and of the screens decides from the user's role
 * alone (no record, team or time). A policy that starts looking at anything
 * else must change the cache key here. Listed in api/services/caches.ts.
 */
class PermissionsByRole {
  #byRole = new Map<string, Readonly<Permissions>>()

  get(role: string) {
    return this.#byRole.get(role) as Permissions | undefined
  }

  set(role: string, permissions: Permissions) {
    for (const actions of Object.values(permissions)) Object.freeze(actions)
    this.#byRole.set(role, Object.freeze(permissions))
  }

  clear() {
    this.#byRole.clear()
  }
}

export const permissionsByRole = new PermissionsByRole()

/**
 * What the signed-in user may do, as `{ resource: [actions] }`, computed by
 * asking the same Bouncer policies the routes use.
 */
export default class PermissionService {
  static async forRequest(ctx: HttpContext): Promise<Permissions> {
    const role = ctx.auth.user?.role
    if (!role) return this.#compute(ctx)
    const cached = permissionsByRole.get(role)
    if (cached) return cached
    const permissions = await this.#compute(ctx)
    permissionsByRole.set(role, permissions)
    return permissions
  }

  static async #compute(ctx: HttpContext): Promise<Permissions> {
    const permissions: Permissions = {}

    const screens = ctx.bouncer.with('ScreenPolicy')
    for (const screen of SCREENS) {
      if (await screens.allows('list', screen)) {
        permissions[screen] = ['list']
      }
    }

    for (const entry of PERMISSION_CATALOGUE) {
      const authorizer = ctx.bouncer.with(entry.policy) as unknown as {
        allows(action: string, ...args: unknown[]): Promise<boolean>
      }
      const allowed: string[] = []
      for (const action of entry.actions) {
        const [name, method, ...args] = Array.isArray(action) ? action : [action, action]
        if (await authorizer.allows(method, ...args)) allowed.push(name)
      }
      if (allowed.length) {
        permissions[entry.resource] = [
          ...new Set([...(permissions[entry.resource] ?? []), ...allowed]),
        ]
      }
    }

    return permissions
  }
}
