import type { HttpContext } from '@adonisjs/core/http'
import { readRequestToken } from '#auth/token_header_guard'
import AuthService from '#services/auth/auth_service'
import PermissionService from '#services/permission_service'
import TokenService, { type TokenPair } from '#services/auth/token_service'
import AccountService from '#services/people/account_service'
import { ok } from '#support/envelope'
import { loginValidator, refreshValidator } from '#validators/auth'
import { API_STATUS } from '#shared/constants'

/** The refresh token also travels as an HttpOnly cookie, so the admin's scripts never hold it. */
const REFRESH_COOKIE = 'refresh_token'
const REFRESH_COOKIE_PATH = '/api'

export default class AuthController {
  /**
   * Secure whenever the request came over https, directly or through a
   * trusted proxy's X-Forwarded-Proto (TRUSTED_PROXIES), whatever APP_URL says.
   */
  #setRefreshCookie({ request, response }: HttpContext, pair: TokenPair) {
    response.encryptedCookie(REFRESH_COOKIE, pair.refresh_token, {
      httpOnly: true,
      secure: request.secure(),
      sameSite: 'strict',
      path: REFRESH_COOKIE_PATH,
      maxAge: TokenService.refreshTtlSeconds(),
    })
  }

  #clearRefreshCookie({ response }: HttpContext) {
    response.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH })
  }

  #client({ request }: HttpContext) {
    return { ip: request.ip(), userAgent: request.header('user-agent') }
  }

  /**
   * POST /api/user/login — `account` (email) and `password`. Wrong
   * credentials answer status 1 ('Login Failed'); failures are rate limited
   * per account and address and per address alone.
   */
  async login(ctx: HttpContext) {
    const { account, password } = await ctx.request.validateUsing(loginValidator)
    const pair = await AuthService.login(account, password, this.#client(ctx))
    this.#setRefreshCookie(ctx, pair)
    return ok(pair)
  }

  /**
   * PUT /api/refresh_token — the `refresh_token` form field (SPEC §7) or the
   * HttpOnly cookie. A new pair on success; `data: null` for an invalid,
   * expired, revoked or reused token (reuse revokes the whole family).
   */
  async refresh(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(refreshValidator)
    const value = input.refresh_token ?? ctx.request.encryptedCookie(REFRESH_COOKIE)
    const pair = await AuthService.refresh(value, this.#client(ctx))
    if (!pair) {
      this.#clearRefreshCookie(ctx)
      return {
        status: API_STATUS.OK,
        data: null,
        message: ctx.i18n.t('messages.auth.refresh_invalid'),
      }
    }
    this.#setRefreshCookie(ctx, pair)
    return ok(pair)
  }

  /**
   * POST /api/user/logout — revokes the current token family (also when the
   * access token has just expired, so that its refresh token dies with it)
   * and clears the cookie.
   */
  async logout(ctx: HttpContext) {
    await AuthService.logout(readRequestToken(ctx.request) ?? '', ctx.request.ip())
    this.#clearRefreshCookie(ctx)
    return ok(null)
  }

  /** GET /api/user/info — the signed-in user and what they may do. */
  async info(ctx: HttpContext) {
    const [user, permissions] = await Promise.all([
      AccountService.presentedProfile(ctx.auth.getUserOrFail()),
      PermissionService.forRequest(ctx),
    ])
    return ok({ user, permissions })
  }

  /** GET /api/user/permissions — `{ resource: [actions] }` for Refine's accessControlProvider. */
  async permissions(ctx: HttpContext) {
    return ok(await PermissionService.forRequest(ctx))
  }
}
