import type { HttpContext } from '@adonisjs/core/http'
import PlatformAccountReadService from '#services/platform_accounts/platform_account_read_service'
import { ok } from '#support/envelope'

/** SPEC §7 /api/active/platform: the platforms in use. */
export default class SpecPlatformsController {
  /** GET /api/active/platform — platforms with an active account, most accounts first. */
  async active({ bouncer }: HttpContext) {
    await bouncer.with('CreatorPolicy').authorize('activePlatforms')
    return ok(await PlatformAccountReadService.activePlatforms())
  }
}
