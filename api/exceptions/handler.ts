import app from '@adonisjs/core/services/app'
import string from '@adonisjs/core/helpers/string'
import i18nManager from '@adonisjs/i18n/services/main'
import { ExceptionHandler, type HttpContext } from '@adonisjs/core/http'
import { errors as authErrors } from '@adonisjs/auth'
import { errors as bouncerErrors } from '@adonisjs/bouncer'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { errors as vineErrors } from '@vinejs/vine'
import { API_STATUS } from '#shared/constants'
import IpNotAllowedException from '#exceptions/ip_not_allowed_exception'
import StudioException from '#exceptions/studio_exception'
import TokenExpiredException from '#exceptions/token_expired_exception'

/**
 * Every error leaves the API as `{ status, message }` in the caller's
 * language (SPEC design: "every error body carries status and a message a
 * person can act on"). Known failures map onto 4xx answers; only a real fault
 * is a 500, and its details are logged, not sent.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction && !app.inTest

  #t(ctx: HttpContext, key: string, data?: Record<string, unknown>) {
    const i18n = ctx.i18n ?? i18nManager.locale(i18nManager.defaultLocale)
    // Keys of messages.json are written without their file; an area's own
    // file is named in full ('board.errors.not_found' → board.json).
    const identifier = i18n.resolveIdentifier(`messages.${key}`) ? `messages.${key}` : key
    return i18n.t(identifier, data)
  }

  /**
   * A body over the body parser's limit: a file sent as multipart is an
   * upload; a JSON or form body is data, told with the limit it went over
   * (the parser's error does not carry it; config/bodyparser.ts does).
   */
  #tooLarge(ctx: HttpContext) {
    if (ctx.request.is(['multipart'])) return this.#t(ctx, 'errors.too_large')
    const kind = ctx.request.is(['urlencoded']) ? 'form' : 'json'
    const limit = Number(string.bytes.parse(app.config.get(`bodyparser.${kind}.limit`, '1mb')))
    if (!Number.isFinite(limit) || limit <= 0) return this.#t(ctx, 'errors.too_large')
    const max =
      limit >= 1024 * 1024
        ? `${Math.round((limit / 1024 / 1024) * 10) / 10} MB`
        : `${Math.ceil(limit / 1024)} KB`
    return this.#t(ctx, 'errors.body_too_large', { max })
  }

  #send(ctx: HttpContext, httpStatus: number, body: Record<string, unknown>) {
    return ctx.response.status(httpStatus).send(body)
  }

  async handle(error: unknown, ctx: HttpContext) {
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      const messages = error.messages as { field: string; message: string; rule: string }[]
      return this.#send(ctx, 422, {
        status: 422,
        message: messages[0]?.message ?? this.#t(ctx, 'errors.bad_request'),
        errors: messages,
      })
    }

    if (error instanceof TokenExpiredException) {
      return this.#send(ctx, 401, {
        status: API_STATUS.TOKEN_EXPIRED,
        message: this.#t(ctx, 'auth.token_expired'),
        data: null,
      })
    }

    if (error instanceof authErrors.E_UNAUTHORIZED_ACCESS) {
      return this.#send(ctx, 401, { status: 401, message: this.#t(ctx, 'auth.access_check_fail') })
    }

    if (error instanceof IpNotAllowedException) {
      return this.#send(ctx, 403, {
        status: API_STATUS.IP_NOT_REGISTERED,
        message: this.#t(ctx, 'auth.ip_not_registered', { ip: error.ip }),
        data: { ip: error.ip },
      })
    }

    if (error instanceof bouncerErrors.E_AUTHORIZATION_FAILURE) {
      return this.#send(ctx, 403, { status: 403, message: this.#t(ctx, 'auth.no_permission') })
    }

    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      const seconds = error.response.availableIn
      ctx.response.header('retry-after', String(seconds))
      return this.#send(ctx, 429, {
        status: 429,
        message: this.#t(ctx, 'errors.too_many_attempts', { seconds }),
      })
    }

    if (error instanceof StudioException) {
      return this.#send(ctx, error.status, {
        status: error.apiStatus,
        message: this.#t(ctx, error.messageKey, error.data),
        ...(Object.keys(error.data).length ? { data: error.data } : {}),
      })
    }

    const status = (error as { status?: number })?.status
    const code = (error as { code?: string })?.code
    if (code === 'E_ROUTE_NOT_FOUND' || code === 'E_ROW_NOT_FOUND' || status === 404) {
      return this.#send(ctx, 404, { status: 404, message: this.#t(ctx, 'errors.not_found') })
    }
    if (status === 413) {
      return this.#send(ctx, 413, { status: 413, message: this.#tooLarge(ctx) })
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return this.#send(ctx, status, { status, message: this.#t(ctx, 'errors.bad_request') })
    }

    return this.#send(ctx, 500, {
      status: 500,
      message: this.#t(ctx, 'errors.server_error'),
      ...(this.debug ? { debug: String((error as Error)?.stack ?? error) } : {}),
    })
  }

  async report(error: unknown, ctx: HttpContext) {
    return super.report(error, ctx)
  }
}
