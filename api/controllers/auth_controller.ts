import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { errors as authErrors } from '@adonisjs/auth'
import User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import { readRequestToken } from '#auth/token_header_guard'
import AuditService from '#services/audit_service'
import PermissionService from '#services/permission_service'
import TokenService, { type TokenPair } from '#services/token_service'
import { limitFailures } from '#services/failure_limiter'
import UserPresenter from '#services/user_presenter'
import { loginValidator, refreshValidator } from '#validators/auth'
import { API_STATUS } from '#shared/constants'

/** The refresh token also travels as an HttpOnly cookie, so the admin's scripts never hold it. */
const REFRESH_COOKIE = 'refresh_token'
const REFRESH_COOKIE_PATH = '/api'

export default class AuthController {
  #setRefreshCookie({ response }: HttpContext, pair: TokenPair) {
    response.encryptedCookie(REFRESH_COOKIE, pair.refresh_token, {
      httpOnly: true,
      sameSite: 'strict',
      path: REFRESH_COOKIE_PATH,
      maxAge: TokenService.refreshTtlSeconds(),
    })
  }

  #clearRefreshCookie({ response }: HttpContext) {
    response.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH })
  }

  /**
   * POST /api/user/login — `account` (email) and `password`. Wrong
   * credentials answer status 1 ('Login Failed'); failures are rate limited
   * per account and address and per address alone.
   */
  async login(ctx: HttpContext) {
    const { request } = ctx
    const { account, password } = await request.validateUsing(loginValidator)
    const ip = request.ip()

    let user: User
    try {
      user = await limitFailures(
        [
          {
            key: `login:account:${account}:${ip}`,
            failures: 5,
            duration: '15 mins',
            blockDuration: '15 mins',
          },
          { key: `login:ip:${ip}`, failures: 30, duration: '15 mins', blockDuration: '15 mins' },
        ],
        () => User.verifyCredentials(account, password),
        [`login:account:${account}:${ip}`]
      )
    } catch (error) {
      if (error instanceof authErrors.E_INVALID_CREDENTIALS) {
        await AuditService.record({ action: 'auth.login_failed', ip, meta: { account } })
        throw new StudioException('auth.login_failed', {
          status: 400,
          apiStatus: API_STATUS.LOGIN_FAILED,
        })
      }
      throw error
    }

    if (user.status === 'pending') {
      throw new StudioException('auth.account_pending', {
        status: 403,
        apiStatus: API_STATUS.ACCOUNT_PENDING,
      })
    }
    if (user.status === 'rejected') {
      throw new StudioException('auth.account_rejected', {
        status: 403,
        apiStatus: API_STATUS.ACCOUNT_DISABLED,
        data: { reason: user.rejectedReason ?? '' },
      })
    }
    if (user.status !== 'active') {
      throw new StudioException('auth.account_disabled', {
        status: 403,
        apiStatus: API_STATUS.ACCOUNT_DISABLED,
      })
    }

    const pair = await TokenService.issuePair(user, { ip, userAgent: request.header('user-agent') })
    user.lastLoginAt = DateTime.utc()
    user.lastLoginIp = ip
    await user.save()
    await AuditService.record({ action: 'auth.login', userId: user.id, ip })

    this.#setRefreshCookie(ctx, pair)
    return { status: API_STATUS.OK, data: pair }
  }

  /**
   * PUT /api/refresh_token — the `refresh_token` form field (SPEC §7) or the
   * HttpOnly cookie. A new pair on success; `data: null` for an invalid,
   * expired, revoked or reused token (reuse revokes the whole family).
   */
  async refresh(ctx: HttpContext) {
    const { request } = ctx
    const input = await request.validateUsing(refreshValidator)
    const value = input.refresh_token ?? request.encryptedCookie(REFRESH_COOKIE)
    const ip = request.ip()

    const result =
      typeof value === 'string'
        ? await TokenService.rotate(value, { ip, userAgent: request.header('user-agent') })
        : null
    if (!result || result.reused) {
      if (result?.reused) {
        await AuditService.record({ action: 'auth.refresh_reused', userId: result.userId, ip })
      }
      this.#clearRefreshCookie(ctx)
      return {
        status: API_STATUS.OK,
        data: null,
        message: ctx.i18n.t('messages.auth.refresh_invalid'),
      }
    }

    this.#setRefreshCookie(ctx, result.pair)
    return { status: API_STATUS.OK, data: result.pair }
  }

  /**
   * POST /api/user/logout — revokes the current token family (also when the
   * access token has just expired, so that its refresh token dies with it)
   * and clears the cookie.
   */
  async logout(ctx: HttpContext) {
    const value = readRequestToken(ctx.request) ?? ''
    const check = await TokenService.verifyAccessToken(value)
    if (check.state !== 'invalid') {
      await TokenService.revokeFamily(check.token.familyId)
      await AuditService.record({
        action: 'auth.logout',
        userId: check.token.userId,
        ip: ctx.request.ip(),
      })
    }
    this.#clearRefreshCookie(ctx)
    return { status: API_STATUS.OK, data: null }
  }

  /** GET /api/user/info — the signed-in user and what they may do. */
  async info(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    await user.load('teams')
    return {
      status: API_STATUS.OK,
      data: {
        user: UserPresenter.toJson(user),
        permissions: await PermissionService.forRequest(ctx),
      },
    }
  }

  /** GET /api/user/permissions — `{ resource: [actions] }` for Refine's accessControlProvider. */
  async permissions(ctx: HttpContext) {
    return { status: API_STATUS.OK, data: await PermissionService.forRequest(ctx) }
  }
}
