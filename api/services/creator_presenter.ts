import { DateTime } from 'luxon'
import type Creator from '#models/creator'
import type CreatorAdPrice from '#models/creator_ad_price'
import type CreatorAudiencePortrait from '#models/creator_audience_portrait'
import type CreatorMemo from '#models/creator_memo'
import type CreatorPlatformAccount from '#models/creator_platform_account'
import PlatformAccountService from '#services/platform_account_service'
import {
  NEW_CREATOR_DAYS,
  PLATFORMS,
  PORTRAIT_AUDIENCES,
  PORTRAIT_DIMENSIONS,
  PRIVATE_LEVELS,
  type PrivateField,
} from '#shared/constants'

/** The masked copy each private field has for lists (the others show only `present`). */
const MASKED: Partial<Record<PrivateField, (creator: Creator) => string | null>> = {
  phone: (creator) => creator.phoneMasked,
  email: (creator) => creator.emailMasked,
  passport_no: (creator) => creator.passportNoMasked,
  bank_account: (creator) => creator.bankAccountMasked,
}

const PRIVATE_FIELDS = Object.values(PRIVATE_LEVELS).flat() as PrivateField[]

function isoDate(value: DateTime | null | undefined) {
  return value ? value.toISODate() : null
}

function isoDateTime(value: DateTime | null | undefined) {
  return value ? value.toUTC().toISO() : null
}

/**
 * Money as text with two decimals, whatever the driver returns (MySQL sends
 * "1500.50", SQLite the number 1500.5).
 */
export function moneyText(value: string | number) {
  const text = String(value)
  if (!/^-?\d+(\.\d+)?$/.test(text)) return Number(value).toFixed(2)
  const [whole, fraction = ''] = text.split('.')
  return `${whole}.${`${fraction}00`.slice(0, 2)}`
}

function byPlatformOrder(a: { platform: string }, b: { platform: string }) {
  return (
    PLATFORMS.indexOf(a.platform as (typeof PLATFORMS)[number]) -
    PLATFORMS.indexOf(b.platform as (typeof PLATFORMS)[number])
  )
}

/**
 * The JSON of creators (SPEC §2 list and detail, the shared contract). No
 * private value, token or cookie ever leaves here in plain text: private
 * fields show a masked copy and `present`, tokens a short hint.
 */
export default class CreatorPresenter {
  static isNew(creator: Creator, now: DateTime = DateTime.utc()) {
    return creator.createdAt ? creator.createdAt >= now.minus({ days: NEW_CREATOR_DAYS }) : false
  }

  /**
   * `failing` as of now: the stored flag or any active account failing by now
   * (token or cookie cannot access, or its last metrics collection failed).
   */
  static isFailing(
    creator: Creator,
    accounts: CreatorPlatformAccount[],
    now: DateTime = DateTime.utc()
  ) {
    return (
      Boolean(creator.failing) ||
      accounts.some(
        (account) => Boolean(account.active) && PlatformAccountService.state(account, now).failing
      )
    )
  }

  static privateSummary(creator: Creator) {
    return Object.fromEntries(
      PRIVATE_FIELDS.map((field) => [
        field,
        { masked: MASKED[field]?.(creator) ?? null, present: creator.hasPrivate(field) },
      ])
    )
  }

  static team(creator: Creator) {
    const team = creator.$preloaded.cpTeam ? creator.cpTeam : null
    return team ? { id: team.id, key: team.key, name: team.name } : null
  }

  /** The fields that name a creator, shared by the list, the detail and the export. */
  static identity(creator: Creator) {
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
  static listItem(creator: Creator, context: { favorite: boolean; now?: DateTime }) {
    const now: DateTime = context.now ?? DateTime.utc()
    const accounts = [...(creator.accounts ?? [])].sort(byPlatformOrder)
    return {
      ...this.identity(creator),
      cp_team: this.team(creator),
      total_fans: Number(creator.totalFans ?? 0),
      failing: this.isFailing(creator, accounts, now),
      is_new: this.isNew(creator, now),
      favorite: context.favorite,
      phone_masked: creator.phoneMasked,
      accounts: accounts.map((account) => {
        const state = PlatformAccountService.state(account, now)
        return {
          platform: account.platform,
          uid: account.uid,
          fans: Number(account.fans ?? 0),
          token_status: state.tokenStatus,
          cookie_status: state.cookieStatus,
          collect_status: state.collectFailing ? 1 : 0,
        }
      }),
      created_at: isoDateTime(creator.createdAt),
    }
  }

  /** A platform account: statuses as of now, secrets only as `*_present` and a hint. */
  static account(account: CreatorPlatformAccount, now: DateTime = DateTime.utc()) {
    const state = PlatformAccountService.state(account, now)
    return {
      id: account.id,
      platform: account.platform,
      uid: account.uid,
      channel_name: account.channelName,
      channel_url: account.channelUrl,
      fans: Number(account.fans ?? 0),
      active: Boolean(account.active),
      token_present: Boolean(account.tokenEncrypted),
      token_hint: PlatformAccountService.tokenHint(account),
      token_status: state.tokenStatus,
      token_connected_at: isoDateTime(account.tokenConnectedAt),
      token_expires_at: isoDateTime(account.tokenExpiresAt),
      token_expiring: state.tokenExpiring,
      cookie_present: Boolean(account.cookieEncrypted),
      cookie_status: state.cookieStatus,
      cookie_entered_at: isoDateTime(account.cookieEnteredAt),
      cookie_checked_at: isoDateTime(account.cookieCheckedAt),
      cookie_recheck_due_at: isoDateTime(state.cookieRecheckDueAt),
      cookie_recheck_due: state.cookieRecheckDue,
      collect_status: state.collectFailing ? 1 : 0,
      collect_error: account.collectError ?? null,
      last_collected_at: isoDateTime(account.lastCollectedAt),
      collect_failed_at: isoDateTime(account.collectFailedAt),
    }
  }

  static adPrice(price: CreatorAdPrice) {
    return {
      id: price.id,
      platform: price.platform,
      format: price.format,
      price: moneyText(price.price),
      currency: price.currency,
      note: price.note,
    }
  }

  static memo(memo: CreatorMemo) {
    const user = memo.$preloaded.user ? memo.user : null
    return {
      id: memo.id,
      body: memo.body,
      user: user ? { id: user.id, name: user.name } : null,
      created_at: isoDateTime(memo.createdAt),
    }
  }

  /**
   * Fans and non-fans portraits: per dimension (sex, age, region, device,
   * partition, label) the buckets and their shares, averaged over the
   * platforms of the rows given (the latest capture).
   */
  static portraits(rows: CreatorAudiencePortrait[]) {
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
            share:
              Math.round((shares.reduce((a, b) => a + b, 0) / shares.length) * 10_000) / 10_000,
          }))
          .sort((a, b) => b.share - a.share)
      }
    }
    return result
  }

  /**
   * The creator's detail. Relations cpTeam, uploader, user, accounts and
   * adPrices must be preloaded; portraits, memo count and favorite are given.
   */
  static detail(
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
      ...this.identity(creator),
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
      ad_income_ratio: creator.adIncomeRatio === null ? null : Number(creator.adIncomeRatio),
      other_income_ratio:
        creator.otherIncomeRatio === null ? null : Number(creator.otherIncomeRatio),
      remark: creator.remark,
      sns_kr: creator.snsKr,
      sns_zh: creator.snsZh,
      cp_team: this.team(creator),
      uploader: uploader ? { id: uploader.id, name: uploader.name } : null,
      user: user ? { id: user.id, email: user.email, status: user.status } : null,
      baidu_app_id: creator.baiduAppId,
      baidu_token_present: Boolean(creator.baiduTokenEncrypted),
      total_fans: Number(creator.totalFans ?? 0),
      failing: this.isFailing(creator, accounts, now),
      is_new: this.isNew(creator, now),
      favorite: context.favorite,
      private: this.privateSummary(creator),
      accounts: accounts.map((account) => this.account(account, now)),
      ad_prices: [...(creator.adPrices ?? [])]
        .sort((a, b) => byPlatformOrder(a, b) || a.format.localeCompare(b.format))
        .map((price) => this.adPrice(price)),
      portraits: this.portraits(context.portraits),
      memo_count: context.memoCount,
      created_at: isoDateTime(creator.createdAt),
      updated_at: isoDateTime(creator.updatedAt),
    }
  }
}
