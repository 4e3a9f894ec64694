import vine from '@vinejs/vine'
import { codeInput, securityCodeFormat } from '#validators/creator_rules'
import { LIMITS } from '#shared/constants'

/** A new code: 6 to 12 digits (SECURITY_CODE_PATTERN), typed twice. */
const newCode = () =>
  vine
    .string()
    .trim()
    .maxLength(64)
    .parse((value) => (typeof value === 'number' ? String(value) : value))
    .use(securityCodeFormat())
    .confirmed({ confirmationField: 'code_confirmation' })

/** PUT /api/user/security-code: the personal code, confirmed by the current password. */
export const securityCodeUpdateValidator = vine.compile(
  vine.object({
    current_password: vine.string().maxLength(LIMITS.passwordMax),
    code: newCode(),
  })
)

/** PUT /api/settings/termination-code: the studio's code, confirmed by the admin's own code. */
export const terminationCodeUpdateValidator = vine.compile(
  vine.object({
    code: newCode(),
    security_code: codeInput(),
  })
)
