import type { HttpContext } from '@adonisjs/core/http'
import AlertService from '#services/alerts/alert_service'
import AlertScanService from '#services/alerts/alert_scan_service'
import AlertRulesService from '#services/alerts/alert_rules_service'
import { presentAlert } from '#services/alerts/alert_presenter'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { listResponse } from '#support/pagination'
import { areaMessages } from '#validators/messages'
import {
  alertAssignValidator,
  alertBulkValidator,
  alertIdValidator,
  alertListValidator,
  alertNoteValidator,
  alertRulesValidator,
  alertScanValidator,
} from '#validators/alert'

/** The alert dashboard (/app/alert_dashboard). */
export default class AlertsController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'alerts.validator') }
  }

  async #id(ctx: HttpContext) {
    const { id } = await alertIdValidator.validate(ctx.params, this.#messages(ctx))
    return id
  }

  /** GET /api/alerts?status=active|open|acknowledged|resolved&kind=&platform=&team=&assignee=me|none|id */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('AlertPolicy').authorize('view')
    const params = await ctx.request.validateUsing(alertListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const page = await AlertService.list(ctx.auth.getUserOrFail(), params)
    return listResponse(ctx.response, page, presentAlert)
  }

  /** GET /api/alerts/summary */
  async summary(ctx: HttpContext) {
    await ctx.bouncer.with('AlertPolicy').authorize('view')
    return ok(await AlertService.summary(ctx.auth.getUserOrFail()))
  }

  /** POST /api/alerts/:id/acknowledge {note?} */
  async acknowledge(ctx: HttpContext) {
    await ctx.bouncer.with('AlertPolicy').authorize('handle')
    const id = await this.#id(ctx)
    const { note } = await ctx.request.validateUsing(alertNoteValidator, this.#messages(ctx))
    return ok(presentAlert(await AlertService.acknowledge(actorOf(ctx), id, note)))
  }

  /** POST /api/alerts/:id/resolve {note?} */
  async resolve(ctx: HttpContext) {
    await ctx.bouncer.with('AlertPolicy').authorize('handle')
    const id = await this.#id(ctx)
    const { note } = await ctx.request.validateUsing(alertNoteValidator, this.#messages(ctx))
    return ok(presentAlert(await AlertService.resolve(actorOf(ctx), id, note)))
  }

  /** POST /api/alerts/:id/assign {user_id|null} */
  async assign(ctx: HttpContext) {
    await ctx.bouncer.with('AlertPolicy').authorize('handle')
    const id = await this.#id(ctx)
    const { user_id: userId } = await ctx.request.validateUsing(
      alertAssignValidator,
      this.#messages(ctx)
    )
    return ok(presentAlert(await AlertService.assign(actorOf(ctx), id, userId)))
  }

  /** POST /api/alerts/bulk {ids, action: acknowledge|resolve} */
  async bulk(ctx: HttpContext) {
    await ctx.bouncer.with('AlertPolicy').authorize('handle')
    const { ids, action } = await ctx.request.validateUsing(alertBulkValidator, this.#messages(ctx))
    return ok({ changed: await AlertService.bulk(actorOf(ctx), ids, action) })
  }

  /** POST /api/alerts/scan {day?} — managers and admins, answered when done. */
  async scan(ctx: HttpContext) {
    await ctx.bouncer.with('AlertPolicy').authorize('scan')
    const { day } = await ctx.request.validateUsing(alertScanValidator, this.#messages(ctx))
    return ok(await AlertScanService.scan({ day }))
  }

  /** GET /api/alerts/rules */
  async rules(ctx: HttpContext) {
    await ctx.bouncer.with('AlertPolicy').authorize('view')
    return ok(await AlertRulesService.get())
  }

  /** PUT /api/alerts/rules — admins. */
  async updateRules(ctx: HttpContext) {
    await ctx.bouncer.with('AlertPolicy').authorize('editRules')
    const rules = await ctx.request.validateUsing(alertRulesValidator, this.#messages(ctx))
    return ok(await AlertRulesService.set(rules, ctx.auth.getUserOrFail().id))
  }
}
