import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#support/actor'
import SecurityCodeService from '#services/auth/security_code_service'
import {
  securityCodeUpdateValidator,
  terminationCodeUpdateValidator,
} from '#validators/security_code'
import { API_STATUS } from '#shared/constants'

/**
 * Codes: each user's personal security code (Account Setting) and the
 * studio's contract termination code (Settings, admins).
 */
export default class SecurityCodesController {
  /** GET /api/user/security-code → {configured}. */
  async show({ auth }: HttpContext) {
    return { status: API_STATUS.OK, data: SecurityCodeService.personalStatus(auth.getUserOrFail()) }
  }

  /** PUT /api/user/security-code {current_password, code, code_confirmation} */
  async update(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(securityCodeUpdateValidator)
    return {
      status: API_STATUS.OK,
      data: await SecurityCodeService.setPersonal(actorOf(ctx), input),
    }
  }

  /** GET /api/settings/termination-code → {configured, updated_at}. */
  async showTermination({ bouncer }: HttpContext) {
    await bouncer.with('CreatorPolicy').authorize('terminate')
    return { status: API_STATUS.OK, data: await SecurityCodeService.terminationStatus() }
  }

  /** PUT /api/settings/termination-code {code, code_confirmation, security_code} */
  async updateTermination(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('terminate')
    const input = await ctx.request.validateUsing(terminationCodeUpdateValidator)
    return {
      status: API_STATUS.OK,
      data: await SecurityCodeService.setTermination(actorOf(ctx), input),
    }
  }
}
