import type { HttpContext } from '@adonisjs/core/http'
import { clientInfoOf } from '#services/auth/geo_service'
import { ok } from '#support/envelope'

/**
 * GET /api/client-info — public. What the login screen shows: the caller's
 * address as the server sees it and its country ('unknown' without a geo
 * database), the brand, the version label and the older version's URL.
 */
export default class ClientInfoController {
  async show({ request }: HttpContext) {
    return ok(await clientInfoOf(request.ip()))
  }
}
