import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import {
  CREATOR_CATEGORIES,
  CREATOR_KINDS,
  CREATOR_LIMITS,
  GENDERS,
  LIMITS,
  PLATFORMS,
  TEAMS,
  TOKEN_PLATFORMS,
} from '#shared/constants'
import {
  AREA_CODE_PATTERN,
  CREATOR_PHONE_PATTERN,
  NATIONALITY_PATTERN,
  UID_PATTERN,
  bankAccount,
  brandNo,
  date,
  httpUrl,
  incomeRatio,
  minMonthlyVideos,
  passportNo,
  text,
} from '#validators/creator_rules'

/**
 * One data row of the creators import (api/services/creators/excel/),
 * after the cells were turned into text: the contract's creator input rules
 * (see /api/creators), with Excel's shapes (yes/no booleans, comma-separated
 * platforms, the uploader by email or id) and `<platform>_uid` /
 * `<platform>_fans` per platform of the template. Cross-field and database
 * rules (end ≥ contract date, ratio sum, duplicates, uid owners) are checked
 * by the import's validation (api/services/creators/excel/validate.ts),
 * which knows the creator a row updates. The patterns and field builders
 * are the creator form's (creator_rules.ts), optional: an empty cell is
 * absent, never null.
 */

/** The platforms whose uid and fans a row may carry. */
const IMPORT_ROW_PLATFORMS = [...TOKEN_PLATFORMS, 'youtube'] as const

const platformFields = Object.fromEntries(
  IMPORT_ROW_PLATFORMS.flatMap((platform) => [
    [
      `${platform}_uid`,
      vine.string().trim().maxLength(CREATOR_LIMITS.uidMax).regex(UID_PATTERN).optional(),
    ],
    [`${platform}_fans`, vine.number().withoutDecimals().min(0).max(1e13).optional()],
  ])
) as Record<
  `${(typeof IMPORT_ROW_PLATFORMS)[number]}_uid`,
  ReturnType<ReturnType<typeof vine.string>['optional']>
> &
  Record<
    `${(typeof IMPORT_ROW_PLATFORMS)[number]}_fans`,
    ReturnType<ReturnType<typeof vine.number>['optional']>
  >

const creatorImportRowSchema = vine.object({
  brand_no: brandNo().optional(),
  contract_no: text(CREATOR_LIMITS.contractNoMax).optional(),
  kind: vine.enum(CREATOR_KINDS).optional(),
  contractor_name: text(CREATOR_LIMITS.contractorNameMax).minLength(1),
  channel_name: text(CREATOR_LIMITS.channelNameMax).minLength(1),
  channel_name_zh: text(CREATOR_LIMITS.channelNameMax).optional(),
  channel_intro_zh: text(CREATOR_LIMITS.textMax).optional(),
  youtube_channel_name: text(CREATOR_LIMITS.channelNameMax).optional(),
  youtube_url: httpUrl().optional(),
  category: vine.enum(CREATOR_CATEGORIES).optional(),
  nationality: vine.string().trim().toUpperCase().regex(NATIONALITY_PATTERN).optional(),
  area_code: vine.string().trim().regex(AREA_CODE_PATTERN).optional(),
  phone: vine.string().trim().maxLength(LIMITS.phoneMax).regex(CREATOR_PHONE_PATTERN).optional(),
  email: vine.string().trim().maxLength(LIMITS.emailMax).email().optional(),
  address: text(CREATOR_LIMITS.addressMax).optional(),
  birth_date: date().before('today').optional(),
  gender: vine.enum(GENDERS).optional(),
  passport_name: text(CREATOR_LIMITS.nameMax).optional(),
  passport_no: passportNo().optional(),
  company_ref: text(CREATOR_LIMITS.companyRefMax).optional(),
  contract_date: date().optional(),
  end_date: date().optional(),
  has_authorization_doc: vine.boolean().optional(),
  ip_business_exclusive: vine.boolean().optional(),
  video_exclusive_china: vine.boolean().optional(),
  contracted_platforms: vine.array(vine.enum(PLATFORMS)).distinct().optional(),
  min_monthly_videos: minMonthlyVideos().optional(),
  ad_income_ratio: incomeRatio().optional(),
  other_income_ratio: incomeRatio().optional(),
  bank_name: text(CREATOR_LIMITS.nameMax).optional(),
  bank_account: bankAccount().optional(),
  tax_payer_name: text(CREATOR_LIMITS.nameMax).optional(),
  remark: text(CREATOR_LIMITS.textMax).optional(),
  sns_kr: httpUrl().optional(),
  sns_zh: httpUrl().optional(),
  cp_team: vine.enum(TEAMS).optional(),
  uploader: text(255).optional(),
  baidu_app_id: text(64).optional(),
  ...platformFields,
})

export const creatorImportRowValidator = vine.compile(creatorImportRowSchema)

export type CreatorImportRow = Infer<typeof creatorImportRowValidator>
