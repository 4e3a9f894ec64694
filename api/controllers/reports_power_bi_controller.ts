import type { HttpContext } from '@adonisjs/core/http'
import PowerBiService from '#services/reports/power_bi_service'

/** The feed a BI tool (Power BI's Web connector) reads with the caller's token. */
export default class ReportsPowerBiController {
  /**
   * GET /api/power-bi/accounts/self — the caller's own platform accounts as
   * a bare JSON array of flat records (Power BI turns it into a table with
   * `Table.FromRecords(Json.Document(...))`), without the API envelope.
   */
  async accounts(ctx: HttpContext) {
    await ctx.bouncer.with('ReportPolicy').authorize('accounts')
    ctx.response.header('cache-control', 'no-store')
    return PowerBiService.accounts(ctx.auth.getUserOrFail())
  }
}
