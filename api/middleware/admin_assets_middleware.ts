import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import studioConfig from '#config/studio'
import env from '#start/env'
import { isApiPath } from '#support/api_paths'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

/**
 * The admin's Content-Security-Policy: its own scripts only (no inline
 * script: the brand travels in a meta tag), styles inline as antd writes
 * them at run time, nothing from other sites, and no framing. The access
 * token lives in a cookie the admin's scripts read, so this matters.
 * `media-src blob:` lets the upload station read a chosen video's length
 * from the file in hand (nothing is fetched).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * Serves the built admin (admin/dist) on the API's port: hashed assets under
 * /assets with a year-long immutable cache, everything else no-cache, and
 * Vite's pre-compressed .br/.gz files when the browser accepts them. Any
 * other GET that is not an API path answers the SPA's index.html, so that
 * client-side routes such as /app/dashboard load on refresh. index.html gets
 * the configured brand (APP_BRAND) written into its `app-brand` meta tag.
 */
export default class AdminAssetsMiddleware {
  /** ADMIN_DIST points at another build of the admin (e.g. one per parallel test run). */
  #root = env.get('ADMIN_DIST') ?? app.publicPath()
  static #index: { mtimeMs: number; html: string; framed: string } | null = null

  /**
   * index.html with the brand written in; `framed` also has the signed-in
   * frame (its `boot-shell` template) in #root, painted before the scripts run.
   */
  async #indexHtml(file: string, mtimeMs: number) {
    const cached = AdminAssetsMiddleware.#index
    if (cached && cached.mtimeMs === mtimeMs) return cached
    const template = await readFile(file, 'utf8')
    const html = template.replace('__APP_BRAND__', studioConfig.brand)
    const frame = /<template id="boot-shell">([\s\S]*?)<\/template>/.exec(html)?.[1]
    const framed = frame
      ? html.replace('<div id="root"></div>', () => `<div id="root">${frame.trim()}</div>`)
      : html
    AdminAssetsMiddleware.#index = { mtimeMs, html, framed }
    return AdminAssetsMiddleware.#index
  }

  /** An /app address opened with an access token: the reader expects the signed-in frame. */
  static #expectsFrame(relative: string, cookies: Record<string, unknown>) {
    if (relative !== 'app' && !relative.startsWith(`app${sep}`)) return false
    return typeof cookies.token === 'string' && cookies.token.trim() !== ''
  }

  async handle(ctx: HttpContext, next: NextFn) {
    const { request, response } = ctx
    const method = request.method()
    const url = request.url()
    if ((method !== 'GET' && method !== 'HEAD') || isApiPath(url)) {
      return next()
    }

    let relative: string
    try {
      relative = normalize(decodeURIComponent(url)).replace(/^([/\\])+/, '')
    } catch {
      return next()
    }
    let file = join(this.#root, relative)
    if (!file.startsWith(this.#root + sep) && file !== this.#root) return next()

    let info = await stat(file).catch(() => null)
    if (!info || !info.isFile()) {
      if (extname(relative)) {
        return next()
      }
      file = join(this.#root, 'index.html')
      info = await stat(file).catch(() => null)
      if (!info) return next()
    }

    const extension = extname(file)
    const isHashedAsset = relative.startsWith('assets/')
    response.header('content-type', TYPES[extension] ?? 'application/octet-stream')
    response.header('x-content-type-options', 'nosniff')
    response.header('referrer-policy', 'same-origin')
    response.header('vary', 'accept-encoding')
    response.header(
      'cache-control',
      isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache'
    )
    if (extension === '.html') {
      response.header('x-frame-options', 'DENY')
      response.header('content-security-policy', CONTENT_SECURITY_POLICY)
      if (file.endsWith(`${sep}index.html`)) {
        const index = await this.#indexHtml(file, info.mtimeMs)
        const framed = AdminAssetsMiddleware.#expectsFrame(relative, request.cookiesList())
        response.header('vary', 'accept-encoding, cookie')
        const html = framed ? index.framed : index.html
        return response.status(200).send(method === 'HEAD' ? '' : html)
      }
    }

    const accepted = request.header('accept-encoding') ?? ''
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (!accepted.includes(encoding)) continue
      const compressed = await stat(file + suffix).catch(() => null)
      if (compressed?.isFile()) {
        response.header('content-encoding', encoding)
        response.header('content-length', String(compressed.size))
        if (method === 'HEAD') return response.status(200).send('')
        return response.stream(createReadStream(file + suffix))
      }
    }

    response.header('content-length', String(info.size))
    if (method === 'HEAD') return response.status(200).send('')
    return response.stream(createReadStream(file))
  }
}
