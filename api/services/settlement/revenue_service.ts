import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Creator from '#models/creator'
import ExchangeRate from '#models/exchange_rate'
import PlatformRevenue from '#models/platform_revenue'
import StudioException from '#exceptions/studio_exception'
import AuditService from '#services/audit/audit_service'
import SettlementService, { monthRange } from '#services/settlement/settlement_service'
import { dec, fixed } from '#services/settlement/settlement_math'
import { changeLogger } from '#services/settlement/settlement_audit'
import type { Actor } from '#support/actor'
import { pageWindow, paginate } from '#support/pagination'
import type { ExchangeRateInput, RevenueInput, RevenueListParams } from '#validators/settlement'

/** What the log keeps of a revenue row. */
function revenueFigures(row: PlatformRevenue) {
  return {
    creator_id: row.creatorId,
    month: row.month,
    platform: row.platform,
    kind: row.kind,
    currency: row.currency,
    amount: row.amount,
    note: row.note,
  }
}

/** Logs a change of an exchange rate: its currency and date, before and after. */
const logRate = changeLogger<ExchangeRate>('exchange_rate', (row) => ({
  currency: row.currency,
  rate_date: row.rateDate,
}))

/** Platform revenue per creator, month, platform, kind and currency; and the exchange rates. */
export default class RevenueService {
  static list(params: RevenueListParams) {
    const query = PlatformRevenue.query()
    if (params.month) query.where('month', monthRange(params.month).first)
    if (params.creator_id) query.where('creator_id', params.creator_id)
    if (params.platform) query.where('platform', params.platform)
    if (params.currency) query.where('currency', params.currency)
    const window = pageWindow(params._start, params._end, { max: 500, min: 1 })
    return paginate(query, window, (filtered) =>
      filtered
        .preload('creator')
        .orderBy('creator_id', 'asc')
        .orderBy('platform', 'asc')
        .orderBy('id', 'asc')
    )
  }

  static async find(id: number) {
    const row = await PlatformRevenue.query().where('id', id).preload('creator').firstOrFail()
    return row
  }

  /** A creator's month whose statement is confirmed or paid takes no more revenue edits. */
  static async #unlocked(creatorId: number, month: string, trx: TransactionClientContract) {
    if (await SettlementService.isLocked(creatorId, month, trx)) {
      throw new StudioException('settlement.errors.month_locked', { status: 409 })
    }
  }

  static async #creator(id: number, trx: TransactionClientContract) {
    const creator = await Creator.query({ client: trx }).where('id', id).first()
    if (!creator) throw new StudioException('settlement.errors.creator_unknown', { status: 422 })
    return creator
  }

  /** Writes one row (a new one, or `existing` changed), audited with before and after. */
  static async save(actor: Actor, input: RevenueInput, existing?: PlatformRevenue) {
    return db.transaction(async (trx) => {
      await this.#creator(input.creator_id, trx)
      const month = monthRange(input.month).first
      if (existing) await this.#unlocked(existing.creatorId, existing.month, trx)
      await this.#unlocked(input.creator_id, month, trx)
      const duplicate = await PlatformRevenue.query({ client: trx })
        .where({
          creator_id: input.creator_id,
          month,
          platform: input.platform,
          kind: input.kind,
          currency: input.currency,
        })
        .if(existing, (query) => query.whereNot('id', existing!.id))
        .first()
      if (duplicate)
        throw new StudioException('settlement.errors.revenue_duplicate', { status: 409 })

      const row = existing ?? new PlatformRevenue()
      const before = existing ? revenueFigures(existing) : null
      row.merge({
        creatorId: input.creator_id,
        month,
        platform: input.platform,
        kind: input.kind,
        currency: input.currency,
        amount: fixed(dec(String(input.amount))),
        note: input.note ?? null,
        updatedBy: actor.user.id,
      })
      if (!existing) row.createdBy = actor.user.id
      await row.useTransaction(trx).save()
      await AuditService.log(
        actor,
        existing ? 'revenue.update' : 'revenue.create',
        ['platform_revenue', row.id],
        { before, after: revenueFigures(row) },
        trx
      )
      return row
    })
  }

  static async delete(actor: Actor, row: PlatformRevenue) {
    await db.transaction(async (trx) => {
      await this.#unlocked(row.creatorId, row.month, trx)
      await PlatformRevenue.query({ client: trx }).where('id', row.id).delete()
      await AuditService.log(
        actor,
        'revenue.delete',
        ['platform_revenue', row.id],
        { before: revenueFigures(row), after: null },
        trx
      )
    })
  }

  static exchangeRates(currency?: string) {
    const query = ExchangeRate.query()
      .orderBy('rate_date', 'desc')
      .orderBy('currency', 'asc')
      .limit(200)
    if (currency) query.where('currency', currency)
    return query
  }

  /** Saves the rate of a currency on a date (one per currency and day), audited. */
  static async saveRate(actor: Actor, input: ExchangeRateInput) {
    return db.transaction(async (trx) => {
      const existing = await ExchangeRate.query({ client: trx })
        .where('currency', input.currency)
        .where('rate_date', input.rate_date)
        .forUpdate()
        .first()
      const before = existing
        ? { rate: existing.rate, source: existing.source, note: existing.note }
        : null
      const row = existing ?? new ExchangeRate()
      row.merge({
        currency: input.currency,
        rateDate: input.rate_date,
        rate: dec(String(input.rate)).toFixed(4),
        source: input.source ?? 'manual',
        note: input.note ?? null,
      })
      if (!existing) row.createdBy = actor.user.id
      await row.useTransaction(trx).save()
      const after = { rate: row.rate, source: row.source, note: row.note }
      await logRate(actor, 'exchange_rate.save', row, { before, after }, trx)
      return row
    })
  }

  static async deleteRate(actor: Actor, id: number) {
    await db.transaction(async (trx) => {
      const row = await ExchangeRate.query({ client: trx }).where('id', id).firstOrFail()
      await row.useTransaction(trx).delete()
      const before = { rate: row.rate, source: row.source }
      await logRate(actor, 'exchange_rate.delete', row, { before, after: null }, trx)
    })
  }
}
