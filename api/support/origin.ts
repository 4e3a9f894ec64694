import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'

/** The studio's public address (APP_URL), or the one this request came to. */
export function originOf({ request }: Pick<HttpContext, 'request'>) {
  const configured = env.get('APP_URL')
  if (configured) return configured.replace(/\/+$/, '')
  return `${request.protocol()}://${request.host()}`
}
