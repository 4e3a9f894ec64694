import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import studioConfig from '#config/studio'
import StudioException from '#exceptions/studio_exception'
import Creator from '#models/creator'
import CreatorAdPrice from '#models/creator_ad_price'
import type User from '#models/user'
import AuditService from '#services/audit/audit_service'
import Caches from '#services/caches'
import SecurityCodeService from '#services/auth/security_code_service'
import { nextBrandNo } from '#services/creators/brand_numbers'
import { fillCreator } from '#services/creators/creator_fields'
import CreatorReadService from '#services/creators/creator_read_service'
import PlatformAccountService from '#services/platform_accounts/platform_account_service'
import type { Actor } from '#support/actor'
import { refuseDuplicates } from '#support/sql'
import type {
  AccountInput,
  AdPriceInput,
  CreatorStoreInput,
  CreatorUpdateInput,
} from '#validators/creator'

const duplicate = () => new StudioException('creator.duplicate', { status: 409 })

/** What a new creator holds before the form's fields are copied onto it. */
const NEW_CREATOR = {
  kind: 'CR',
  category: 'other',
  contractStatus: 'valid',
  hasAuthorizationDoc: false,
  ipBusinessExclusive: false,
  videoExclusiveChina: false,
  minMonthlyVideos: 0,
  totalFans: 0,
  failing: false,
} as const

/**
 * Writes creators: create, update, delete and terminate, with their platform
 * accounts, ad prices and Baidu token. Every multi-row write runs in one
 * transaction; every change is audited (never with a private value) and
 * clears the creator list cache once committed.
 */
export default class CreatorService {
  /** A creator `user` may see, for a change (404 otherwise). */
  static find(creatorId: number, user: User) {
    return CreatorReadService.visibleTo(user).where('creators.id', creatorId).firstOrFail()
  }

  /** Creates a creator with its accounts, ad prices and Baidu token (POST /api/creators). */
  static async create(input: CreatorStoreInput, actor: Actor) {
    const { accounts, ad_prices: adPrices, baidu_token: baiduToken, ...fields } = input
    return refuseDuplicates(
      () =>
        db.transaction(async (trx) => {
          const now = DateTime.utc()
          const creator = new Creator()
          creator.useTransaction(trx)
          creator.merge({ ...NEW_CREATOR, createdBy: actor.user.id })
          await fillCreator(creator, fields, trx)
          if (baiduToken) creator.setBaiduToken(baiduToken)
          creator.brandNo = fields.brand_no ?? (await nextBrandNo(trx))
          await creator.save()

          await this.#writeAccounts(creator, accounts, trx, now)
          if (adPrices) await this.#replaceAdPrices(creator, adPrices, trx)
          await PlatformAccountService.recompute(creator, trx, now)
          await this.#audit(actor, creator, 'creator.create', { brand_no: creator.brandNo }, trx)
          return creator
        }),
      duplicate
    )
  }

  /**
   * Updates the fields given, upserts the accounts given, replaces ad prices
   * when given; confirmed by the actor's security code.
   */
  static async update(
    creator: Creator,
    input: Omit<CreatorUpdateInput, 'security_code'>,
    actor: Actor,
    securityCode: string
  ) {
    await SecurityCodeService.verify(actor.user, securityCode)
    const { accounts, ad_prices: adPrices, baidu_token: baiduToken, ...fields } = input
    return refuseDuplicates(
      () =>
        db.transaction(async (trx) => {
          const now = DateTime.utc()
          creator.useTransaction(trx)
          await fillCreator(creator, fields, trx)
          if (baiduToken) creator.setBaiduToken(baiduToken)
          await creator.save()
          await this.#writeAccounts(creator, accounts, trx, now)
          if (adPrices) await this.#replaceAdPrices(creator, adPrices, trx)
          await PlatformAccountService.recompute(creator, trx, now)
          await this.#audit(
            actor,
            creator,
            'creator.update',
            {
              fields: Object.keys(fields),
              accounts: (accounts ?? []).map((account) => account.platform),
              ad_prices: Boolean(adPrices),
              baidu_token: Boolean(baiduToken),
            },
            trx
          )
          return creator
        }),
      duplicate
    )
  }

  static #audit(
    actor: Actor,
    creator: Creator,
    action: string,
    meta: Record<string, unknown> | null,
    trx?: TransactionClientContract
  ) {
    return AuditService.log(actor, action, ['creator', creator.id], meta, trx)
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
    Caches.afterCommit(trx, 'creatorList')
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

  /** PUT /api/creators/:id/ad-prices: replaces the creator's ad prices. */
  static async replaceAdPrices(creator: Creator, prices: AdPriceInput[], actor: Actor) {
    return db.transaction(async (trx) => {
      const rows = await this.#replaceAdPrices(creator, prices, trx)
      await this.#audit(actor, creator, 'creator.ad_prices', { count: prices.length }, trx)
      return rows
    })
  }

  /** PUT /api/creators/:id/baidu-token: the Baidu app id and token (encrypted), security code. */
  static async setBaiduToken(
    creator: Creator,
    input: { baidu_app_id?: string | null; baidu_token?: string | null; security_code: string },
    actor: Actor
  ) {
    await SecurityCodeService.verify(actor.user, input.security_code)
    if (input.baidu_app_id !== undefined) creator.baiduAppId = input.baidu_app_id
    if (input.baidu_token) creator.setBaiduToken(input.baidu_token)
    await creator.save()
    Caches.clear('creatorList')
    await this.#audit(actor, creator, 'creator.baidu_token', { token: Boolean(input.baidu_token) })
    return creator
  }

  /** DELETE /api/creators/:id: the creator and everything that hangs off it (security code). */
  static async delete(creator: Creator, actor: Actor, securityCode: string) {
    await SecurityCodeService.verify(actor.user, securityCode)
    await db.transaction(async (trx) => {
      creator.useTransaction(trx)
      await creator.delete()
      Caches.afterCommit(trx, 'creatorList')
      await this.#audit(actor, creator, 'creator.delete', { brand_no: creator.brandNo }, trx)
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
      this.#audit(actor, creator, 'creator.terminate_failed', null)
    )
    const cancelDate = input.cancel_date
      ? DateTime.fromJSDate(input.cancel_date).startOf('day')
      : DateTime.now().setZone(studioConfig.timezone).startOf('day')
    await db.transaction(async (trx) => {
      creator.useTransaction(trx)
      creator.contractStatus = 'terminated'
      creator.cancelDate = cancelDate
      await creator.save()
      Caches.afterCommit(trx, 'creatorList')
      await this.#audit(
        actor,
        creator,
        'creator.terminate',
        { cancel_date: cancelDate.toISODate() },
        trx
      )
    })
    return creator
  }
}
