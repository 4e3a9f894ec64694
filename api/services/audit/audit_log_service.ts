import AuditLog from '#models/audit_log'
import AuditLogCache from '#services/audit/audit_log_cache'
import { presentAuditLog } from '#services/audit/audit_log_presenter'
import { LIKE, containing, startingWith } from '#support/like'
import { pageWindow, paginate } from '#support/pagination'
import type { AuditLogListParams } from '#validators/list'

/** Reads the studio log (the audit log): newest first, filtered, paged the simple-rest way. */
export default class AuditLogService {
  /**
   * One page of the log: `action` matches a prefix, `user_id` one person,
   * `q` the address, the subject or the person's email or name.
   */
  static list(params: AuditLogListParams) {
    const query = AuditLog.query()
    if (params.action) query.whereRaw(LIKE, ['audit_logs.action', startingWith(params.action)])
    if (params.user_id) query.where('user_id', params.user_id)
    if (params.q) {
      const like = containing(params.q)
      query.where((builder) => {
        builder
          .whereRaw(LIKE, ['audit_logs.ip', like])
          .orWhereRaw(LIKE, ['audit_logs.subject_id', like])
          .orWhereHas('user', (users) => {
            users.whereRaw(LIKE, ['users.email', like]).orWhereRaw(LIKE, ['users.name', like])
          })
      })
    }
    const window = pageWindow(params._start, params._end, { max: 200, min: 1 })
    return paginate(query, window, (filtered) => filtered.preload('user').orderBy('id', 'desc'))
  }

  /** One page as the studio log shows it, kept a few seconds (AuditLogCache). */
  static presentedPage(params: AuditLogListParams) {
    return AuditLogCache.remember(JSON.stringify(params), async () => {
      const page = await this.list(params)
      return { total: page.total, rows: page.rows.map((row) => presentAuditLog(row)) }
    })
  }

  /** The actions that occur in the log, with how often, for the filter. */
  static async actions() {
    const rows = await AuditLog.query()
      .select('action')
      .count('* as total')
      .groupBy('action')
      .orderBy('action', 'asc')
    return rows.map((row) => ({ action: row.action, total: Number(row.$extras.total) }))
  }
}
