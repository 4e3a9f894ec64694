import { defineConfig } from '@adonisjs/auth'
import type { Authenticators, InferAuthEvents, InferAuthenticators } from '@adonisjs/auth/types'
import { tokenHeaderGuard } from '#auth/token_header_guard'

/**
 * One guard: the `token` header of SPEC §6 with short-lived access tokens and
 * rotating refresh tokens (api/services/auth/token_service.ts).
 */
const authConfig = defineConfig({
  default: 'api',
  guards: {
    api: tokenHeaderGuard(),
  },
})

export default authConfig

declare module '@adonisjs/auth/types' {
  export interface Authenticators extends InferAuthenticators<typeof authConfig> {}
}
declare module '@adonisjs/core/types' {
  interface EventsList extends InferAuthEvents<Authenticators> {}
}
