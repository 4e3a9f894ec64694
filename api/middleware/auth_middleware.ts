import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Every non-public route: a valid `token` header or 401 (-101 when it has expired). */
export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    /**
     * The guard itself first, so that its TokenExpiredException (-101)
     * reaches the handler: `authenticateUsing` goes through `check()` and
     * turns every failure into a plain 401. The second call only marks the
     * guard as the one used (the result is cached), so `ctx.auth.user` is set.
     */
    await ctx.auth.use('api').authenticate()
    await ctx.auth.authenticateUsing(['api'])
    return next()
  }
}
