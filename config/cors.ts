import env from '#start/env'
import { defineConfig } from '@adonisjs/cors'

/**
 * The admin is served from the same origin as the API, so CORS only matters
 * for other front ends listed in CORS_ORIGINS. Refine's simple-rest sends
 * PATCH and reads `x-total-count`; the API reads the `token` header.
 */
const origins = (env.get('CORS_ORIGINS') ?? '')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean)

export default defineConfig({
  enabled: true,
  origin: origins,
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  headers: true,
  exposeHeaders: ['x-total-count', 'content-disposition'],
  credentials: true,
  maxAge: 90,
})
