import vine from '@vinejs/vine'
import { LIMITS } from '#shared/constants'

/** POST /api/user/login (SPEC §5 Login): account is the email. */
export const loginValidator = vine.compile(
  vine.object({
    account: vine.string().trim().maxLength(LIMITS.emailMax).email().toLowerCase(),
    password: vine.string().maxLength(LIMITS.passwordMax),
  })
)

/** PUT /api/refresh_token: the form field, or the HttpOnly cookie when absent. */
export const refreshValidator = vine.compile(
  vine.object({
    refresh_token: vine.string().trim().maxLength(200).optional(),
  })
)
