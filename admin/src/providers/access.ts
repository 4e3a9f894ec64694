import type { AccessControlProvider } from '@refinedev/core'
import i18n from './i18n'
import { loadUserInfo } from './identity'
import { permissionKeyOf } from './resources'

/**
 * Refine's accessControlProvider reads the permissions the API computed with
 * its Bouncer policies (GET /api/user/info), so the menu, the buttons and the
 * API always agree. Resources map onto permission keys in resources.tsx.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    if (!resource) return { can: true }
    const info = await loadUserInfo().catch(() => null)
    const allowed = info?.permissions[permissionKeyOf(resource)] ?? []
    const can = allowed.includes(action)
    return can ? { can } : { can, reason: i18n.t('errors.no_permission') }
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
  },
}
