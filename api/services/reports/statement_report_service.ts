import type User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import Settlement from '#models/settlement'
import { monthRange } from '#services/settlement/settlement_service'
import { pageWindow, paginate } from '#support/pagination'
import { REPORT_LIMITS, REPORTED_STATEMENT_STATUSES } from '#shared/reports'
import type { ReportMonthParams } from '#validators/report'

/**
 * A creator's monthly statements (/api/creator/report_month, the creator
 * account's Report screen): confirmed and paid ones only, newest month
 * first. A creator account sees its own (Settlement.visibleTo scopes
 * it); admins and finance every creator's (filter by `creator_id`).
 */
export default class StatementReportService {
  static list(user: User, params: ReportMonthParams) {
    if (params.from && params.to && params.from > params.to) {
      throw new StudioException('reports.errors.range_order', { status: 422 })
    }
    const query = Settlement.query()
      .withScopes((scopes) => scopes.visibleTo(user))
      .whereIn('status', [...REPORTED_STATEMENT_STATUSES])
    if (params.from) query.where('month', '>=', monthRange(params.from).first)
    if (params.to) query.where('month', '<', monthRange(params.to).next)
    if (params.creator_id) query.where('creator_id', params.creator_id)
    const window = pageWindow(params._start, params._end, {
      size: 24,
      max: REPORT_LIMITS.pageMax,
      min: 1,
    })
    return paginate(query, window, (filtered) =>
      filtered.preload('creator').orderBy('month', 'desc').orderBy('id', 'asc')
    )
  }
}
