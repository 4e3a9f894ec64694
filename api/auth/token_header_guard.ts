import { errors, symbols } from '@adonisjs/auth'
import type { AuthClientResponse, GuardContract } from '@adonisjs/auth/types'
import type { HttpContext } from '@adonisjs/core/http'
import TokenExpiredException from '#exceptions/token_expired_exception'
import type User from '#models/user'
import TokenService from '#services/auth/token_service'

/**
 * The access token a request carries: the `token` header, else
 * `Authorization: Bearer`. Public routes that look at the caller's token
 * (logout, the white-ip call) read it the same way as the guard.
 */
export function readRequestToken(request: HttpContext['request']) {
  const header = request.header('token')
  if (header) return header.trim()
  const authorization = request.header('authorization')
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim()
  return null
}

/**
 * Authenticates the `token` header (SPEC §6, §7: "sent in a header named
 * token on every request"). `Authorization: Bearer <token>` is accepted too,
 * for API clients. An expired token raises TokenExpiredException, which the
 * handler answers with status -101 so that the client refreshes.
 * Verified tokens are cached for a few seconds in this process (see
 * api/auth/access_token_cache.ts for the eviction rules and their bound).
 */
class TokenHeaderGuard implements GuardContract<User> {
  declare [symbols.GUARD_KNOWN_EVENTS]: {}

  readonly driverName = 'token_header' as const
  authenticationAttempted = false
  isAuthenticated = false
  user?: User
  /** The refresh family of the token this request came with (kept when a password changes). */
  familyId?: string
  #ctx: HttpContext

  constructor(ctx: HttpContext) {
    this.#ctx = ctx
  }

  #unauthorized() {
    return new errors.E_UNAUTHORIZED_ACCESS('Unauthorized access', {
      guardDriverName: this.driverName,
    })
  }

  async authenticate(): Promise<User> {
    if (this.authenticationAttempted) return this.getUserOrFail()
    this.authenticationAttempted = true

    const value = readRequestToken(this.#ctx.request)
    if (!value) throw this.#unauthorized()

    const result = await TokenService.verifyAccessToken(value)
    if (result.state === 'expired') throw new TokenExpiredException('Token expired')
    if (result.state === 'invalid') throw this.#unauthorized()

    await TokenService.touch(result.usage)

    this.user = result.user
    this.familyId = result.token.familyId
    this.isAuthenticated = true
    return this.user
  }

  async check(): Promise<boolean> {
    try {
      await this.authenticate()
      return true
    } catch (error) {
      if (error instanceof errors.E_UNAUTHORIZED_ACCESS || error instanceof TokenExpiredException) {
        return false
      }
      throw error
    }
  }

  getUserOrFail(): User {
    if (!this.user) throw this.#unauthorized()
    return this.user
  }

  /** Used by Japa's `loginAs`: issues a real pair and sends its access token. */
  async authenticateAsClient(user: User): Promise<AuthClientResponse> {
    const pair = await TokenService.issuePair(user)
    return { headers: { token: pair.token } }
  }
}

export function tokenHeaderGuard() {
  return (ctx: HttpContext) => new TokenHeaderGuard(ctx)
}
