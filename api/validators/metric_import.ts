import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import studioConfig from '#config/studio'
import { MAX_ID, blankToUndefined, isoDay } from '#validators/rules'
import { PLATFORMS } from '#shared/constants'
import { PLATFORM_EXPORT_LIMITS } from '#shared/platform_exports'

/*
| POST /api/creators/:id/accounts/:platform/imports (multipart `file`,
| `from`, `to`): the days of the platform's export to write. Messages:
| resources/lang/<lang>/metric_imports.json `validator.*`.
*/

/** `to` on or after `from`, not after today, and the range not longer than the limit. */
const importRange = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string' || !field.isValid) return
  const from = (field.parent as { from?: unknown }).from
  const today = DateTime.now().setZone(studioConfig.timezone).toISODate()!
  if (value > today) {
    field.report('The {{ field }} cannot be after today', 'not_future', field, { today })
    return
  }
  if (typeof from !== 'string') return
  if (value < from) {
    field.report('The {{ field }} cannot be before the start', 'range_order', field)
    return
  }
  const days = DateTime.fromISO(value).diff(DateTime.fromISO(from), 'days').days + 1
  if (days > PLATFORM_EXPORT_LIMITS.rangeMaxDays) {
    field.report('At most {{ max }} days at once', 'range_length', field, {
      max: PLATFORM_EXPORT_LIMITS.rangeMaxDays,
    })
  }
})

const day = () => vine.string().trim().parse(blankToUndefined).use(isoDay())

export const metricImportValidator = vine.compile(
  vine.object({
    from: day(),
    to: day().use(importRange()),
  })
)

export const metricImportAccountValidator = vine.compile(
  vine.object({
    id: vine.number().withoutDecimals().min(1).max(MAX_ID),
    platform: vine.enum(PLATFORMS),
  })
)
