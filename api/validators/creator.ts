import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import type Creator from '#models/creator'
import { idEach } from '#validators/rules'
import { COUNTRY_CODES } from '#shared/countries'
import { listParams } from '#validators/list'
import {
  AREA_CODE_PATTERN,
  NATIONALITY_PATTERN,
  accountFields,
  adPriceList,
  bankAccount,
  brandNo,
  codeInput,
  contractDateOf,
  date,
  enumList,
  id,
  incomeRatio,
  minMonthlyVideos,
  notBefore,
  optionalText,
  passportNo,
  phoneFormat,
  platformList,
  ratioSum,
  text,
  toArray,
  url,
  type CreatorMeta,
} from '#validators/creator_rules'
import {
  CONTRACT_STATUSES,
  CREATOR_CATEGORIES,
  CREATOR_KINDS,
  CREATOR_LIMITS,
  GENDERS,
  LIMITS,
  PLATFORMS,
  TEAMS,
  type PrivateLevel,
} from '#shared/constants'

/*
|--------------------------------------------------------------------------
| Creators (SPEC §3 "Creator / IP", §5 "Creator")
|--------------------------------------------------------------------------
|
| The creator form (create and update), the list filters and the actions on
| one creator. Accounts, ad prices, codes, memos and favorites are in
| creator_account.ts; the rules and field builders in creator_rules.ts.
|
*/

/** Every field of the creator form except the two required names. */
const creatorFields = () => ({
  brand_no: brandNo()
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
    .in(COUNTRY_CODES)
    .nullable()
    .optional(),
  area_code: vine.string().trim().maxLength(7).regex(AREA_CODE_PATTERN).nullable().optional(),
  phone: vine.string().trim().maxLength(LIMITS.phoneMax).use(phoneFormat()).nullable().optional(),
  email: vine.string().trim().maxLength(LIMITS.emailMax).email().nullable().optional(),
  address: optionalText(CREATOR_LIMITS.addressMax),
  birth_date: date().before('today').nullable().optional(),
  gender: vine.enum(GENDERS).nullable().optional(),
  passport_name: optionalText(CREATOR_LIMITS.nameMax),
  passport_no: passportNo().nullable().optional(),
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
  min_monthly_videos: minMonthlyVideos().optional(),
  ad_income_ratio: incomeRatio()
    .use(ratioSum({ self: 'ad' }))
    .nullable()
    .optional(),
  other_income_ratio: incomeRatio()
    .use(ratioSum({ self: 'other' }))
    .nullable()
    .optional(),
  bank_name: optionalText(CREATOR_LIMITS.nameMax),
  bank_account: bankAccount().nullable().optional(),
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
const CREATOR_SORTS = [
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
 * with `applyCreatorFilters` of api/services/creators/creator_query.ts.
 */
const creatorListParams = {
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

const revealLevels = ['L1', 'L2', 'L3'] as const satisfies readonly PrivateLevel[]

/** POST /api/creators/:id/reveal: the level and the caller's security code. */
export const creatorRevealValidator = vine.compile(
  vine.object({ level: vine.enum(revealLevels), code: codeInput() })
)

/** POST /api/creator/privacy/: the same with the creator's id. */
export const creatorAliasRevealValidator = vine.compile(
  vine.object({ id: id(), level: vine.enum(revealLevels), code: codeInput() })
)

/** The stored values a PATCH (or a termination) is validated against. */
export function creatorMetaOf(creator: Creator): CreatorMeta {
  return {
    creatorId: creator.id,
    current: {
      contractDate: creator.contractDate?.toISODate() ?? null,
      videoExclusiveChina: Boolean(creator.videoExclusiveChina),
      adIncomeRatio: creator.adIncomeRatio,
      otherIncomeRatio: creator.otherIncomeRatio,
    },
  }
}
