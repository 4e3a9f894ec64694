import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Creator from '#models/creator'
import ExchangeRate from '#models/exchange_rate'
import PlatformRevenue from '#models/platform_revenue'
import Settlement from '#models/settlement'
import SettlementAdjustment from '#models/settlement_adjustment'
import SettlementRateSet from '#models/settlement_rate_set'
import StudioException from '#exceptions/studio_exception'
import AuditService from '#services/audit/audit_service'
import SettlementRates from '#services/settlement/settlement_rates'
import { monthRange } from '#services/settlement/settlement_service'
import {
  MissingRateError,
  computeStatement,
  dec,
  fixed,
  type RateUsed,
} from '#services/settlement/settlement_math'
import type { Actor } from '#support/actor'
import { chunks } from '#support/chunks'
import { ROUNDING_RULES, type RevenueCurrency, type SettlementStep } from '#shared/settlement'

/**
 * Each step of the order of operations as the finer operations a statement's
 * `rules.order` lists (in the default order, the list statements kept before
 * the order could change).
 */
const OPERATIONS: Record<SettlementStep, string[]> = {
  cn_taxes: ['cn_vat', 'cn_surcharge', 'cn_withholding'],
  conversion: ['conversion'],
  share: ['share'],
  kr_withholding: ['carry_over_and_adjustments', 'kr_withholding'],
  settle: ['settled', 'minimum_payout'],
}

/** The newest rate of each currency on or before `day`. */
async function ratesOn(day: string, currencies: RevenueCurrency[], trx: TransactionClientContract) {
  const used: Partial<Record<RevenueCurrency, RateUsed>> = {}
  for (const currency of currencies) {
    if (currency === 'KRW') continue
    const row = await ExchangeRate.query({ client: trx })
      .where('currency', currency)
      .where('rate_date', '<=', day)
      .orderBy('rate_date', 'desc')
      .first()
    if (!row) {
      throw new StudioException('settlement.errors.no_rate', {
        status: 422,
        data: { currency, date: day },
      })
    }
    used[currency] = { rate: row.rate, date: row.rateDate, source: row.source }
  }
  return used
}

/** Month fans (at each account's last snapshot of the month), fan and view growth, videos published. */
async function monthFigures(
  creatorIds: number[],
  first: string,
  next: string,
  trx: TransactionClientContract
) {
  const figures = new Map<
    number,
    { fans: number; increase: number; views: number; videos: number }
  >()
  const of = (id: number) => {
    let entry = figures.get(id)
    if (!entry) figures.set(id, (entry = { fans: 0, increase: 0, views: 0, videos: 0 }))
    return entry
  }
  for (const ids of chunks(creatorIds, 500)) {
    const growth = await trx
      .from('metric_snapshots as s')
      .join('creator_platform_accounts as a', 'a.id', 's.account_id')
      .whereIn('a.creator_id', ids)
      .where('s.snapshot_date', '>=', first)
      .where('s.snapshot_date', '<', next)
      .groupBy('a.creator_id')
      .select('a.creator_id')
      .sum('s.fans_diff as increase')
      .sum('s.views_diff as views')
    for (const row of growth) {
      of(row.creator_id).increase = Number(row.increase ?? 0)
      of(row.creator_id).views = Number(row.views ?? 0)
    }
    const fans = await trx
      .from('metric_snapshots as s')
      .join('creator_platform_accounts as a', 'a.id', 's.account_id')
      .whereIn('a.creator_id', ids)
      .whereRaw(
        's.snapshot_date = (select max(s2.snapshot_date) from metric_snapshots s2 where s2.account_id = s.account_id and s2.snapshot_date >= ? and s2.snapshot_date < ?)',
        [first, next]
      )
      .groupBy('a.creator_id')
      .select('a.creator_id')
      .sum('s.fans as fans')
    for (const row of fans) of(row.creator_id).fans = Number(row.fans ?? 0)
    const videos = await trx
      .from('videos')
      .whereIn('creator_id', ids)
      .where('published_at', '>=', `${first} 00:00:00`)
      .where('published_at', '<', `${next} 00:00:00`)
      .groupBy('creator_id')
      .select('creator_id')
      .count('* as total')
    for (const row of videos) of(row.creator_id).videos = Number(row.total ?? 0)
  }
  return figures
}

/** The rules a statement keeps: its rate set's rates and steps, the rounding, the operations in order. */
function rulesOf(rateSet: SettlementRateSet) {
  return {
    rate_set_id: rateSet.id,
    rates: { ...rateSet.rates },
    steps: [...rateSet.steps],
    rounding: ROUNDING_RULES,
    order: rateSet.steps.flatMap((step) => OPERATIONS[step]),
  }
}

/**
 * The month's run: a draft statement for every creator with revenue in the
 * month, an amount carried over or a correction not yet taken in (confirming,
 * paying and correcting statements: settlement_service.ts).
 */
export default class SettlementRunService {
  /**
   * Computes a draft statement for every creator with revenue in the month,
   * an amount carried over from an earlier statement, or a correction not
   * yet taken in. One transaction: drafts of the month are replaced, and
   * confirmed or paid statements are never touched (their creators are
   * skipped). Exchange rates are the newest on or before `rateDate`
   * (default: today, the settlement date).
   */
  static async run(actor: Actor | null, month: string, rateDate?: string) {
    // a month that has not begun has nothing to settle (and would skip the months between)
    if (month > DateTime.utc().toFormat('yyyy-MM')) {
      throw new StudioException('settlement.errors.future_month', {
        status: 422,
        data: { field: 'month' },
      })
    }
    const { first, next } = monthRange(month)
    const day = rateDate ?? DateTime.utc().toISODate()!
    return this.#refusingDuplicates(() => this.#run(actor, month, first, next, day))
  }

  /** Two runs of one month that still crossed: the later is refused, nothing half-written. */
  static async #refusingDuplicates<T>(work: () => Promise<T>) {
    try {
      return await work()
    } catch (error) {
      const code = String((error as { code?: string }).code ?? '')
      if (code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT')) {
        throw new StudioException('settlement.errors.run_busy', { status: 409 })
      }
      throw error
    }
  }

  static async #run(actor: Actor | null, month: string, first: string, next: string, day: string) {
    return db.transaction(async (trx) => {
      const rateSet = await SettlementRates.current(trx)
      // one run at a time: a second waits here for the first to commit (MySQL; SQLite writes one at a time)
      await SettlementRateSet.query({ client: trx }).where('id', rateSet.id).forUpdate().first()
      const existing = await Settlement.query({ client: trx }).where('month', first).forUpdate()
      const locked = new Set(
        existing.filter((row) => row.status !== 'draft').map((row) => row.creatorId)
      )
      const drafts = existing.filter((row) => row.status === 'draft')
      const before = new Map(drafts.map((row) => [row.creatorId, row.settledKrw]))
      if (drafts.length) {
        const draftIds = drafts.map((row) => row.id)
        await SettlementAdjustment.query({ client: trx })
          .whereIn('applied_settlement_id', draftIds)
          .update({ appliedSettlementId: null })
        await Settlement.query({ client: trx }).whereIn('id', draftIds).delete()
      }

      const revenue = await PlatformRevenue.query({ client: trx }).where('month', first)
      const byCreator = new Map<number, PlatformRevenue[]>()
      for (const row of revenue)
        byCreator.set(row.creatorId, [...(byCreator.get(row.creatorId) ?? []), row])

      // the latest earlier statement of each creator: what it carried forward
      const previous = await Settlement.query({ client: trx })
        .where('month', '<', first)
        .whereRaw(
          'settlements.month = (select max(p.month) from settlements p where p.creator_id = settlements.creator_id and p.month < ?)',
          [first]
        )
      const carry = new Map(previous.map((row) => [row.creatorId, row.carriedForwardKrw]))

      const open = await SettlementAdjustment.query({ client: trx })
        .whereNull('applied_settlement_id')
        .whereIn('settlement_id', (sub) =>
          sub.from('settlements').select('id').where('month', '<', first)
        )
      const adjustments = new Map<number, SettlementAdjustment[]>()
      for (const row of open)
        adjustments.set(row.creatorId, [...(adjustments.get(row.creatorId) ?? []), row])

      const creatorIds = [
        ...new Set([
          ...byCreator.keys(),
          ...[...carry].filter(([, amount]) => !dec(amount).eq(0)).map(([id]) => id),
          ...adjustments.keys(),
        ]),
      ].filter((id) => !locked.has(id))

      const currencies = [
        ...new Set(revenue.filter((row) => !locked.has(row.creatorId)).map((row) => row.currency)),
      ]
      const exchange = await ratesOn(day, currencies, trx)
      const figures = await monthFigures(creatorIds, first, next, trx)
      const creators = creatorIds.length
        ? await Creator.query({ client: trx }).whereIn('id', creatorIds)
        : []

      const created: Settlement[] = []
      for (const creator of creators) {
        const own = adjustments.get(creator.id) ?? []
        const individual = !creator.companyRef
        let statement
        try {
          statement = computeStatement({
            rates: rateSet.rates,
            steps: rateSet.steps,
            adRatio: creator.adIncomeRatio === null ? null : String(creator.adIncomeRatio),
            otherRatio: creator.otherIncomeRatio === null ? null : String(creator.otherIncomeRatio),
            individual,
            revenue: (byCreator.get(creator.id) ?? []).map((row) => ({
              currency: row.currency,
              kind: row.kind,
              amount: row.amount,
            })),
            exchange,
            carryOver: carry.get(creator.id) ?? '0',
            adjustments: fixed(own.reduce((sum, row) => sum.plus(dec(row.amountKrw)), dec(0))),
          })
        } catch (error) {
          if (error instanceof MissingRateError) {
            throw new StudioException('settlement.errors.no_rate', {
              status: 422,
              data: { currency: error.currency, date: day },
            })
          }
          throw error
        }
        const metrics = figures.get(creator.id)
        const settlement = await Settlement.create(
          {
            creatorId: creator.id,
            month: first,
            status: 'draft',
            rateSetId: rateSet.id,
            rateDate: day,
            individual,
            monthFans: metrics?.fans ?? 0,
            monthlyIncrease: metrics?.increase ?? 0,
            views: metrics?.views ?? 0,
            videoCount: metrics?.videos ?? 0,
            adRatio: creator.adIncomeRatio === null ? null : String(creator.adIncomeRatio),
            otherRatio: creator.otherIncomeRatio === null ? null : String(creator.otherIncomeRatio),
            platformTotalKrw: statement.platform_total_krw,
            chinaTaxKrw: statement.china_tax_krw,
            afterTaxKrw: statement.after_tax_krw,
            monthlyRevenueKrw: statement.monthly_revenue_krw,
            carryOverKrw: statement.carry_over_krw,
            adjustmentsKrw: statement.adjustments_krw,
            settleableTotalKrw: statement.settleable_total_krw,
            krIncomeTaxKrw: statement.kr_income_tax_krw,
            krLocalTaxKrw: statement.kr_local_tax_krw,
            creatorTotalKrw: statement.creator_total_krw,
            settledKrw: statement.settled_krw,
            carriedForwardKrw: statement.carried_forward_krw,
            lines: statement.lines,
            rules: rulesOf(rateSet),
            computedBy: actor?.user.id ?? null,
          },
          { client: trx }
        )
        if (own.length) {
          await SettlementAdjustment.query({ client: trx })
            .whereIn(
              'id',
              own.map((row) => row.id)
            )
            .update({ appliedSettlementId: settlement.id })
        }
        created.push(settlement)
      }

      const changes = created.map((row) => ({
        creator_id: row.creatorId,
        before: before.get(row.creatorId) ?? null,
        after: row.settledKrw,
      }))
      const summary = {
        month,
        rate_date: day,
        rate_set_id: rateSet.id,
        drafts: created.length,
        replaced: drafts.length,
        kept: locked.size,
        rates: exchange,
        changes,
      }
      if (actor) await AuditService.log(actor, 'settlement.run', ['settlement', null], summary, trx)
      else
        await AuditService.record(
          { action: 'settlement.run', subjectType: 'settlement', meta: summary },
          trx
        )
      return { ...summary, settlements: created }
    })
  }
}
