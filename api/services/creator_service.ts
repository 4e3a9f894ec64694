import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import studioConfig from '#config/studio'
import StudioException from '#exceptions/studio_exception'
import Creator from '#models/creator'
import CreatorAdPrice from '#models/creator_ad_price'
import CreatorMemo from '#models/creator_memo'
import Team from '#models/team'
import User from '#models/user'
import AuditService from '#services/audit_service'
import type { Actor } from '#services/actor'
import CreatorPresenter from '#services/creator_presenter'
import PlatformAccountService, { type AccountChanges } from '#services/platform_account_service'
import SecurityCodeService from '#services/security_code_service'
import TokenService from '#services/token_service'
import type {
  AccountInput,
  AdPriceInput,
  CreatorInput,
  CreatorStoreInput,
  CreatorUpdateInput,
} from '#validators/creator'
import {
  PRIVATE_LEVELS,
  REVEAL_SECONDS,
  type PlatformKey,
  type PrivateField,
  type PrivateLevel,
} from '#shared/constants'

/** Successful reveals per user: 60 in 10 minutes (on top of the wrong-code limit). */
export const REVEAL_LIMIT = { requests: 60, duration: '10 mins', blockDuration: '10 mins' }
export const revealLimitKey = (userId: number) => `creator_reveal:${userId}`

/** Plain creator columns the form writes as given. */
const PLAIN_FIELDS = {
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

const PRIVATE_FIELDS = Object.values(PRIVATE_LEVELS).flat() as PrivateField[]

function toDate(value: Date | null | undefined) {
  if (value === undefined) return undefined
  return value === null ? null : DateTime.fromJSDate(value).startOf('day')
}

/** A unique index refused the write (a race the validators could not see). */
function isUniqueViolation(error: unknown) {
  const code = (error as { code?: string })?.code
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}

async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw new StudioException('creator.duplicate', { status: 409 })
    throw error
  }
}

/**
 * Writes creators: create, update, delete and terminate, the platform
 * accounts, ad prices, Baidu token and the creator's own sign-in account,
 * and reveals private data. Every multi-row write runs in one transaction;
 * every change is audited (never with a private value).
 */
export default class CreatorService {
  /** `${APP_BRAND}-00042`: the next free brand number. */
  static async nextBrandNo(trx: TransactionClientContract) {
    const prefix = `${studioConfig.brand.toUpperCase()}-`
    const rows = await trx
      .from('creators')
      .whereRaw(`brand_no like ? escape '!'`, [`${prefix.replace(/[!%_]/g, (c) => `!${c}`)}%`])
      .orderByRaw('length(brand_no) desc, brand_no desc')
      .limit(50)
      .select('brand_no')
    let next = 1
    for (const row of rows) {
      const suffix = String(row.brand_no).slice(prefix.length)
      if (/^[0-9]+$/.test(suffix)) {
        next = Number(suffix) + 1
        break
      }
    }
    for (let attempt = 0; attempt < 100; attempt++, next++) {
      const candidate = `${prefix}${String(next).padStart(5, '0')}`
      const taken = await trx.from('creators').where('brand_no', candidate).first()
      if (!taken) return candidate
    }
    throw new StudioException('creator.duplicate', { status: 409 })
  }

  /** Copies the form's fields onto the creator (private ones encrypted). */
  static async fill(creator: Creator, input: CreatorInput, trx: TransactionClientContract) {
    const target = creator as unknown as Record<string, unknown>
    for (const [field, attribute] of Object.entries(PLAIN_FIELDS)) {
      const value = input[field as keyof CreatorInput]
      if (value !== undefined) target[attribute] = value
    }
    if (input.brand_no !== undefined) creator.brandNo = input.brand_no
    if (input.area_code !== undefined) {
      creator.areaCode =
        input.area_code && !input.area_code.startsWith('+')
          ? `+${input.area_code}`
          : input.area_code
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

  /** Creates a creator with its accounts and ad prices (POST /api/creators). */
  static async create(input: CreatorStoreInput, actor: Actor) {
    const { accounts, ad_prices: adPrices, baidu_token: baiduToken, ...fields } = input
    return guardUnique(() =>
      db.transaction(async (trx) => {
        const now = DateTime.utc()
        const creator = new Creator()
        creator.useTransaction(trx)
        creator.merge({
          kind: 'CR',
          category: 'other',
          contractStatus: 'valid',
          hasAuthorizationDoc: false,
          ipBusinessExclusive: false,
          videoExclusiveChina: false,
          minMonthlyVideos: 0,
          totalFans: 0,
          failing: false,
          createdBy: actor.user.id,
        })
        await this.fill(creator, fields, trx)
        if (baiduToken) creator.setBaiduToken(baiduToken)
        creator.brandNo = fields.brand_no ?? (await this.nextBrandNo(trx))
        await creator.save()

        await this.#writeAccounts(creator, accounts, trx, now)
        if (adPrices) await this.#replaceAdPrices(creator, adPrices, trx)
        await PlatformAccountService.recompute(creator, trx, now)
        await AuditService.record(
          {
            action: 'creator.create',
            userId: actor.user.id,
            ip: actor.ip,
            subjectType: 'creator',
            subjectId: creator.id,
            meta: { brand_no: creator.brandNo },
          },
          trx
        )
        return creator
      })
    )
  }

  /** Updates the fields given, upserts the accounts given, replaces ad prices when given. */
  static async update(
    creator: Creator,
    input: Omit<CreatorUpdateInput, 'security_code'>,
    actor: Actor
  ) {
    const { accounts, ad_prices: adPrices, baidu_token: baiduToken, ...fields } = input
    return guardUnique(() =>
      db.transaction(async (trx) => {
        const now = DateTime.utc()
        creator.useTransaction(trx)
        await this.fill(creator, fields, trx)
        if (baiduToken) creator.setBaiduToken(baiduToken)
        await creator.save()
        await this.#writeAccounts(creator, accounts, trx, now)
        if (adPrices) await this.#replaceAdPrices(creator, adPrices, trx)
        await PlatformAccountService.recompute(creator, trx, now)
        await AuditService.record(
          {
            action: 'creator.update',
            userId: actor.user.id,
            ip: actor.ip,
            subjectType: 'creator',
            subjectId: creator.id,
            meta: {
              fields: Object.keys(fields),
              accounts: (accounts ?? []).map((account) => account.platform),
              ad_prices: Boolean(adPrices),
              baidu_token: Boolean(baiduToken),
            },
          },
          trx
        )
        return creator
      })
    )
  }

  static async #writeAccounts(
    creator: Creator,
    accounts: AccountInput[] | undefined,
    trx: TransactionClientContract,
    now: DateTime
  ) {
    for (const [index, account] of (accounts ?? []).entries()) {
      const { platform, ...changes } = account
      await PlatformAccountService.upsert(creator, platform, changes, {
        trx,
        now,
        field: `accounts.${index}`,
      })
    }
  }

  static async #replaceAdPrices(
    creator: Creator,
    prices: AdPriceInput[],
    trx: TransactionClientContract
  ) {
    await CreatorAdPrice.query({ client: trx }).where('creator_id', creator.id).delete()
    if (!prices.length) return []
    return CreatorAdPrice.createMany(
      prices.map((price) => ({
        creatorId: creator.id,
        platform: price.platform,
        format: price.format,
        price: price.price,
        currency: price.currency ?? 'KRW',
        note: price.note ?? null,
      })),
      { client: trx }
    )
  }

  /** PUT /api/creators/:id/accounts/:platform: one platform account (token and cookie rules). */
  static async updateAccount(
    creator: Creator,
    platform: PlatformKey,
    changes: AccountChanges,
    actor: Actor
  ) {
    return guardUnique(() =>
      db.transaction(async (trx) => {
        const now = DateTime.utc()
        const account = await PlatformAccountService.upsert(creator, platform, changes, {
          trx,
          now,
        })
        await PlatformAccountService.recompute(creator, trx, now)
        await AuditService.record(
          {
            action: 'creator.account_update',
            userId: actor.user.id,
            ip: actor.ip,
            subjectType: 'creator',
            subjectId: creator.id,
            meta: {
              platform,
              token: Boolean(changes.token),
              cookie: Boolean(changes.cookie || changes.cookie_2),
            },
          },
          trx
        )
        return CreatorPresenter.account(account, now)
      })
    )
  }

  /** PUT /api/creators/:id/ad-prices: replaces the creator's ad prices. */
  static async replaceAdPrices(creator: Creator, prices: AdPriceInput[], actor: Actor) {
    return db.transaction(async (trx) => {
      const rows = await this.#replaceAdPrices(creator, prices, trx)
      await AuditService.record(
        {
          action: 'creator.ad_prices',
          userId: actor.user.id,
          ip: actor.ip,
          subjectType: 'creator',
          subjectId: creator.id,
          meta: { count: prices.length },
        },
        trx
      )
      return rows.map((row) => CreatorPresenter.adPrice(row))
    })
  }

  /** PUT /api/creators/:id/baidu-token: the Baidu app id and token (encrypted). */
  static async setBaiduToken(
    creator: Creator,
    input: { baidu_app_id?: string | null; baidu_token?: string | null },
    actor: Actor
  ) {
    if (input.baidu_app_id !== undefined) creator.baiduAppId = input.baidu_app_id
    if (input.baidu_token) creator.setBaiduToken(input.baidu_token)
    await creator.save()
    await AuditService.record({
      action: 'creator.baidu_token',
      userId: actor.user.id,
      ip: actor.ip,
      subjectType: 'creator',
      subjectId: creator.id,
      meta: { token: Boolean(input.baidu_token) },
    })
    return creator
  }

  /**
   * PUT /api/creators/:id/account-password: sets the password of the
   * creator's own sign-in account, creating it first (role creator, active,
   * email = the given one or the creator's L1 email) when there is none. A
   * changed password signs the account out everywhere.
   */
  static async setAccountPassword(
    creator: Creator,
    input: { password: string; email?: string },
    actor: Actor
  ) {
    const { user, created } = await guardUnique(() =>
      db.transaction(async (trx) => {
        const existing = creator.userId ? await User.find(creator.userId, { client: trx }) : null
        const email = input.email ?? existing?.email ?? creator.getPrivate('email')?.toLowerCase()
        if (!email) throw new StudioException('creator.account_email_required', { status: 422 })
        const owner = await User.query({ client: trx }).where('email', email).first()
        if (owner && owner.id !== existing?.id) {
          throw new StudioException('creator.account_email_taken', { status: 409 })
        }

        let account: User
        if (existing) {
          existing.useTransaction(trx)
          existing.merge({ email, password: input.password })
          await existing.save()
          account = existing
        } else {
          account = await User.create(
            {
              email,
              password: input.password,
              name: creator.contractorName,
              accountType: 'creator',
              role: 'creator',
              status: 'active',
              locale: 'en',
              channelName: creator.channelName,
              approvedBy: actor.user.id,
              approvedAt: DateTime.utc(),
            },
            { client: trx }
          )
          creator.useTransaction(trx)
          creator.userId = account.id
          await creator.save()
        }
        await AuditService.record(
          {
            action: 'creator.account_password',
            userId: actor.user.id,
            ip: actor.ip,
            subjectType: 'creator',
            subjectId: creator.id,
            meta: { user_id: account.id, created: !existing },
          },
          trx
        )
        return { user: account, created: !existing }
      })
    )
    if (!created) await TokenService.revokeUser(user.id)
    return { id: user.id, email: user.email, status: user.status, created }
  }

  /** DELETE /api/creators/:id: the creator and everything that hangs off it. */
  static async delete(creator: Creator, actor: Actor) {
    await db.transaction(async (trx) => {
      creator.useTransaction(trx)
      await creator.delete()
      await AuditService.record(
        {
          action: 'creator.delete',
          userId: actor.user.id,
          ip: actor.ip,
          subjectType: 'creator',
          subjectId: creator.id,
          meta: { brand_no: creator.brandNo },
        },
        trx
      )
    })
  }

  /**
   * Terminates the contract with the studio's termination code (SPEC §4, §6):
   * status terminated and the cancel date (today in the studio's time zone
   * unless given). A wrong code answers 'Termination code error' and is
   * audited and rate limited.
   */
  static async terminate(
    creator: Creator,
    input: { termination_code: string; cancel_date?: Date },
    actor: Actor
  ) {
    if (creator.contractStatus === 'terminated') {
      throw new StudioException('creator.already_terminated', { status: 409 })
    }
    await SecurityCodeService.verifyTermination(actor.user, input.termination_code, () =>
      AuditService.record({
        action: 'creator.terminate_failed',
        userId: actor.user.id,
        ip: actor.ip,
        subjectType: 'creator',
        subjectId: creator.id,
      })
    )
    const cancelDate = input.cancel_date
      ? DateTime.fromJSDate(input.cancel_date).startOf('day')
      : DateTime.now().setZone(studioConfig.timezone).startOf('day')
    await db.transaction(async (trx) => {
      creator.useTransaction(trx)
      creator.contractStatus = 'terminated'
      creator.cancelDate = cancelDate
      await creator.save()
      await AuditService.record(
        {
          action: 'creator.terminate',
          userId: actor.user.id,
          ip: actor.ip,
          subjectType: 'creator',
          subjectId: creator.id,
          meta: { cancel_date: cancelDate.toISODate() },
        },
        trx
      )
    })
    return creator
  }

  /**
   * Reveals one level of private data with the user's security code (the
   * policy has allowed the level). Wrong codes are audited
   * (`creator.reveal_failed`) and rate limited; reveals are audited
   * (`creator.reveal`, meta {level}) and limited to REVEAL_LIMIT per user.
   */
  static async reveal(creator: Creator, level: PrivateLevel, code: string, actor: Actor) {
    const audit = (action: string) =>
      AuditService.record({
        action,
        userId: actor.user.id,
        ip: actor.ip,
        subjectType: 'creator',
        subjectId: creator.id,
        meta: { level },
      })
    await SecurityCodeService.verify(actor.user, code, () => audit('creator.reveal_failed'))
    await limiter.use(REVEAL_LIMIT).consume(revealLimitKey(actor.user.id))

    const fields = Object.fromEntries(
      PRIVATE_LEVELS[level].map((field) => [field, creator.getPrivate(field)])
    )
    await audit('creator.reveal')
    return {
      level,
      fields,
      expires_at: DateTime.utc().plus({ seconds: REVEAL_SECONDS }).toISO(),
    }
  }

  /** POST /api/creators/:id/memos: one memo, kept with its author and time. */
  static async addMemo(creator: Creator, body: string, actor: Actor) {
    const memo = await CreatorMemo.create({
      creatorId: creator.id,
      userId: actor.user.id,
      body,
    })
    await memo.load('user')
    return CreatorPresenter.memo(memo)
  }
}
