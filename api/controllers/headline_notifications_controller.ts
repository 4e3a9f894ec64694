import type { HttpContext } from '@adonisjs/core/http'
import NotificationService from '#services/notification_service'
import { areaMessages } from '#validators/messages'
import {
  HEADLINE_PAGE_SIZE,
  headlinePageValidator,
  notificationIdValidator,
} from '#validators/notification'
import { API_STATUS } from '#shared/constants'

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
    return {
      status: API_STATUS.OK,
      data: await NotificationService.page(user.id, offset ?? 0, limit ?? HEADLINE_PAGE_SIZE),
    }
  }

  /** GET /api/headline-notifications/unread → {unread} (polled by the header). */
  async unread(ctx: HttpContext) {
    await ctx.bouncer.with('NotificationPolicy').authorize('view')
    const user = ctx.auth.getUserOrFail()
    return { status: API_STATUS.OK, data: { unread: await NotificationService.unread(user.id) } }
  }

  /** POST /api/headline-notifications/:id/read */
  async read(ctx: HttpContext) {
    await ctx.bouncer.with('NotificationPolicy').authorize('view')
    const { id } = await notificationIdValidator.validate(ctx.params, this.#messages(ctx))
    const user = ctx.auth.getUserOrFail()
    await NotificationService.markRead(user.id, id)
    return { status: API_STATUS.OK, data: { unread: await NotificationService.unread(user.id) } }
  }

  /** POST /api/headline-notifications/read-all */
  async readAll(ctx: HttpContext) {
    await ctx.bouncer.with('NotificationPolicy').authorize('view')
    const user = ctx.auth.getUserOrFail()
    await NotificationService.markRead(user.id)
    return { status: API_STATUS.OK, data: { unread: 0 } }
  }
}
