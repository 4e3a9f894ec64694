import type { HttpContext } from '@adonisjs/core/http'
import NotificationService from '#services/notifications/notification_service'
import { areaMessages } from '#validators/messages'
import { ok } from '#support/envelope'
import { headlinePageValidator, notificationIdValidator } from '#validators/notification'
import { HEADLINE_PAGE_SIZE } from '#shared/constants'

/** The header's headline notifications: my own, newest first, 20 at a time. */
export default class HeadlineNotificationsController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'people.validator') }
  }

  /** GET /api/headline-notifications?offset=0&limit=20 → {items, total, unread, offset, limit} */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('NotificationPolicy').authorize('view')
    const { offset, limit } = await headlinePageValidator.validate(
      ctx.request.qs(),
      this.#messages(ctx)
    )
    const user = ctx.auth.getUserOrFail()
    return ok(await NotificationService.page(user, offset ?? 0, limit ?? HEADLINE_PAGE_SIZE))
  }

  /** GET /api/headline-notifications/unread → {unread} (polled by the header). */
  async unread(ctx: HttpContext) {
    await ctx.bouncer.with('NotificationPolicy').authorize('view')
    const user = ctx.auth.getUserOrFail()
    return ok({ unread: await NotificationService.unread(user.id) })
  }

  /** POST /api/headline-notifications/:id/read */
  async read(ctx: HttpContext) {
    await ctx.bouncer.with('NotificationPolicy').authorize('view')
    const { id } = await notificationIdValidator.validate(ctx.params, this.#messages(ctx))
    const user = ctx.auth.getUserOrFail()
    await NotificationService.markRead(user.id, id)
    return ok({ unread: await NotificationService.unread(user.id) })
  }

  /** POST /api/headline-notifications/read-all */
  async readAll(ctx: HttpContext) {
    await ctx.bouncer.with('NotificationPolicy').authorize('view')
    const user = ctx.auth.getUserOrFail()
    await NotificationService.markRead(user.id)
    return ok({ unread: 0 })
  }
}
