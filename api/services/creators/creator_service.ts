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
import {
  SECRET_MASK,
  accountChanges,
  accountFacts,
  creatorChanges,
  creatorFacts,
  privateFieldsOf,
  type Changes,
} from '#services/creators/creator_changes'
import CreatorReadService from '#services/creators/creator_read_service'
import PlatformAccountService from '#services/platform_accounts/platform_account_service'
import type { Actor } from '#support/actor'
import type { AuditAction } from '#shared/audit'
import { refuseDuplicates } from '#support/sql'
import type {
  AccountInput,
  AdPriceInput,
  CreatorStoreInput,
  CreatorUpdateInput,
} from '#validators/creator'

/** An audit entry's meta without the parts that hold nothing (no empty "changes"). */
function logged(meta: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(meta).filter(
      ([, value]) =>
        value !== null &&
        value !== undefined &&
        !(typeof value === 'object' && !Object.keys(value as object).length)
    )
  )
}

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

  /**
   * Creates a creator with its accounts, ad prices and Baidu token (POST
   * /api/creators); inside the caller's transaction when given one (a data
   * connect that makes its creator).
   */
  static async create(input: CreatorStoreInput, actor: Actor, outer?: TransactionClientContract) {
    const { accounts, ad_prices: adPrices, baidu_token: baiduToken, ...fields } = input
    const inTransaction = <T>(work: (trx: TransactionClientContract) => Promise<T>) =>
      outer ? work(outer) : db.transaction(work)
    return refuseDuplicates(
      () =>
        inTransaction(async (trx) => {
          const now = DateTime.utc()
          const creator = new Creator()
          creator.useTransaction(trx)
          creator.merge({ ...NEW_CREATOR, createdBy: actor.user.id })
          await fillCreator(creator, fields, trx)
          if (baiduToken) creator.setBaiduToken(baiduToken)
          creator.brandNo = fields.brand_no ?? (await nextBrandNo(trx))
          await creator.save()

          const accountsChanged = await this.#writeAccounts(creator, accounts, trx, now)
          if (adPrices) await this.#replaceAdPrices(creator, adPrices, trx)
          await PlatformAccountService.recompute(creator, trx, now)
          const changes = await creatorChanges(null, creatorFacts(creator), trx)
          await this.#auditWhole(actor, creator, 'creator.create', changes, accountsChanged, trx)
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
          const touched = privateFieldsOf(fields)
          const before = creatorFacts(creator, touched)
          const hadBaiduToken = Boolean(creator.baiduTokenEncrypted)
          await fillCreator(creator, fields, trx)
          if (baiduToken) creator.setBaiduToken(baiduToken)
          await creator.save()
          const accountsChanged = await this.#writeAccounts(creator, accounts, trx, now)
          if (adPrices) await this.#replaceAdPrices(creator, adPrices, trx)
          await PlatformAccountService.recompute(creator, trx, now)
          const changes = await creatorChanges(before, creatorFacts(creator, touched), trx)
          if (baiduToken) {
            changes.baidu_token = { from: hadBaiduToken ? SECRET_MASK : null, to: SECRET_MASK }
          }
          await this.#audit(
            actor,
            creator,
            'creator.update',
            logged({
              changes,
              accounts: accountsChanged,
              ad_prices: adPrices ? adPrices.length : null,
            }),
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
    action: AuditAction,
    meta: Record<string, unknown> | null,
    trx?: TransactionClientContract
  ) {
    return AuditService.log(actor, action, ['creator', creator.id], meta, trx)
  }

  /** A creator made or removed whole: its brand no, its fields' and its accounts' changes. */
  static #auditWhole(
    actor: Actor,
    creator: Creator,
    action: 'creator.create' | 'creator.delete',
    changes: Changes,
    accounts: Record<string, Changes>,
    trx: TransactionClientContract
  ) {
    return this.#audit(
      actor,
      creator,
      action,
      logged({ brand_no: creator.brandNo, changes, accounts }),
      trx
    )
  }

  static async #writeAccounts(
    creator: Creator,
    accounts: AccountInput[] | undefined,
    trx: TransactionClientContract,
    now: DateTime
  ) {
    const changed: Record<string, Changes> = {}
    for (const [index, account] of (accounts ?? []).entries()) {
      const { platform, ...changes } = account
      const result = await PlatformAccountService.upsert(creator, platform, changes, {
        trx,
        now,
        field: `accounts.${index}`,
      })
      if (Object.keys(result.changed).length) changed[platform] = result.changed
    }
    return changed
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
    const changes: Changes = {}
    if (input.baidu_app_id !== undefined && input.baidu_app_id !== creator.baiduAppId) {
      changes.baidu_app_id = { from: creator.baiduAppId, to: input.baidu_app_id }
      creator.baiduAppId = input.baidu_app_id
    }
    if (input.baidu_token) {
      changes.baidu_token = {
        from: creator.baiduTokenEncrypted ? SECRET_MASK : null,
        to: SECRET_MASK,
      }
      creator.setBaiduToken(input.baidu_token)
    }
    await db.transaction(async (trx) => {
      creator.useTransaction(trx)
      await creator.save()
      await this.#audit(actor, creator, 'creator.baidu_token', logged({ changes }), trx)
    })
    return creator
  }

  /** DELETE /api/creators/:id: the creator and everything that hangs off it (security code). */
  static async delete(creator: Creator, actor: Actor, securityCode: string) {
    await SecurityCodeService.verify(actor.user, securityCode)
    await db.transaction(async (trx) => {
      creator.useTransaction(trx)
      const accounts = await creator.related('accounts').query().orderBy('platform')
      const before = creatorFacts(creator)
      await creator.delete()
      const changes = await creatorChanges(before, null, trx)
      const removed: Record<string, Changes> = {}
      for (const account of accounts) {
        removed[account.platform] = accountChanges(accountFacts(account), {})
      }
      await this.#auditWhole(actor, creator, 'creator.delete', changes, removed, trx)
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
