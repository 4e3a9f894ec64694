import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { MAX_ID, blankToUndefined, isoDay } from '#validators/rules'
import { LOCALES, PLATFORMS } from '#shared/constants'
import {
  SETTLEMENT_STEPS,
  isAllowedOrder,
  MONTH_PATTERN,
  RATE_SOURCES,
  REVENUE_CURRENCIES,
  REVENUE_KINDS,
  SETTLEMENT_LIMITS,
  SETTLEMENT_STATUSES,
} from '#shared/settlement'

const id = () => vine.number().withoutDecimals().min(1).max(MAX_ID)
const month = () => vine.string().trim().regex(MONTH_PATTERN)
const page = {
  _start: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
  _end: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
}
const rate = () => vine.number().min(0).max(1).decimal([0, 4])

/** The steps are one of ALLOWED_SETTLEMENT_ORDERS (api/shared/settlement.ts). */
const allowedOrder = vine.createRule((value, _options, field) => {
  if (!Array.isArray(value) || !field.isValid) return
  if (!isAllowedOrder(value)) {
    field.report('This order of operations is not allowed', 'settlementOrder', field)
  }
})

export const settlementIdValidator = vine.compile(vine.object({ id: id() }))

/** GET /api/settlements */
export const settlementListValidator = vine.compile(
  vine.object({
    month: month().parse(blankToUndefined).optional(),
    status: vine.enum(SETTLEMENT_STATUSES).parse(blankToUndefined).optional(),
    creator_id: id().parse(blankToUndefined).optional(),
    ...page,
  })
)
export type SettlementListParams = Infer<typeof settlementListValidator>

/** GET /api/settlements/totals and /team-totals */
/** GET /api/settlements/:id/pdf: the language to print in (the creator's own by default). */
export const statementPdfValidator = vine.compile(
  vine.object({ lang: vine.enum(LOCALES).parse(blankToUndefined).optional() })
)

export const settlementMonthValidator = vine.compile(vine.object({ month: month() }))

/** POST /api/settlements/run */
export const settlementRunValidator = vine.compile(
  vine.object({
    month: month(),
    rate_date: vine.string().trim().use(isoDay()).optional(),
  })
)

/** POST /api/settlements/:id/adjustments */
export const adjustmentValidator = vine.compile(
  vine.object({
    amount_krw: vine
      .number()
      .min(-Number(SETTLEMENT_LIMITS.adjustmentMax))
      .max(Number(SETTLEMENT_LIMITS.adjustmentMax))
      .decimal([0, 2]),
    reason: vine.string().trim().minLength(1).maxLength(SETTLEMENT_LIMITS.reasonMax),
  })
)

/** PUT /api/settlements/rates */
export const settlementRatesValidator = vine.compile(
  vine.object({
    cn_vat_rate: rate().optional(),
    cn_surcharge_rate: rate().optional(),
    cn_withholding_rate: rate().optional(),
    kr_income_tax_rate: rate().optional(),
    kr_local_tax_rate: rate().optional(),
    minimum_payout_krw: vine.number().min(0).max(100_000_000).withoutDecimals().optional(),
    steps: vine
      .array(vine.enum(SETTLEMENT_STEPS))
      .fixedLength(SETTLEMENT_STEPS.length)
      .use(allowedOrder())
      .optional(),
    note: vine.string().trim().maxLength(SETTLEMENT_LIMITS.noteMax).nullable().optional(),
  })
)
export type SettlementRatesInput = Infer<typeof settlementRatesValidator>

/** GET /api/revenues */
export const revenueListValidator = vine.compile(
  vine.object({
    month: month().parse(blankToUndefined).optional(),
    creator_id: id().parse(blankToUndefined).optional(),
    platform: vine.enum(PLATFORMS).parse(blankToUndefined).optional(),
    currency: vine.enum(REVENUE_CURRENCIES).parse(blankToUndefined).optional(),
    ...page,
  })
)
export type RevenueListParams = Infer<typeof revenueListValidator>

/** POST /api/revenues and PUT /api/revenues/:id */
export const revenueValidator = vine.compile(
  vine.object({
    creator_id: id(),
    month: month(),
    platform: vine.enum(PLATFORMS),
    kind: vine.enum(REVENUE_KINDS),
    currency: vine.enum(REVENUE_CURRENCIES),
    amount: vine.number().min(0).max(Number(SETTLEMENT_LIMITS.amountMax)).decimal([0, 2]),
    note: vine.string().trim().maxLength(SETTLEMENT_LIMITS.noteMax).nullable().optional(),
  })
)
export type RevenueInput = Infer<typeof revenueValidator>

/** GET /api/exchange-rates */
export const exchangeRateListValidator = vine.compile(
  vine.object({
    currency: vine.enum(REVENUE_CURRENCIES).parse(blankToUndefined).optional(),
  })
)

/** POST /api/exchange-rates */
export const exchangeRateValidator = vine.compile(
  vine.object({
    currency: vine.enum(['CNY', 'USD'] as const),
    rate: vine.number().min(0.0001).max(Number(SETTLEMENT_LIMITS.rateMax)).decimal([0, 4]),
    rate_date: vine.string().trim().use(isoDay()),
    source: vine.enum(RATE_SOURCES).optional(),
    note: vine.string().trim().maxLength(SETTLEMENT_LIMITS.noteMax).nullable().optional(),
  })
)
export type ExchangeRateInput = Infer<typeof exchangeRateValidator>

/** POST /api/revenues/import (multipart fields besides the file) */
export const revenueImportValidator = vine.compile(
  vine.object({
    month: month(),
    dry_run: vine.boolean().optional(),
  })
)
