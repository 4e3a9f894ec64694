import type { HttpContext } from '@adonisjs/core/http'
import TeamReportService from '#services/reports/team_report_service'
import StatementReportService from '#services/reports/statement_report_service'
import { buildTeamReportWorkbook } from '#services/reports/report_excel'
import { presentSettlement } from '#services/settlement/settlement_presenter'
import { ok } from '#support/envelope'
import { listEnvelope } from '#support/pagination'
import { sendWorkbook } from '#support/xlsx'
import { areaMessages } from '#validators/messages'
import { reportMonthValidator, teamReportValidator } from '#validators/report'

/** Reports (/app/report_page, /app/mcn_report) and a creator's statements (report_month). */
export default class ReportsController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'reports.validator') }
  }

  /** The team report's input, with the team filter checked against the caller's teams. */
  async #teamParams(ctx: HttpContext) {
    await ctx.bouncer.with('ReportPolicy').authorize('teams')
    const params = await teamReportValidator.validate(ctx.request.qs(), this.#messages(ctx))
    if (params.team_id !== undefined) {
      await ctx.bouncer.with('ReportPolicy').authorize('team', params.team_id)
    }
    return params
  }

  /** GET /api/reports/teams?from=YYYY-MM&to=YYYY-MM&team_id= — monthly totals per team. */
  async teams(ctx: HttpContext) {
    const params = await this.#teamParams(ctx)
    return ok(await TeamReportService.build(ctx.auth.getUserOrFail(), params))
  }

  /** GET /api/reports/teams/download — the same table as an Excel workbook. */
  async download(ctx: HttpContext) {
    const params = await this.#teamParams(ctx)
    const report = await TeamReportService.build(ctx.auth.getUserOrFail(), params)
    const buffer = await buildTeamReportWorkbook(report, (key, values) =>
      ctx.i18n.t(`reports.${key}`, values)
    )
    return sendWorkbook(ctx.response, buffer, `team-report-${params.from}_${params.to}.xlsx`)
  }

  /**
   * GET /api/creator/report_month?from=&to=&creator_id=&_start=&_end= — the
   * confirmed and paid monthly statements the caller may read: a creator
   * account its own, admins and finance every creator's; `{items, total}`.
   */
  async statements(ctx: HttpContext) {
    await ctx.bouncer.with('ReportPolicy').authorize('statements')
    const params = await reportMonthValidator.validate(ctx.request.qs(), this.#messages(ctx))
    const page = await StatementReportService.list(ctx.auth.getUserOrFail(), params)
    return ok(listEnvelope(page, presentSettlement))
  }
}
