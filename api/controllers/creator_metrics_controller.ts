import type { HttpContext } from '@adonisjs/core/http'
import MetricController from '#controllers/metric_controller'
import CreatorMetricsService from '#services/metrics/creator_metrics_service'
import {
  creatorDailyValidator,
  creatorDetailValidator,
  creatorMonthlyValidator,
  dataCenterMessages,
} from '#validators/data_center'
import { ok } from '#support/envelope'

/**
 * A creator's charts and daily records (SPEC §2 Creator detail, §7
 * /api/creator/chart/* and /api/creator/dashboard/detail): MetricPolicy
 * 'view', then a creator outside the user's MetricScope is a 404.
 */
export default class CreatorMetricsController extends MetricController {
  protected messages = dataCenterMessages

  /** GET /api/creator/chart/daily?id= */
  async daily(ctx: HttpContext) {
    const { scope, params } = await this.read(ctx, creatorDailyValidator)
    return ok(await CreatorMetricsService.daily(params, scope))
  }

  /** GET /api/creator/chart/monthly?id=&months= */
  async monthly(ctx: HttpContext) {
    const { scope, params } = await this.read(ctx, creatorMonthlyValidator)
    return ok(await CreatorMetricsService.monthly(params, scope))
  }

  /** GET /api/creator/dashboard/detail?id= */
  async detail(ctx: HttpContext) {
    const { scope, params } = await this.read(ctx, creatorDetailValidator)
    return ok(await CreatorMetricsService.detail(params, scope))
  }
}
