import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Alert from '#models/alert'
import User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import AuditService from '#services/audit/audit_service'
import NotificationService from '#services/notifications/notification_service'
import { pageWindow, paginate } from '#support/pagination'
import { affectedRows } from '#support/sql'
import type { Actor } from '#support/actor'
import type { AlertListParams } from '#validators/alert'
import { ALERT_KINDS } from '#shared/alerts'

/** Listing, counting and handling alerts (acknowledge, assign, resolve). */
export default class AlertService {
  static async list(user: User, params: AlertListParams) {
    const query = Alert.query().withScopes((scopes) => scopes.visibleTo(user))
    const status = params.status ?? 'active'
    if (status === 'active') query.whereIn('status', ['open', 'acknowledged'])
    else query.where('status', status)
    if (params.kind) query.where('kind', params.kind)
    if (params.platform) query.where('platform', params.platform)
    if (params.creator_id) query.where('creator_id', params.creator_id)
    if (params.assignee === 'me') query.where('assignee_id', user.id)
    else if (params.assignee === 'none') query.whereNull('assignee_id')
    else if (params.assignee) query.where('assignee_id', Number(params.assignee))
    if (params.team) {
      query.whereIn('creator_id', (sub) =>
        sub
          .from('creators')
          .join('teams', 'teams.id', 'creators.cp_team_id')
          .where('teams.key', params.team!)
          .select('creators.id')
      )
    }
    return paginate(query, pageWindow(params._start, params._end), (filtered) =>
      filtered
        .preload('creator')
        .preload('assignee')
        .preload('acknowledger')
        .orderByRaw(`CASE severity WHEN 'critical' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END`)
        .orderBy('day', 'desc')
        .orderBy('id', 'desc')
    )
  }

  /** Open and acknowledged alerts per kind, and how many are mine. */
  static async summary(user: User) {
    const rows = await db
      .from('alerts')
      .whereIn('status', ['open', 'acknowledged'])
      .groupBy('kind', 'status')
      .select('kind', 'status')
      .count('* as total')
    const byKind = Object.fromEntries(
      ALERT_KINDS.map((kind) => [kind, { open: 0, acknowledged: 0 }])
    )
    for (const row of rows)
      byKind[row.kind][row.status as 'open' | 'acknowledged'] = Number(row.total)
    const mine = await db
      .from('alerts')
      .whereIn('status', ['open', 'acknowledged'])
      .where('assignee_id', user.id)
      .count('* as total')
      .first()
    return { kinds: byKind, mine: Number(mine?.total ?? 0) }
  }

  static async #find(id: number) {
    const alert = await Alert.findOrFail(id)
    return alert
  }

  static async #reload(alert: Alert) {
    await alert.load('creator')
    await alert.load('assignee')
    await alert.load('acknowledger')
    return alert
  }

  static async acknowledge(actor: Actor, id: number, note?: string) {
    const alert = await this.#find(id)
    if (alert.status === 'resolved')
      throw new StudioException('alerts.errors.already_resolved', { status: 409 })
    alert.status = 'acknowledged'
    alert.acknowledgedBy = actor.user.id
    alert.acknowledgedAt = DateTime.utc()
    if (note !== undefined) alert.note = note
    await alert.save()
    await AuditService.log(actor, 'alert.acknowledge', ['alert', alert.id])
    return this.#reload(alert)
  }

  static async resolve(actor: Actor, id: number, note?: string) {
    const alert = await this.#find(id)
    alert.status = 'resolved'
    alert.resolvedAt = DateTime.utc()
    alert.acknowledgedBy ??= actor.user.id
    alert.acknowledgedAt ??= DateTime.utc()
    if (note !== undefined) alert.note = note
    await alert.save()
    await AuditService.log(actor, 'alert.resolve', ['alert', alert.id])
    return this.#reload(alert)
  }

  /** Assigns to an active staff-side person (or nobody); the assignee hears of it. */
  static async assign(actor: Actor, id: number, userId: number | null) {
    const alert = await this.#find(id)
    if (userId !== null) {
      const assignee = await User.find(userId)
      if (!assignee || assignee.status !== 'active' || assignee.accountType !== 'staff') {
        throw new StudioException('alerts.errors.assignee', { status: 422 })
      }
    }
    await db.transaction(async (trx) => {
      alert.useTransaction(trx)
      alert.assigneeId = userId
      await alert.save()
      if (userId !== null && userId !== actor.user.id) {
        await alert.load('creator')
        await NotificationService.notify(
          {
            kind: 'alert',
            userIds: [userId],
            params: {
              creator: alert.creator?.channelName ?? '',
              platform: alert.platform,
              change: null,
            },
            link: `/app/alert_dashboard?assignee=me`,
          },
          trx
        )
      }
      const meta = { assignee_id: userId }
      await AuditService.log(actor, 'alert.assign', ['alert', alert.id], meta, trx)
    })
    return this.#reload(alert)
  }

  static async bulk(actor: Actor, ids: number[], action: 'acknowledge' | 'resolve') {
    const stamp = DateTime.utc().toSQL({ includeOffset: false })
    const query = db.from('alerts').whereIn('id', ids).whereNot('status', 'resolved')
    const changes =
      action === 'acknowledge'
        ? {
            status: 'acknowledged',
            acknowledged_by: actor.user.id,
            acknowledged_at: stamp,
            updated_at: stamp,
          }
        : { status: 'resolved', resolved_at: stamp, updated_at: stamp }
    const affected = await query.update(changes)
    await AuditService.log(actor, `alert.bulk_${action}`, ['alert', null], { ids })
    return affectedRows(affected)
  }
}
