import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { LIMITS, REGISTER_CODE_PATTERN, TEAMS } from '#shared/constants'

export const registerCodeStoreValidator = vine.compile(
  vine.object({
    code: vine
      .string()
      .trim()
      .minLength(LIMITS.registerCodeMin)
      .maxLength(LIMITS.registerCodeMax)
      .regex(REGISTER_CODE_PATTERN)
      .unique(async (db, value) => !(await db.from('register_codes').where('code', value).first()))
      .optional(),
    team: vine.enum(TEAMS).optional(),
    max_uses: vine.number().withoutDecimals().min(1).max(10_000).optional(),
    expires_at: vine
      .date({ formats: ['YYYY-MM-DD', 'x', 'iso8601'] })
      .afterOrEqual('today')
      .optional(),
    note: vine.string().trim().maxLength(255).optional(),
  })
)

export type RegisterCodeInput = Infer<typeof registerCodeStoreValidator>
