import vine from '@vinejs/vine'
import { MAX_ID, idEach, oneOfEach } from '#validators/rules'
import type { FieldContext, Infer } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import { listParams } from '#validators/list'
import {
  AD_FORMATS,
  CONTRACT_STATUSES,
  CREATOR_CATEGORIES,
  CREATOR_KINDS,
  CREATOR_LIMITS,
  CURRENCIES,
  GENDERS,
  LIMITS,
  PLATFORMS,
  TEAMS,
  type PlatformKey,
  type PrivateLevel,
} from '#shared/constants'

/*
|--------------------------------------------------------------------------
| Creators (SPEC §3 "Creator / IP", §5 "Creator")
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
const NATIONALITY_PATTERN = /^[A-Z]{2}$/
const AREA_CODE_PATTERN = /^\+?[0-9]{1,6}$/
const UID_PATTERN = /^\S+$/
const MONEY_PATTERN = /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$/

/** Phone numbers of creators: digits, spaces and dashes (an optional leading +). */
export const CREATOR_PHONE_PATTERN = /^\+?[0-9][0-9 -]*$/

/** Query strings carry one value or many (`?kind=CR&kind=IP`): always an array. */
function toArray(value: unknown) {
  if (value === undefined || value === null) return value
  return Array.isArray(value) ? value : [value]
}

/** Codes may arrive as JSON numbers; they are compared as text. */
function numberToText(value: unknown) {
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
const phoneFormat = vine.createRule((value, _options, field) => {
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
const notBefore = vine.createRule(
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
function contractDateOf(field: FieldContext) {
  const meta = field.meta as CreatorMeta
  return isoDateOf(siblingOr(field, 'contract_date', meta.current?.contractDate ?? null))
}

/**
 * Ad and other income ratios together may not exceed 100 %. Checked on the
 * other ratio; on the ad ratio only when the input has no other ratio (a
 * PATCH of the ad ratio alone is checked against the stored other ratio).
 */
const ratioSum = vine.createRule((value, options: { self: 'ad' | 'other' }, field) => {
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

const text = (max: number) => vine.string().trim().maxLength(max)
const optionalText = (max: number) => text(max).nullable().optional()
const url = () =>
  vine
    .string()
    .trim()
    .maxLength(CREATOR_LIMITS.urlMax)
    .url({ require_protocol: true, protocols: ['http', 'https'] })
    .nullable()
    .optional()
const date = () => vine.date({ formats: DATE_FORMATS })
const id = () => vine.number().withoutDecimals().min(1).max(MAX_ID)

/** A personal security code as typed (the service compares it with the stored hash). */
export const codeInput = () => vine.string().trim().maxLength(64).parse(numberToText)

/**
 * One value or many of `choices`. The list rule runs before the items' own
 * rule, so an unknown value is reported once, on the list.
 */
const enumList = <const Choices extends readonly string[]>(choices: Choices) =>
  vine.array(vine.enum(choices)).parse(toArray).maxLength(50).use(oneOfEach({ choices }))

const platformList = () =>
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
const uid = () =>
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

/** What may be set on a platform account (SPEC §2 edit tabs: uid, token, cookie). */
const accountFields = () => ({
  uid: uid(),
  channel_name: optionalText(CREATOR_LIMITS.channelNameMax),
  channel_url: url(),
  fans: vine.number().withoutDecimals().min(0).max(1e13).optional(),
  active: vine.boolean().optional(),
  token: vine.string().trim().maxLength(CREATOR_LIMITS.tokenMax).nullable().optional(),
  token_connected_at: vine.date({ formats: DATETIME_FORMATS }).beforeOrEqual('today').optional(),
  cookie: vine
    .string()
    .trim()
    .maxLength(CREATOR_LIMITS.cookieMax)
    .parse(objectToJson)
    .nullable()
    .optional(),
  cookie_2: vine
    .string()
    .trim()
    .maxLength(CREATOR_LIMITS.cookieMax)
    .parse(objectToJson)
    .nullable()
    .optional(),
})

const adPriceItem = () =>
  vine.object({
    platform: vine.enum(PLATFORMS),
    format: vine.enum(AD_FORMATS),
    price: vine.string().trim().maxLength(16).regex(MONEY_PATTERN).parse(numberToText),
    currency: vine.enum(CURRENCIES).optional(),
    note: optionalText(255),
  })

const adPriceList = () =>
  vine.array(adPriceItem()).maxLength(CREATOR_LIMITS.pricesMax).distinct(['platform', 'format'])

/** Every field of the creator form except the two required names. */
const creatorFields = () => ({
  brand_no: vine
    .string()
    .trim()
    .toUpperCase()
    .maxLength(CREATOR_LIMITS.brandNoMax)
    .regex(BRAND_NO_PATTERN)
    .unique(async (db, value, field) => {
      const query = db.from('creators').where('brand_no', value)
      const creatorId = (field.meta as CreatorMeta).creatorId
      if (creatorId) query.whereNot('id', creatorId)
      return !(await query.first())
    })
    .optional(),
  contract_no: vine
    .string()
    .trim()
    .maxLength(CREATOR_LIMITS.contractNoMax)
    .unique(async (db, value, field) => {
      const query = db.from('creators').where('contract_no', value)
      const creatorId = (field.meta as CreatorMeta).creatorId
      if (creatorId) query.whereNot('id', creatorId)
      return !(await query.first())
    })
    .nullable()
    .optional(),
  kind: vine.enum(CREATOR_KINDS).optional(),
  channel_name_zh: optionalText(CREATOR_LIMITS.channelNameMax),
  channel_intro_zh: optionalText(CREATOR_LIMITS.textMax),
  youtube_channel_name: optionalText(CREATOR_LIMITS.channelNameMax),
  youtube_url: url(),
  category: vine.enum(CREATOR_CATEGORIES).optional(),
  nationality: vine
    .string()
    .trim()
    .toUpperCase()
    .maxLength(2)
    .regex(NATIONALITY_PATTERN)
    .nullable()
    .optional(),
  area_code: vine.string().trim().maxLength(7).regex(AREA_CODE_PATTERN).nullable().optional(),
  phone: vine.string().trim().maxLength(LIMITS.phoneMax).use(phoneFormat()).nullable().optional(),
  email: vine.string().trim().maxLength(LIMITS.emailMax).email().nullable().optional(),
  address: optionalText(CREATOR_LIMITS.addressMax),
  birth_date: date().before('today').nullable().optional(),
  gender: vine.enum(GENDERS).nullable().optional(),
  passport_name: optionalText(CREATOR_LIMITS.nameMax),
  passport_no: vine
    .string()
    .trim()
    .toUpperCase()
    .maxLength(CREATOR_LIMITS.passportNoMax)
    .regex(PASSPORT_NO_PATTERN)
    .nullable()
    .optional(),
  company_ref: optionalText(CREATOR_LIMITS.companyRefMax),
  contract_date: date().nullable().optional(),
  end_date: date()
    .use(notBefore({ other: contractDateOf }))
    .nullable()
    .optional(),
  has_authorization_doc: vine.boolean().optional(),
  ip_business_exclusive: vine.boolean().optional(),
  video_exclusive_china: vine.boolean().optional(),
  contracted_platforms: platformList().nullable().optional(),
  min_monthly_videos: vine
    .number()
    .withoutDecimals()
    .min(0)
    .max(CREATOR_LIMITS.minMonthlyVideosMax)
    .optional(),
  ad_income_ratio: vine
    .number()
    .min(0)
    .max(100)
    .decimal([0, 2])
    .use(ratioSum({ self: 'ad' }))
    .nullable()
    .optional(),
  other_income_ratio: vine
    .number()
    .min(0)
    .max(100)
    .decimal([0, 2])
    .use(ratioSum({ self: 'other' }))
    .nullable()
    .optional(),
  bank_name: optionalText(CREATOR_LIMITS.nameMax),
  bank_account: vine
    .string()
    .trim()
    .maxLength(CREATOR_LIMITS.bankAccountMax)
    .regex(BANK_ACCOUNT_PATTERN)
    .nullable()
    .optional(),
  tax_payer_name: optionalText(CREATOR_LIMITS.nameMax),
  remark: optionalText(CREATOR_LIMITS.textMax),
  sns_kr: url(),
  sns_zh: url(),
  cp_team: vine.enum(TEAMS).nullable().optional(),
  uploader_id: id()
    .exists(async (db, value) => {
      const user = await db
        .from('users')
        .where('id', value)
        .where('status', 'active')
        .where('account_type', 'staff')
        .first()
      return Boolean(user)
    })
    .nullable()
    .optional(),
  baidu_app_id: optionalText(64),
  baidu_token: vine.string().trim().maxLength(CREATOR_LIMITS.tokenMax).nullable().optional(),
  accounts: vine
    .array(vine.object({ platform: vine.enum(PLATFORMS), ...accountFields() }))
    .maxLength(PLATFORMS.length)
    .distinct('platform')
    .optional(),
  ad_prices: adPriceList().optional(),
})

/** POST /api/creators (and /api/creator/add): contractor and channel names are required. */
export const creatorStoreValidator = vine.withMetaData<CreatorMeta>().compile(
  vine.object({
    ...creatorFields(),
    contractor_name: text(CREATOR_LIMITS.contractorNameMax).minLength(1),
    channel_name: text(CREATOR_LIMITS.channelNameMax).minLength(1),
  })
)

/** PATCH /api/creators/:id (and /api/creator/update): any subset, confirmed by the security code. */
export const creatorUpdateValidator = vine.withMetaData<CreatorMeta>().compile(
  vine.object({
    ...creatorFields(),
    contractor_name: text(CREATOR_LIMITS.contractorNameMax).minLength(1).optional(),
    channel_name: text(CREATOR_LIMITS.channelNameMax).minLength(1).optional(),
    security_code: codeInput(),
  })
)

export type CreatorStoreInput = Infer<typeof creatorStoreValidator>
export type CreatorUpdateInput = Infer<typeof creatorUpdateValidator>
/** What the creator service writes: the fields of either form (all optional). */
export type CreatorInput = Partial<
  Omit<CreatorStoreInput, 'accounts' | 'ad_prices' | 'baidu_token'>
>
export type AccountInput = NonNullable<CreatorStoreInput['accounts']>[number]
export type AdPriceInput = NonNullable<CreatorStoreInput['ad_prices']>[number]

/** Sortable columns of the creator list. */
export const CREATOR_SORTS = [
  'id',
  'brand_no',
  'channel_name',
  'total_fans',
  'created_at',
  'contract_date',
] as const

/**
 * The list filters (GET /api/creators, /api/creator/list, the Excel export):
 * Refine simple-rest paging and sorting plus the creator filters. Apply them
 * with `applyCreatorFilters` of api/services/creator_query.ts.
 */
export const creatorListParams = {
  ...listParams,
  _sort: vine.enum(CREATOR_SORTS).optional(),
  q: vine.string().trim().maxLength(100).optional(),
  kind: enumList(CREATOR_KINDS).optional(),
  category: enumList(CREATOR_CATEGORIES).optional(),
  contract_status: enumList(CONTRACT_STATUSES).optional(),
  team: enumList(TEAMS).optional(),
  failing: vine.boolean().optional(),
  new: vine.boolean().optional(),
  min_fans: vine.number().withoutDecimals().min(0).max(1e13).optional(),
  max_fans: vine.number().withoutDecimals().min(0).max(1e13).optional(),
  platform: vine.enum(PLATFORMS).optional(),
  token_status: vine.number().withoutDecimals().min(0).max(1).optional(),
  favorite: vine.boolean().optional(),
  id: vine.array(vine.number()).parse(toArray).maxLength(200).use(idEach()).optional(),
}

export const creatorListValidator = vine.compile(vine.object(creatorListParams))
export type CreatorListFilters = Infer<typeof creatorListValidator>

/** GET /api/creator/search: the same filters (q is the search). */
export const creatorSearchValidator = creatorListValidator

/** An id in the body or query string (the SPEC §7 aliases). */
export const creatorIdValidator = vine.compile(vine.object({ id: id() }))

/** DELETE /api/creators/:id: the caller's security code. */
export const creatorDeleteValidator = vine.compile(vine.object({ security_code: codeInput() }))

/** POST /api/creator/delete: the id and the security code. */
export const creatorAliasDeleteValidator = vine.compile(
  vine.object({ id: id(), security_code: codeInput() })
)

/** POST /api/creators/:id/terminate: the studio's termination code and the cancel date. */
export const creatorTerminateValidator = vine.withMetaData<CreatorMeta>().compile(
  vine.object({
    termination_code: codeInput(),
    cancel_date: date()
      .use(notBefore({ other: contractDateOf }))
      .optional(),
  })
)

export const revealLevels = ['L1', 'L2', 'L3'] as const satisfies readonly PrivateLevel[]

/** POST /api/creators/:id/reveal: the level and the caller's security code. */
export const creatorRevealValidator = vine.compile(
  vine.object({ level: vine.enum(revealLevels), code: codeInput() })
)

/** POST /api/creator/privacy/: the same with the creator's id. */
export const creatorAliasRevealValidator = vine.compile(
  vine.object({ id: id(), level: vine.enum(revealLevels), code: codeInput() })
)

/** PUT /api/creators/:id/accounts/:platform */
export const creatorAccountValidator = vine.withMetaData<AccountMeta>().compile(
  vine.object({
    platform: vine.enum(PLATFORMS),
    ...accountFields(),
    security_code: codeInput(),
  })
)
export type AccountUpdateInput = Infer<typeof creatorAccountValidator>

/** PUT /api/creators/:id/ad-prices: the whole list (replaces the stored one). */
export const creatorAdPricesValidator = vine.compile(vine.object({ prices: adPriceList() }))

/** PUT /api/creators/:id/account-password */
export const creatorAccountPasswordValidator = vine.compile(
  vine.object({
    password: vine.string().minLength(LIMITS.passwordMin).maxLength(LIMITS.passwordMax).confirmed(),
    email: vine.string().trim().maxLength(LIMITS.emailMax).email().toLowerCase().optional(),
    security_code: codeInput(),
  })
)

const baiduFields = () => ({
  baidu_app_id: optionalText(64),
  baidu_token: vine.string().trim().maxLength(CREATOR_LIMITS.tokenMax).nullable().optional(),
  security_code: codeInput(),
})

/** PUT /api/creators/:id/baidu-token */
export const creatorBaiduTokenValidator = vine.compile(vine.object(baiduFields()))

/** POST /api/creator/modifiy_baidu_token (SPEC §7 spelling): the same with the id. */
export const creatorAliasBaiduTokenValidator = vine.compile(
  vine.object({ id: id(), ...baiduFields() })
)

const memoBody = () => vine.string().trim().minLength(1).maxLength(CREATOR_LIMITS.memoMax)

/** POST /api/creators/:id/memos */
export const creatorMemoValidator = vine.compile(vine.object({ body: memoBody() }))

/** POST /api/creator/remark/add */
export const creatorAliasMemoValidator = vine.compile(
  vine.object({ creator_id: id(), body: memoBody() })
)

/** GET /api/creator/remark/list?creator_id= */
export const creatorMemoListValidator = vine.compile(vine.object({ creator_id: id() }))

/** GET /api/user/favorites (?creator_id=) */
export const favoriteQueryValidator = vine.compile(vine.object({ creator_id: id().optional() }))

/** POST /api/user/favorites */
export const favoriteStoreValidator = vine.compile(vine.object({ creator_id: id() }))
