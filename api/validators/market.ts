import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { MAX_ID, blankToUndefined, sortOrder } from '#validators/rules'
import { AD_FORMATS, CURRENCIES, PLATFORMS, TEAMS } from '#shared/constants'
import { DEAL_STAGES_ALL, MARKET_LIMITS } from '#shared/market'

const id = () => vine.number().withoutDecimals().min(1).max(MAX_ID)
const money = () => vine.number().min(0).max(MARKET_LIMITS.amountMax).decimal([0, 2])
const count = () => vine.number().withoutDecimals().min(0).max(MARKET_LIMITS.countMax)
const page = {
  _start: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
  _end: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
}
const month = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)

/** GET /api/market/offers */
export const offerListValidator = vine.compile(
  vine.object({
    q: vine.string().trim().maxLength(100).parse(blankToUndefined).optional(),
    platform: vine.enum(PLATFORMS).parse(blankToUndefined).optional(),
    format: vine.enum(AD_FORMATS).parse(blankToUndefined).optional(),
    team: vine.enum(TEAMS).parse(blankToUndefined).optional(),
    _sort: vine
      .enum(['price_krw', 'fans', 'creator'] as const)
      .parse(blankToUndefined)
      .optional(),
    _order: sortOrder(),
    ...page,
  })
)

/** GET /api/market/deals */
export const dealListValidator = vine.compile(
  vine.object({
    q: vine.string().trim().maxLength(100).parse(blankToUndefined).optional(),
    stage: vine.enum(DEAL_STAGES_ALL).parse(blankToUndefined).optional(),
    team: vine.enum(TEAMS).parse(blankToUndefined).optional(),
    ...page,
  })
)

/** POST /api/market/deals and PUT /api/market/deals/:id */
export const dealValidator = vine.compile(
  vine.object({
    brand: vine.string().trim().minLength(1).maxLength(MARKET_LIMITS.brandMax),
    contact_name: vine.string().trim().maxLength(100).nullable().optional(),
    contact_email: vine.string().trim().email().maxLength(255).nullable().optional(),
    creator_id: id().nullable().optional(),
    platform: vine.enum(PLATFORMS).nullable().optional(),
    format: vine.enum(AD_FORMATS).nullable().optional(),
    amount: money().nullable().optional(),
    currency: vine.enum(CURRENCIES).optional(),
    owner_id: id().nullable().optional(),
    team: vine.enum(TEAMS).nullable().optional(),
    note: vine.string().trim().maxLength(MARKET_LIMITS.noteMax).nullable().optional(),
  })
)

export const dealStageValidator = vine.compile(vine.object({ stage: vine.enum(DEAL_STAGES_ALL) }))
export const marketIdValidator = vine.compile(vine.object({ id: id() }))
export const totalsValidator = vine.compile(
  vine.object({
    year: vine.number().withoutDecimals().min(2000).max(2100).parse(blankToUndefined).optional(),
  })
)

/** GET /api/products/sales */
export const saleListValidator = vine.compile(
  vine.object({
    q: vine.string().trim().maxLength(100).parse(blankToUndefined).optional(),
    creator_id: id().parse(blankToUndefined).optional(),
    platform: vine.enum(PLATFORMS).parse(blankToUndefined).optional(),
    from: month().parse(blankToUndefined).optional(),
    to: month().parse(blankToUndefined).optional(),
    ...page,
  })
)

/** POST /api/products/sales and PUT /api/products/sales/:id */
export const saleValidator = vine.compile(
  vine.object({
    creator_id: id(),
    platform: vine.enum(PLATFORMS),
    month: month(),
    product: vine.string().trim().minLength(1).maxLength(MARKET_LIMITS.productMax),
    items: count(),
    orders: count(),
    gmv: money(),
    commission: money(),
    currency: vine.enum(CURRENCIES).optional(),
    /** The company account whose product sold; null or absent: the agency's only. */
    company_user_id: id().nullable().optional(),
  })
)

export type OfferListParams = Infer<typeof offerListValidator>
export type DealListParams = Infer<typeof dealListValidator>
export type DealInput = Infer<typeof dealValidator>
export type SaleListParams = Infer<typeof saleListValidator>
export type SaleInput = Infer<typeof saleValidator>
