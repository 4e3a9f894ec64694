import type { HttpContext } from '@adonisjs/core/http'
import MetricController from '#controllers/metric_controller'
import DataCenterService from '#services/metrics/data_center_service'
import SeriesService from '#services/metrics/series_service'
import {
  dataCenterPanelValidator,
  fanTiersValidator,
  seriesValidator,
  dataCenterMessages,
} from '#validators/data_center'
import { okJson } from '#support/envelope'

/**
 * Data center (SPEC §2 Data Center, platform dashboards, Data Chart Panel):
 * MetricPolicy 'view' first (403 for companies), then the query string is
 * validated (422 in the caller's language) and the answer is computed for
 * the user's MetricScope (a creator account sees its own creators only).
 */
export default class DataCenterController extends MetricController {
  protected messages = dataCenterMessages

  /** GET /api/{brand}_dashboard_panel and /api/data-center */
  async panel(ctx: HttpContext) {
    const { scope, params } = await this.read(ctx, dataCenterPanelValidator)
    return okJson(ctx.response, await DataCenterService.panel(params, scope))
  }

  /** GET /api/dashboard/category/platform */
  async categories(ctx: HttpContext) {
    const { scope, params } = await this.read(ctx, dataCenterPanelValidator)
    return okJson(ctx.response, await DataCenterService.categories(params, scope))
  }

  /** GET /api/dashboard/fans?platform_id= */
  async fanTiers(ctx: HttpContext) {
    const { scope, params } = await this.read(ctx, fanTiersValidator)
    return okJson(ctx.response, await DataCenterService.fanTiers(params, scope))
  }

  /** GET /api/metrics/series */
  async series(ctx: HttpContext) {
    const { scope, params } = await this.read(ctx, seriesValidator)
    return okJson(ctx.response, await SeriesService.series(params, scope))
  }
}
