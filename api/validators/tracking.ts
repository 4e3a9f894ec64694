import vine from '@vinejs/vine'
import type { I18n } from '@adonisjs/i18n'
import type { Infer, MessagesProviderContact } from '@vinejs/vine/types'
import { MAX_ID, blankToUndefined } from '#validators/rules'
import { areaMessages } from '#validators/messages'
import {
  TRACKING_MODES,
  TRACKING_ORDERS,
  TRACKING_PAGE_MAX,
  TRACKING_PERIODS,
  TRACKING_QUERY_MAX,
  TRACKING_SORTS,
  TRACKING_TABS,
} from '#shared/tracking'

/*
|--------------------------------------------------------------------------
| Creator tracking (SPEC §2 'Creator Tracking', §7 /api/creator/v2/,
| /api/creator/, /api/creator/dashboard/month/). Query-string parameters;
| an empty one counts as absent. Field names and messages live in
| resources/lang/<lang>/tracking.json.
|--------------------------------------------------------------------------
*/

const choice = <Choices extends readonly string[]>(choices: Choices) =>
  vine.enum(choices).parse(blankToUndefined).optional()
const position = () =>
  vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional()
const id = () => vine.number().withoutDecimals().min(1).max(MAX_ID)

/** GET /api/creator-tracking and /api/creator/v2/ */
export const trackingListValidator = vine.compile(
  vine.object({
    tab: choice(TRACKING_TABS),
    sort: choice(TRACKING_SORTS),
    mode: choice(TRACKING_MODES),
    period: choice(Object.keys(TRACKING_PERIODS) as (keyof typeof TRACKING_PERIODS)[]),
    order: choice(TRACKING_ORDERS),
    q: vine.string().trim().maxLength(TRACKING_QUERY_MAX).parse(blankToUndefined).optional(),
    _start: position(),
    _end: position(),
    offset: position(),
    limit: vine
      .number()
      .withoutDecimals()
      .min(1)
      .max(TRACKING_PAGE_MAX)
      .parse(blankToUndefined)
      .optional(),
  })
)
export type TrackingListParams = Infer<typeof trackingListValidator>

/** GET /api/creator-tracking/:id and /api/creator/?id= (the creator's id). */
export const trackingCreatorValidator = vine.compile(vine.object({ id: id() }))

const MONTH = /^(2\d{3})-(0[1-9]|1[0-2])$/

/** GET /api/creator/dashboard/month/?id=&month=YYYY-MM */
export const creatorMonthValidator = vine.compile(
  vine.object({
    id: id(),
    month: vine.string().trim().regex(MONTH).parse(blankToUndefined).optional(),
  })
)
export type CreatorMonthParams = Infer<typeof creatorMonthValidator>

/** Messages in the caller's language from tracking.json. */
export function trackingMessages(i18n: I18n): MessagesProviderContact {
  return areaMessages(i18n, 'tracking.validator')
}
