import { CRAWLER_SERVICES } from '#shared/crawler_service'

/**
 * Paths that belong to the API, never to the single-page admin: /api, the
 * SPEC §7 paths named without it (/add/white_ip, the crawler service of
 * api/start/routes/crawler_service.ts).
 */
const API_PREFIXES = [
  '/api/',
  '/add/',
  '/all_platform/',
  ...Object.keys(CRAWLER_SERVICES).map((service) => `/${service}/`),
]

/** Whether `url` is answered by the API (the admin's files are served beside it). */
export function isApiPath(url: string) {
  return url === '/api' || API_PREFIXES.some((prefix) => url.startsWith(prefix))
}
