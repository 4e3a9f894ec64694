import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isApiPath } from '#support/api_paths'

/**
 * What every API answer carries: `Cache-Control: no-store` (answers hold
 * private creator data, the revealed bank account among them, and must not
 * stay in a browser's or a proxy's cache), unless a route sets its own
 * caching (a public avatar), and no content sniffing.
 */
export default class SecurityHeadersMiddleware {
  async handle({ request, response }: HttpContext, next: NextFn) {
    if (isApiPath(request.url())) {
      response.header('cache-control', 'no-store')
      response.header('x-content-type-options', 'nosniff')
    }
    return next()
  }
}
