/** Paths that belong to the API, never to the single-page admin. */
const API_PREFIXES = ['/api/', '/add/']

/** Whether `url` is answered by the API (the admin's files are served beside it). */
export function isApiPath(url: string) {
  return url === '/api' || API_PREFIXES.some((prefix) => url.startsWith(prefix))
}
