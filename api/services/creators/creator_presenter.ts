import { DateTime } from 'luxon'
import type Creator from '#models/creator'
import type CreatorAudiencePortrait from '#models/creator_audience_portrait'
import type CreatorPlatformAccount from '#models/creator_platform_account'
import { presentAdPrice } from '#services/creators/ad_price_presenter'
import { accountState } from '#services/platform_accounts/account_state'
import {
  byPlatformOrder,
  presentAccountSummary,
  presentPlatformAccount,
} from '#services/platform_accounts/platform_account_presenter'
import { isoDate, isoDateTime } from '#support/dates'
import {
  NEW_CREATOR_DAYS,
  PORTRAIT_AUDIENCES,
  PORTRAIT_DIMENSIONS,
  PRIVATE_LEVELS,
  type PrivateField,
} from '#shared/constants'

/*
|--------------------------------------------------------------------------
| The JSON of creators (SPEC §2 list and detail, the shared contract)
|--------------------------------------------------------------------------
|
| No private value, token or cookie ever leaves here in plain text: private
| fields show a masked copy and `present`, tokens a short hint.
|
*/

/** The masked copy each private field has for lists (the others show only `present`). */
const MASKED: Partial<Record<PrivateField, (creator: Creator) => string | null>> = {
  phone: (creator) => creator.phoneMasked,
  email: (creator) => creator.emailMasked,
  passport_no: (creator) => creator.passportNoMasked,
  bank_account: (creator) => creator.bankAccountMasked,
}

const PRIVATE_FIELDS = Object.values(PRIVATE_LEVELS).flat() as PrivateField[]

export function isNew(creator: Creator, now: DateTime = DateTime.utc()) {
  return creator.createdAt ? creator.createdAt >= now.minus({ days: NEW_CREATOR_DAYS }) : false
}

/**
 * `failing` as of now: the stored flag or any active account failing by now
 * (token or cookie cannot access, or its last metrics collection failed).
 */
export function isFailing(
  creator: Creator,
  accounts: CreatorPlatformAccount[],
  now: DateTime = DateTime.utc()
) {
  return (
    Boolean(creator.failing) ||
    accounts.some((account) => Boolean(account.active) && accountState(account, now).failing)
  )
}

function privateSummary(creator: Creator) {
  return Object.fromEntries(
    PRIVATE_FIELDS.map((field) => [
      field,
      { masked: MASKED[field]?.(creator) ?? null, present: creator.hasPrivate(field) },
    ])
  )
}

function teamOf(creator: Creator) {
  const team = creator.$preloaded.cpTeam ? creator.cpTeam : null
  return team ? { id: team.id, key: team.key, name: team.name } : null
}

/** The fields that name a creator, shared by the list, the detail and the export. */
export function creatorIdentity(creator: Creator) {
  return {
    id: creator.id,
    brand_no: creator.brandNo,
    contract_no: creator.contractNo,
    kind: creator.kind,
    contractor_name: creator.contractorName,
    channel_name: creator.channelName,
    channel_name_zh: creator.channelNameZh,
    category: creator.category,
    nationality: creator.nationality,
    contract_status: creator.contractStatus,
  }
}

/** One row of the creator list. `accounts` and `cpTeam` must be preloaded. */
export function presentCreatorListItem(
  creator: Creator,
  context: { favorite: boolean; now?: DateTime }
) {
  const now: DateTime = context.now ?? DateTime.utc()
  const accounts = [...(creator.accounts ?? [])].sort(byPlatformOrder)
  return {
    ...creatorIdentity(creator),
    cp_team: teamOf(creator),
    total_fans: Number(creator.totalFans ?? 0),
    failing: isFailing(creator, accounts, now),
    is_new: isNew(creator, now),
    favorite: context.favorite,
    phone_masked: creator.phoneMasked,
    accounts: accounts.map((account) => presentAccountSummary(account, now)),
    created_at: isoDateTime(creator.createdAt),
  }
}

/**
 * Fans and non-fans portraits: per dimension (sex, age, region, device,
 * partition, label) the buckets and their shares, averaged over the
 * platforms of the rows given (the latest capture).
 */
function portraitsOf(rows: CreatorAudiencePortrait[]) {
  const result: Record<string, Record<string, { bucket: string; share: number }[]>> = {}
  for (const audience of PORTRAIT_AUDIENCES) {
    result[audience] = {}
    for (const dimension of PORTRAIT_DIMENSIONS) {
      const buckets = new Map<string, number[]>()
      for (const row of rows) {
        if (row.audience !== audience || row.dimension !== dimension) continue
        buckets.set(row.bucket, [...(buckets.get(row.bucket) ?? []), Number(row.share)])
      }
      result[audience][dimension] = [...buckets.entries()]
        .map(([bucket, shares]) => ({
          bucket,
          share: Math.round((shares.reduce((a, b) => a + b, 0) / shares.length) * 10_000) / 10_000,
        }))
        .sort((a, b) => b.share - a.share)
    }
  }
  return result
}

const ratioOf = (value: number | null) => (value === null ? null : Number(value))

/**
 * The creator's detail. Relations cpTeam, uploader, user, accounts and
 * adPrices must be preloaded; portraits, memo count and favorite are given.
 */
export function presentCreatorDetail(
  creator: Creator,
  context: {
    favorite: boolean
    memoCount: number
    portraits: CreatorAudiencePortrait[]
    now?: DateTime
  }
) {
  const now: DateTime = context.now ?? DateTime.utc()
  const accounts = [...(creator.accounts ?? [])].sort(byPlatformOrder)
  const uploader = creator.$preloaded.uploader ? creator.uploader : null
  const user = creator.$preloaded.user ? creator.user : null
  return {
    ...creatorIdentity(creator),
    channel_intro_zh: creator.channelIntroZh,
    youtube_channel_name: creator.youtubeChannelName,
    youtube_url: creator.youtubeUrl,
    avatar_url: null,
    area_code: creator.areaCode,
    gender: creator.gender,
    company_ref: creator.companyRef,
    contract_date: isoDate(creator.contractDate),
    end_date: isoDate(creator.endDate),
    cancel_date: isoDate(creator.cancelDate),
    contract_status: creator.contractStatus,
    has_authorization_doc: Boolean(creator.hasAuthorizationDoc),
    ip_business_exclusive: Boolean(creator.ipBusinessExclusive),
    video_exclusive_china: Boolean(creator.videoExclusiveChina),
    contracted_platforms: creator.contractedPlatforms ?? null,
    min_monthly_videos: Number(creator.minMonthlyVideos ?? 0),
    ad_income_ratio: ratioOf(creator.adIncomeRatio),
    other_income_ratio: ratioOf(creator.otherIncomeRatio),
    remark: creator.remark,
    sns_kr: creator.snsKr,
    sns_zh: creator.snsZh,
    cp_team: teamOf(creator),
    uploader: uploader ? { id: uploader.id, name: uploader.name } : null,
    user: user ? { id: user.id, email: user.email, status: user.status } : null,
    baidu_app_id: creator.baiduAppId,
    baidu_token_present: Boolean(creator.baiduTokenEncrypted),
    total_fans: Number(creator.totalFans ?? 0),
    failing: isFailing(creator, accounts, now),
    is_new: isNew(creator, now),
    favorite: context.favorite,
    private: privateSummary(creator),
    accounts: accounts.map((account) => presentPlatformAccount(account, now)),
    ad_prices: [...(creator.adPrices ?? [])]
      .sort((a, b) => byPlatformOrder(a, b) || a.format.localeCompare(b.format))
      .map((price) => presentAdPrice(price)),
    portraits: portraitsOf(context.portraits),
    memo_count: context.memoCount,
    created_at: isoDateTime(creator.createdAt),
    updated_at: isoDateTime(creator.updatedAt),
  }
}
