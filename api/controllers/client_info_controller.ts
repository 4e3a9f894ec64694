import type { HttpContext } from '@adonisjs/core/http'
import studioConfig from '#config/studio'
import GeoService from '#services/auth/geo_service'
import { VERSION_LABEL } from '#shared/constants'

/**
 * GET /api/client-info — public. What the login screen shows: the caller's
 * address as the server sees it and its country ('unknown' without a geo
 * database), the brand, the version label and the older version's URL.
 */
export default class ClientInfoController {
  async show({ request }: HttpContext) {
    const ip = request.ip()
    return {
      status: 0,
      data: {
        IPv4: ip,
        ip,
        country_name: await GeoService.country(ip),
        brand: studioConfig.brand,
        version: VERSION_LABEL,
        old_version: studioConfig.oldVersion,
        sign_up: studioConfig.signUpEnabled,
      },
    }
  }
}
