import type { HttpContext } from '@adonisjs/core/http'
import DashboardService from '#services/metrics/dashboard_service'
import { buildDashboardWorkbook } from '#services/metrics/dashboard_excel'
import MetricController from '#controllers/metric_controller'
import {
  dashboardListValidator,
  dashboardRangeValidator,
  dashboardRankingValidator,
  dashboardTotalValidator,
} from '#validators/dashboard'
import { okJson } from '#support/envelope'
import { sendWorkbook } from '#support/xlsx'

/**
 * The dashboard (SPEC §2 Dashboard, §7 /api/{brand}_dashboard and
 * /api/dashboard/*). Each action asks MetricPolicy, validates the query
 * string, narrows to the user's creators (MetricScope) and hands the work
 * to DashboardService; answers are `{status: 0, data}`.
 */
export default class DashboardsController extends MetricController {
  /** GET /api/{brand}_dashboard and /api/dashboard/overview */
  async overview(ctx: HttpContext) {
    const { scope, params } = await this.read(ctx, dashboardRangeValidator)
    return okJson(ctx.response, await DashboardService.overview(scope, params))
  }

  /** GET /api/dashboard/list and /api/dashboard/sort */
  async list(ctx: HttpContext) {
    const { scope, params } = await this.read(ctx, dashboardListValidator)
    return okJson(ctx.response, await DashboardService.list(scope, params))
  }

  /** GET /api/dashboard/total */
  async total(ctx: HttpContext) {
    const { scope, params } = await this.read(ctx, dashboardTotalValidator)
    return okJson(ctx.response, await DashboardService.totals(scope, params))
  }

  /** GET /api/dashboard/chart/weekly */
  async chart(ctx: HttpContext) {
    const { scope, params } = await this.read(ctx, dashboardRangeValidator)
    return okJson(ctx.response, await DashboardService.chart(scope, params))
  }

  /** GET /api/dashboard/ranking/month(/) */
  async ranking(ctx: HttpContext) {
    const { scope, params } = await this.read(ctx, dashboardRankingValidator)
    return okJson(ctx.response, await DashboardService.ranking(scope, params))
  }

  /** GET /api/dashboard/download — the dashboard of the range as an .xlsx, titles in the user's language. */
  async download(ctx: HttpContext) {
    const { scope, params } = await this.read(ctx, dashboardRangeValidator, 'download')
    const data = await DashboardService.downloadData(scope, params)
    const buffer = await buildDashboardWorkbook(data, (key, values) =>
      ctx.i18n.t(`dashboard.${key}`, values)
    )
    const { start, end } = data.chart.range
    const suffix = params.platform ? `-${params.platform}` : ''
    return sendWorkbook(ctx.response, buffer, `dashboard${suffix}-${start}_${end}.xlsx`)
  }
}
