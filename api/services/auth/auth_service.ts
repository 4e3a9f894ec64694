import { DateTime } from 'luxon'
import { errors as authErrors } from '@adonisjs/auth'
import User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import AuditService from '#services/audit/audit_service'
import TokenService, { type ClientMeta } from '#services/auth/token_service'
import { limitFailures } from '#services/auth/failure_limiter'
import { API_STATUS } from '#shared/constants'

/** Wrong passwords: per account and address, and per address alone (15 minutes). */
const LOGIN_RULES = (account: string, ip: string) => [
  {
    key: `login:account:${account}:${ip}`,
    failures: 5,
    duration: '15 mins',
    blockDuration: '15 mins',
  },
  { key: `login:ip:${ip}`, failures: 30, duration: '15 mins', blockDuration: '15 mins' },
]

/** Signing in, refreshing and signing out (SPEC §7 login, refresh_token, logout). */
export default class AuthService {
  /**
   * Checks the credentials (rate limited; wrong ones answer status 1 'Login
   * Failed') and the account's status, then issues a token pair and records
   * the sign-in.
   */
  static async login(account: string, password: string, meta: ClientMeta & { ip: string }) {
    const { ip } = meta
    let user: User
    try {
      user = await limitFailures(
        LOGIN_RULES(account, ip),
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
    this.#refuseInactive(user)

    const pair = await TokenService.issuePair(user, meta)
    user.lastLoginAt = DateTime.utc()
    user.lastLoginIp = ip
    await user.save()
    await AuditService.record({ action: 'auth.login', userId: user.id, ip })
    return pair
  }

  /** Pending, rejected (with the reason) and disabled accounts do not sign in. */
  static #refuseInactive(user: User) {
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
  }

  /**
   * A new pair for a refresh token, or null for an invalid, expired, revoked
   * or reused one (reuse revokes the whole family and is audited).
   */
  static async refresh(value: unknown, meta: ClientMeta & { ip: string }) {
    const result = typeof value === 'string' ? await TokenService.rotate(value, meta) : null
    if (result?.reused) {
      await AuditService.record({
        action: 'auth.refresh_reused',
        userId: result.userId,
        ip: meta.ip,
      })
    }
    return result && !result.reused ? result.pair : null
  }

  /**
   * Revokes the family of an access token (also a just-expired one, so that
   * its refresh token dies with it).
   */
  static async logout(value: string, ip: string) {
    const check = await TokenService.verifyAccessToken(value)
    if (check.state === 'invalid') return
    await TokenService.revokeFamily(check.token.familyId)
    await AuditService.record({ action: 'auth.logout', userId: check.token.userId, ip })
  }
}
