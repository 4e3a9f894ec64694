import type { HttpContext } from '@adonisjs/core/http'
import LoginHealthService from '#services/platform_accounts/login_health/login_health_service'
import LoginCheckService from '#services/platform_accounts/login_health/login_check_service'
import {
  presentLoginHealth,
  presentLoginHealthSummary,
} from '#services/platform_accounts/login_health/login_health_presenter'
import { ok } from '#support/envelope'
import { listResponse, pageWindow } from '#support/pagination'
import { areaMessages } from '#validators/messages'
import {
  loginHealthCheckValidator,
  loginHealthListValidator,
  loginHealthSummaryValidator,
} from '#validators/login_health'

/** The account-health centre (/app/alert_dashboard/logins): stored logins and "check now". */
export default class LoginHealthController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'login_health.validator') }
  }

  /** GET /api/login_health?platform=&group=&_start=&_end= */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('LoginHealthPolicy').authorize('view')
    const params = await loginHealthListValidator.validate(ctx.request.qs(), this.#messages(ctx))
    const window = pageWindow(params._start, params._end, { size: 20, max: 200 })
    const page = await LoginHealthService.list(
      { user: ctx.auth.getUserOrFail(), platform: params.platform },
      { group: params.group, ...window }
    )
    return listResponse(ctx.response, page, presentLoginHealth)
  }

  /** GET /api/login_health/summary?platform= */
  async summary(ctx: HttpContext) {
    await ctx.bouncer.with('LoginHealthPolicy').authorize('view')
    const params = await loginHealthSummaryValidator.validate(ctx.request.qs(), this.#messages(ctx))
    const summary = await LoginHealthService.summary({
      user: ctx.auth.getUserOrFail(),
      platform: params.platform,
    })
    return ok(presentLoginHealthSummary(summary))
  }

  /** POST /api/login_health/check {account_ids?, platform?} — answered when the checks are done. */
  async check(ctx: HttpContext) {
    await ctx.bouncer.with('LoginHealthPolicy').authorize('check')
    const params = await ctx.request.validateUsing(loginHealthCheckValidator, this.#messages(ctx))
    const counts = await LoginCheckService.check({
      user: ctx.auth.getUserOrFail(),
      platform: params.platform,
      accountIds: params.account_ids,
    })
    return ok(counts)
  }
}
