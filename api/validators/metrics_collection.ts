import vine from '@vinejs/vine'
import { MAX_ID, blankToUndefined, idEach, isCalendarDay, toList } from '#validators/rules'
import type { FieldContext, Infer, MessagesProviderContact } from '@vinejs/vine/types'
import type { I18n } from '@adonisjs/i18n'
import { DateTime } from 'luxon'
import studioConfig from '#config/studio'
import { METRICS_RANGE_MAX_DAYS, PLATFORMS } from '#shared/constants'
import { COLLECT_MAX_CREATORS, RUNS_MAX_LIMIT } from '#shared/metrics'

/*
|--------------------------------------------------------------------------
| Metrics collection (POST /api/metrics/collect, GET /api/metrics/runs)
|--------------------------------------------------------------------------
|
| Field names and the messages of these rules live in the "metrics" section
| of resources/lang/<lang>/messages.json (`metrics.fields.<field>`,
| `metrics.rules.<rule>`); every other rule's message comes from the shared
| validator.json.
|
*/

/** Today in the studio's time zone. */
function today() {
  return DateTime.now().setZone(studioConfig.timezone).toISODate()!
}

/**
 * A real calendar day written YYYY-MM-DD ('date'), not after today and not
 * older than the metrics keep ('day_range').
 */
const collectableDay = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  if (!isCalendarDay(value)) {
    field.report('The {{ field }} field must be a date', 'date', field)
    return
  }
  const max = today()
  const min = DateTime.fromISO(max, { zone: 'utc' })
    .minus({ days: METRICS_RANGE_MAX_DAYS })
    .toISODate()!
  if (value > max || value < min) {
    field.report('The {{ field }} must be a day from {{ min }} to {{ max }}', 'day_range', field, {
      min,
      max,
    })
  }
})

/** POST /api/metrics/collect: {platform?, creator_ids?, date?} (all accounts, yesterday by default). */
export const collectValidator = vine.compile(
  vine.object({
    platform: vine.enum(PLATFORMS).parse(blankToUndefined).optional(),
    creator_ids: vine
      .array(vine.any())
      .parse(toList)
      .maxLength(COLLECT_MAX_CREATORS)
      .use(idEach())
      .optional(),
    date: vine
      .string()
      .trim()
      .maxLength(10)
      .use(collectableDay())
      .parse(blankToUndefined)
      .optional(),
  })
)
export type CollectParams = Infer<typeof collectValidator>

/** GET /api/metrics/runs?limit=10 */
export const runsValidator = vine.compile(
  vine.object({
    limit: vine
      .number()
      .withoutDecimals()
      .min(1)
      .max(RUNS_MAX_LIMIT)
      .parse(blankToUndefined)
      .optional(),
  })
)

/** GET /api/metrics/runs/:id */
export const runIdValidator = vine.compile(
  vine.object({
    id: vine.number().withoutDecimals().min(1).max(MAX_ID),
  })
)

/**
 * Messages in the caller's language: field names from `metrics.fields`,
 * this file's rules from `metrics.rules`, the rest from validator.json.
 */
export function collectionMessages(i18n: I18n): MessagesProviderContact {
  const shared = i18n.createMessagesProvider()
  return {
    getMessage(defaultMessage: string, rule: string, field: FieldContext, meta?: any) {
      const translated = i18n.resolveIdentifier(`messages.metrics.fields.${field.name}`)
      const name = translated ? i18n.formatRawMessage(translated.message) : String(field.name)
      const own = i18n.resolveIdentifier(`messages.metrics.rules.${rule}`)
      if (own) return i18n.formatRawMessage(own.message, { field: name, ...meta })
      return shared.getMessage(defaultMessage, rule, { ...field, name }, meta)
    },
  }
}
