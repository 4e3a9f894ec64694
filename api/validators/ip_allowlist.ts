import vine from '@vinejs/vine'
import { normaliseRange } from '#support/ip_ranges'
import { codeInput } from '#validators/creator_rules'

const cidrRule = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  const normalised = normaliseRange(value)
  if (!normalised) {
    field.report('The {{ field }} field must be an IP address or CIDR range', 'cidr', field)
    return
  }
  field.mutate(normalised, field)
})

/** POST /api/ip-allowlist: the range, the admin's security code, and `confirm_wide` for a wide range. */
export const ipAllowlistStoreValidator = vine.compile(
  vine.object({
    cidr: vine.string().trim().maxLength(64).use(cidrRule()),
    note: vine.string().trim().maxLength(255).optional(),
    security_code: codeInput(),
    confirm_wide: vine.boolean().optional(),
  })
)

/** DELETE /api/ip-allowlist/:id: the admin's security code. */
export const ipAllowlistRemoveValidator = vine.compile(vine.object({ security_code: codeInput() }))

/**
 * POST /add/white_ip: `ip` (or `cidr`) and either an admin token with the
 * admin's `security_code`, or the white-ip `key`; `confirm_wide` for a wide range.
 */
export const whiteIpValidator = vine.compile(
  vine.object({
    ip: vine.string().trim().maxLength(64).use(cidrRule()),
    note: vine.string().trim().maxLength(255).optional(),
    key: vine.string().maxLength(200).optional(),
    security_code: codeInput().optional(),
    confirm_wide: vine.boolean().optional(),
  })
)
