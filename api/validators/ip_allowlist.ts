import vine from '@vinejs/vine'
import IpAllowlistService from '#services/auth/ip_allowlist_service'

const cidrRule = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  const normalised = IpAllowlistService.normalise(value)
  if (!normalised) {
    field.report('The {{ field }} field must be an IP address or CIDR range', 'cidr', field)
    return
  }
  field.mutate(normalised, field)
})

export const ipAllowlistStoreValidator = vine.compile(
  vine.object({
    cidr: vine.string().trim().maxLength(64).use(cidrRule()),
    note: vine.string().trim().maxLength(255).optional(),
  })
)

/** POST /add/white_ip: `ip` (or `cidr`) and, without an admin token, the white-ip `key`. */
export const whiteIpValidator = vine.compile(
  vine.object({
    ip: vine.string().trim().maxLength(64).use(cidrRule()),
    note: vine.string().trim().maxLength(255).optional(),
    key: vine.string().maxLength(200).optional(),
  })
)
