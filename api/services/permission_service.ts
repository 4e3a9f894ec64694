import type { HttpContext } from '@adonisjs/core/http'
import { PERMISSION_CATALOGUE } from '#policies/catalogue'
import { SCREENS } from '#shared/screens'

export type Permissions = Record<string, string[]>

/**
 * What the signed-in user may do, as `{ resource: [actions] }`, computed by
 * asking the same Bouncer policies the routes use.
 */
export default class PermissionService {
  static async forRequest(ctx: HttpContext): Promise<Permissions> {
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
