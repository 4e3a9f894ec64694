import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import IpNotAllowedException from '#exceptions/ip_not_allowed_exception'
import IpAllowlistService from '#services/auth/ip_allowlist_service'

/**
 * Blocks addresses that are not on the allow-list (status -1). The address is
 * the socket's unless TRUSTED_PROXIES lets a proxy speak for the client.
 */
export default class IpAllowlistMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const ip = ctx.request.ip()
    if (!(await IpAllowlistService.isAllowed(ip))) {
      throw new IpNotAllowedException(ip)
    }
    return next()
  }
}
