import vine from '@vinejs/vine'
import { MAX_ID, blankToUndefined, idEach, isoDay, oneOfEach, toList } from '#validators/rules'
import type { Infer, MessagesProviderContact } from '@vinejs/vine/types'
import { areaMessages } from '#validators/messages'
import type { I18n } from '@adonisjs/i18n'
import { METRICS, PLATFORMS, RANKING_PERIODS } from '#shared/constants'
import {
  MONTHLY_CHART_MAX_MONTHS,
  SERIES_GRANULARITIES,
  SERIES_MAX_CREATORS,
  SERIES_MAX_METRICS,
  SERIES_MODES,
} from '#shared/metrics'

/*
|--------------------------------------------------------------------------
| Data center and charts (SPEC §2 Data Center, Data Chart Panel)
|--------------------------------------------------------------------------
|
| Query-string parameters of the data center, the series chart and the
| creator charts. Lists arrive as `a,b` or `a[]=…&a[]=…`; an empty optional
| parameter (`platform=`) counts as absent. Field names and the messages of
| these endpoints live in resources/lang/<lang>/data_center.json, the
| generic rule messages in validator.json (see `dataCenterMessages`).
|
*/

const day = () => vine.string().trim().maxLength(10).use(isoDay()).parse(blankToUndefined)

const platform = () => vine.enum(PLATFORMS).parse(blankToUndefined).optional()
const period = () => vine.enum(RANKING_PERIODS).parse(blankToUndefined).optional()
const id = () => vine.number().withoutDecimals().min(1).max(MAX_ID)

/** GET /api/{brand}_dashboard_panel, /api/data-center, /api/dashboard/category/platform */
export const dataCenterPanelValidator = vine.compile(
  vine.object({
    period: period(),
    platform: platform(),
    date: day().optional(),
  })
)
export type DataCenterPanelParams = Infer<typeof dataCenterPanelValidator>

/** GET /api/dashboard/fans: `platform_id` (the SPEC §7 name) or `platform`. */
export const fanTiersValidator = vine.compile(
  vine.object({
    platform_id: platform(),
    platform: platform(),
    date: day().optional(),
  })
)
export type FanTiersParams = Infer<typeof fanTiersValidator>

/** GET /api/metrics/series */
export const seriesValidator = vine.compile(
  vine.object({
    creator_ids: vine
      .array(vine.number())
      .parse(toList)
      .maxLength(SERIES_MAX_CREATORS)
      .use(idEach())
      .optional(),
    metrics: vine
      .array(vine.enum(METRICS))
      .parse(toList)
      .maxLength(SERIES_MAX_METRICS)
      .use(oneOfEach({ choices: METRICS }))
      .optional(),
    start: day().optional(),
    end: day().optional(),
    platform: platform(),
    granularity: vine.enum(SERIES_GRANULARITIES).parse(blankToUndefined).optional(),
    mode: vine.enum(SERIES_MODES).parse(blankToUndefined).optional(),
  })
)
export type SeriesParams = Infer<typeof seriesValidator>

/** GET /api/creator/chart/daily */
export const creatorDailyValidator = vine.compile(
  vine.object({
    id: id(),
    start: day().optional(),
    end: day().optional(),
    platform: platform(),
  })
)
export type CreatorDailyParams = Infer<typeof creatorDailyValidator>

/** GET /api/creator/chart/monthly */
export const creatorMonthlyValidator = vine.compile(
  vine.object({
    id: id(),
    months: vine
      .number()
      .withoutDecimals()
      .min(1)
      .max(MONTHLY_CHART_MAX_MONTHS)
      .parse(blankToUndefined)
      .optional(),
    platform: platform(),
  })
)
export type CreatorMonthlyParams = Infer<typeof creatorMonthlyValidator>

/** GET /api/creator/dashboard/detail */
export const creatorDetailValidator = vine.compile(
  vine.object({
    id: id(),
    start: day().optional(),
    end: day().optional(),
  })
)
export type CreatorDetailParams = Infer<typeof creatorDetailValidator>

/** Messages in the caller's language from data_center.json (`validator.fields`, `validator.messages`). */
export function dataCenterMessages(i18n: I18n): MessagesProviderContact {
  return areaMessages(i18n, 'data_center.validator')
}
