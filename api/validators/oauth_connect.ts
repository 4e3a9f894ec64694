import vine from '@vinejs/vine'
import { OAUTH_PLATFORMS } from '#shared/oauth'

/* Connecting an open-platform login by OAuth (issue 28 §2). */

/** POST /api/creators/:id/accounts/:platform/connect (the platform from the path). */
export const oauthStartValidator = vine.compile(
  vine.object({ platform: vine.enum(OAUTH_PLATFORMS) })
)

/**
 * GET /api/oauth/:platform/callback: what the platform's redirect carries
 * (state, and code or error); every field optional, the service says what
 * a missing one means.
 */
export const oauthCallbackValidator = vine.compile(
  vine.object({
    platform: vine.enum(OAUTH_PLATFORMS),
    state: vine.string().trim().maxLength(200).optional(),
    code: vine.string().trim().maxLength(2000).optional(),
    error: vine.string().trim().maxLength(200).optional(),
  })
)
