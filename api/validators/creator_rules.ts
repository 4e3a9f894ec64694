import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import { MAX_ID, oneOfEach } from '#validators/rules'
import {
  AD_FORMATS,
  CREATOR_LIMITS,
  CURRENCIES,
  PLATFORMS,
  type PlatformKey,
} from '#shared/constants'

/*
|--------------------------------------------------------------------------
| The creator validators' rules and field builders
|--------------------------------------------------------------------------
|
| Rules that compare two fields (end date and contract date, the two income
| ratios, contracted platforms and the China exclusivity flag) also look at
| the stored creator on PATCH, through the validator's metadata.
|
*/

/** The stored values a partial update is checked against. */
export interface CreatorMeta {
  creatorId?: number
  current?: {
    contractDate: string | null
    videoExclusiveChina: boolean
    adIncomeRatio: number | null
    otherIncomeRatio: number | null
  }
}

/** The platform and account an account update is checked against. */
export interface AccountMeta {
  creatorId?: number
  platform?: PlatformKey
}

/** Custom rule names (their messages live in resources/lang/<lang>/validator.json). */
export const CREATOR_RULES = [
  'phone_format',
  'ratio_sum',
  'platforms_exclusive',
  'security_code_format',
] as const

const DATE_FORMATS = ['YYYY-MM-DD']
const DATETIME_FORMATS = ['YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss', 'iso8601']
const BRAND_NO_PATTERN = /^[A-Z0-9][A-Z0-9_.\-/]*$/
const PASSPORT_NO_PATTERN = /^[A-Z0-9]+$/
const BANK_ACCOUNT_PATTERN = /^[0-9][0-9-]*$/
export const NATIONALITY_PATTERN = /^[A-Z]{2}$/
export const AREA_CODE_PATTERN = /^\+?[0-9]{1,6}$/
export const UID_PATTERN = /^\S+$/
const MONEY_PATTERN = /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$/

/** Phone numbers of creators: digits, spaces and dashes (an optional leading +). */
export const CREATOR_PHONE_PATTERN = /^\+?[0-9][0-9 -]*$/

/** Query strings carry one value or many (`?kind=CR&kind=IP`): always an array. */
export function toArray(value: unknown) {
  if (value === undefined || value === null) return value
  return Array.isArray(value) ? value : [value]
}

/** Codes may arrive as JSON numbers; they are compared as text. */
export function numberToText(value: unknown) {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : value
}

/** A cookie given as a JSON object (instead of JSON text) is kept as its text. */
function objectToJson(value: unknown) {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value
}

/** `YYYY-MM-DD` of a date value a sibling field holds (raw or already validated), else null. */
function isoDateOf(value: unknown): string | null {
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    return DateTime.fromJSDate(value).toISODate()
  }
  if (typeof value === 'string') {
    const parsed = DateTime.fromFormat(value, 'yyyy-MM-dd')
    return parsed.isValid ? parsed.toISODate() : null
  }
  return null
}

/** A sibling's value when the input has it (null included), else the stored one. */
function siblingOr<T>(field: FieldContext, name: string, stored: T): unknown {
  const parent = field.parent as Record<string, unknown> | undefined
  if (parent && parent[name] !== undefined) return parent[name]
  return stored
}

/** Creator phone: digits, spaces and dashes. */
export const phoneFormat = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  if (!CREATOR_PHONE_PATTERN.test(value)) {
    field.report('The {{ field }} field accepts digits, spaces and dashes', 'phone_format', field)
  }
})

/** Personal security and termination codes: 6 to 12 digits. */
export const securityCodeFormat = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  if (!/^[0-9]{6,12}$/.test(value)) {
    field.report('The {{ field }} must be 6 to 12 digits', 'security_code_format', field)
  }
})

/**
 * A date that may not be earlier than another one: `other` gives that date
 * (`YYYY-MM-DD`) or null when there is nothing to compare with. Reported as
 * `date.afterOrEqual`, worded per field in validator.json.
 */
export const notBefore = vine.createRule(
  (value, options: { other: (field: FieldContext) => string | null }, field) => {
    if (!field.isValid || !(value instanceof Date)) return
    const other = options.other(field)
    const own = isoDateOf(value)
    if (other && own && own < other) {
      field.report(
        'The {{ field }} field must be a date after or equal to {{ expectedValue }}',
        'date.afterOrEqual',
        field,
        { expectedValue: other }
      )
    }
  }
)

/** The other date of an end date: the contract date of the input, else the stored one. */
export function contractDateOf(field: FieldContext) {
  const meta = field.meta as CreatorMeta
  return isoDateOf(siblingOr(field, 'contract_date', meta.current?.contractDate ?? null))
}

/**
 * Ad and other income ratios together may not exceed 100 %. Checked on the
 * other ratio; on the ad ratio only when the input has no other ratio (a
 * PATCH of the ad ratio alone is checked against the stored other ratio).
 */
export const ratioSum = vine.createRule((value, options: { self: 'ad' | 'other' }, field) => {
  if (!field.isValid || typeof value !== 'number') return
  const meta = field.meta as CreatorMeta
  const parent = (field.parent ?? {}) as Record<string, unknown>
  if (options.self === 'ad' && parent.other_income_ratio !== undefined) return
  const otherName = options.self === 'ad' ? 'other_income_ratio' : 'ad_income_ratio'
  const storedOther =
    options.self === 'ad' ? meta.current?.otherIncomeRatio : meta.current?.adIncomeRatio
  const other = Number(siblingOr(field, otherName, storedOther ?? null) ?? 0)
  if (Number.isFinite(other) && Math.round((value + other) * 100) > 100 * 100) {
    field.report('The income ratios together cannot exceed 100', 'ratio_sum', field)
  }
})

/** Contracted platforms are named only when the creator is not video-exclusive in China. */
const platformsExclusive = vine.createRule((value, _options, field) => {
  if (!field.isValid || !Array.isArray(value) || value.length === 0) return
  const meta = field.meta as CreatorMeta
  const exclusive = siblingOr(field, 'video_exclusive_china', meta.current?.videoExclusiveChina)
  if (exclusive === true) {
    field.report(
      'Contracted platforms apply only when the creator is not video-exclusive in China',
      'platforms_exclusive',
      field
    )
  }
})

export const text = (max: number) => vine.string().trim().maxLength(max)
export const optionalText = (max: number) => text(max).nullable().optional()
/** A link the creator's pages show: http(s) only, with its protocol. */
export const httpUrl = () =>
  vine
    .string()
    .trim()
    .maxLength(CREATOR_LIMITS.urlMax)
    .url({ require_protocol: true, protocols: ['http', 'https'] })
export const url = () => httpUrl().nullable().optional()
export const date = () => vine.date({ formats: DATE_FORMATS })
export const id = () => vine.number().withoutDecimals().min(1).max(MAX_ID)

/* The creator's fields as the form and the creators import both check them. */
export const brandNo = () =>
  vine.string().trim().toUpperCase().maxLength(CREATOR_LIMITS.brandNoMax).regex(BRAND_NO_PATTERN)
export const passportNo = () =>
  vine
    .string()
    .trim()
    .toUpperCase()
    .maxLength(CREATOR_LIMITS.passportNoMax)
    .regex(PASSPORT_NO_PATTERN)
export const bankAccount = () =>
  vine.string().trim().maxLength(CREATOR_LIMITS.bankAccountMax).regex(BANK_ACCOUNT_PATTERN)
export const minMonthlyVideos = () =>
  vine.number().withoutDecimals().min(0).max(CREATOR_LIMITS.minMonthlyVideosMax)
/** An income share in percent (the ad and the other income ratio). */
export const incomeRatio = () => vine.number().min(0).max(100).decimal([0, 2])

/** A personal security code as typed (the service compares it with the stored hash). */
export const codeInput = () => vine.string().trim().maxLength(64).parse(numberToText)

/**
 * One value or many of `choices`. The list rule runs before the items' own
 * rule, so an unknown value is reported once, on the list.
 */
export const enumList = <const Choices extends readonly string[]>(choices: Choices) =>
  vine.array(vine.enum(choices)).parse(toArray).maxLength(50).use(oneOfEach({ choices }))

export const platformList = () =>
  vine
    .array(vine.enum(PLATFORMS))
    .parse((value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value
    )
    .maxLength(PLATFORMS.length)
    .use(oneOfEach({ choices: PLATFORMS }))
    .use(platformsExclusive())

/** uid of a platform account: unique per platform (another creator may not hold it). */
export const uid = () =>
  vine
    .string()
    .trim()
    .maxLength(CREATOR_LIMITS.uidMax)
    .regex(UID_PATTERN)
    .unique(async (db, value, field) => {
      const meta = field.meta as AccountMeta
      const parent = (field.parent ?? {}) as Record<string, unknown>
      const platform = typeof parent.platform === 'string' ? parent.platform : meta.platform
      if (!platform) return true
      const query = db
        .from('creator_platform_accounts')
        .where('platform', platform)
        .where('uid', value)
      if (meta.creatorId) query.whereNot('creator_id', meta.creatorId)
      return !(await query.first())
    })
    .nullable()
    .optional()

/** A platform cookie: JSON text (a JSON object given is kept as its text). */
export const cookie = () =>
  vine.string().trim().maxLength(CREATOR_LIMITS.cookieMax).parse(objectToJson).nullable().optional()

/** A cookie that must be given (the crawler service's cookie entry). */
export const requiredCookie = () =>
  vine.string().trim().minLength(1).maxLength(CREATOR_LIMITS.cookieMax).parse(objectToJson)

/** What may be set on a platform account (SPEC §2 edit tabs: uid, token, cookie). */
export const accountFields = () => ({
  uid: uid(),
  channel_name: optionalText(CREATOR_LIMITS.channelNameMax),
  channel_url: url(),
  fans: vine.number().withoutDecimals().min(0).max(1e13).optional(),
  active: vine.boolean().optional(),
  token: vine.string().trim().maxLength(CREATOR_LIMITS.tokenMax).nullable().optional(),
  token_connected_at: vine.date({ formats: DATETIME_FORMATS }).beforeOrEqual('today').optional(),
  cookie: cookie(),
  cookie_2: cookie(),
})

const adPriceItem = () =>
  vine.object({
    platform: vine.enum(PLATFORMS),
    format: vine.enum(AD_FORMATS),
    price: vine.string().trim().maxLength(16).regex(MONEY_PATTERN).parse(numberToText),
    currency: vine.enum(CURRENCIES).optional(),
    note: optionalText(255),
  })

export const adPriceList = () =>
  vine.array(adPriceItem()).maxLength(CREATOR_LIMITS.pricesMax).distinct(['platform', 'format'])
