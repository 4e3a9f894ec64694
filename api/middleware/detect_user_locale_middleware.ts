import { I18n } from '@adonisjs/i18n'
import i18nManager from '@adonisjs/i18n/services/main'
import type { NextFn } from '@adonisjs/core/types/http'
import { type HttpContext, RequestValidator } from '@adonisjs/core/http'
import { toLocale } from '#shared/locales'

/**
 * Picks the language of server messages: the `lang` header the admin sends
 * (kr, ch, en, jp), else Accept-Language, else English. Validation messages
 * use the same language.
 */
export default class DetectUserLocaleMiddleware {
  static {
    RequestValidator.messagesProvider = (ctx) => ctx.i18n.createMessagesProvider()
  }

  protected getRequestLocale(ctx: HttpContext) {
    const explicit = toLocale(ctx.request.header('lang'))
    if (explicit) return explicit
    return i18nManager.getSupportedLocaleFor(ctx.request.languages())
  }

  async handle(ctx: HttpContext, next: NextFn) {
    const language = this.getRequestLocale(ctx)
    ctx.i18n = i18nManager.locale(language || i18nManager.defaultLocale)
    ctx.containerResolver.bindValue(I18n, ctx.i18n)
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    i18n: I18n
  }
}
