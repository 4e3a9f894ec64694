import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Creator from '#models/creator'
import Team from '#models/team'
import type { CreatorInput } from '#validators/creator'
import { PRIVATE_LEVELS, type PrivateField } from '#shared/constants'

/** Plain creator columns the form writes as given. */
export const PLAIN_FIELDS = {
  contract_no: 'contractNo',
  kind: 'kind',
  contractor_name: 'contractorName',
  channel_name: 'channelName',
  channel_name_zh: 'channelNameZh',
  channel_intro_zh: 'channelIntroZh',
  youtube_channel_name: 'youtubeChannelName',
  youtube_url: 'youtubeUrl',
  category: 'category',
  nationality: 'nationality',
  gender: 'gender',
  company_ref: 'companyRef',
  has_authorization_doc: 'hasAuthorizationDoc',
  ip_business_exclusive: 'ipBusinessExclusive',
  video_exclusive_china: 'videoExclusiveChina',
  contracted_platforms: 'contractedPlatforms',
  min_monthly_videos: 'minMonthlyVideos',
  ad_income_ratio: 'adIncomeRatio',
  other_income_ratio: 'otherIncomeRatio',
  remark: 'remark',
  sns_kr: 'snsKr',
  sns_zh: 'snsZh',
  uploader_id: 'uploaderId',
  baidu_app_id: 'baiduAppId',
} as const satisfies Partial<Record<keyof CreatorInput, keyof Creator>>

export const PRIVATE_FIELDS = Object.values(PRIVATE_LEVELS).flat() as PrivateField[]

function toDate(value: Date | null | undefined) {
  if (value === undefined) return undefined
  return value === null ? null : DateTime.fromJSDate(value).startOf('day')
}

/**
 * Copies the creator form's fields onto the creator (private ones
 * encrypted); a field that is not given is left as it is.
 */
export async function fillCreator(
  creator: Creator,
  input: CreatorInput,
  trx: TransactionClientContract
) {
  const target = creator as unknown as Record<string, unknown>
  for (const [field, attribute] of Object.entries(PLAIN_FIELDS)) {
    const value = input[field as keyof CreatorInput]
    if (value !== undefined) target[attribute] = value
  }
  if (input.brand_no !== undefined) creator.brandNo = input.brand_no
  if (input.area_code !== undefined) {
    creator.areaCode =
      input.area_code && !input.area_code.startsWith('+') ? `+${input.area_code}` : input.area_code
  }
  const contractDate = toDate(input.contract_date)
  if (contractDate !== undefined) creator.contractDate = contractDate
  const endDate = toDate(input.end_date)
  if (endDate !== undefined) creator.endDate = endDate
  if (input.contracted_platforms !== undefined) {
    creator.contractedPlatforms = input.contracted_platforms?.length
      ? input.contracted_platforms
      : null
  }
  if (creator.videoExclusiveChina) creator.contractedPlatforms = null

  if (input.cp_team !== undefined) {
    const team = input.cp_team
      ? await Team.query({ client: trx }).where('key', input.cp_team).firstOrFail()
      : null
    creator.cpTeamId = team?.id ?? null
  }

  for (const field of PRIVATE_FIELDS) {
    const value = input[field]
    if (value === undefined) continue
    creator.setPrivate(
      field,
      value instanceof Date ? DateTime.fromJSDate(value).toISODate() : (value as string | null)
    )
  }
}
