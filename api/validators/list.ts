import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'

/**
 * Refine simple-rest list parameters: `_start`, `_end`, `_sort`, `_order`,
 * `q`. Each resource adds its own filters.
 */
export const listParams = {
  _start: vine.number().withoutDecimals().min(0).optional(),
  _end: vine.number().withoutDecimals().min(0).optional(),
  _sort: vine.string().trim().maxLength(40).optional(),
  _order: vine.enum(['asc', 'desc', 'ASC', 'DESC'] as const).optional(),
  q: vine.string().trim().maxLength(100).optional(),
}

export const auditLogListValidator = vine.compile(
  vine.object({
    ...listParams,
    action: vine.string().trim().maxLength(60).optional(),
    user_id: vine.number().withoutDecimals().min(1).optional(),
  })
)

export type AuditLogListParams = Infer<typeof auditLogListValidator>
