import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import SettlementRateSet from '#models/settlement_rate_set'
import AuditService from '#services/audit/audit_service'
import { dec, fixed } from '#services/settlement/settlement_math'
import type { Actor } from '#support/actor'
import { DEFAULT_SETTLEMENT_RATES, type SettlementRates as Rates } from '#shared/settlement'

/** The columns of a version, written as the columns read back (4 and 2 decimals). */
function columnsOf(rates: Rates) {
  return {
    cnVatRate: fixed(dec(rates.cn_vat_rate), 4),
    cnSurchargeRate: fixed(dec(rates.cn_surcharge_rate), 4),
    cnWithholdingRate: fixed(dec(rates.cn_withholding_rate), 4),
    krIncomeTaxRate: fixed(dec(rates.kr_income_tax_rate), 4),
    krLocalTaxRate: fixed(dec(rates.kr_local_tax_rate), 4),
    minimumPayoutKrw: fixed(dec(rates.minimum_payout_krw), 2),
  }
}

/**
 * The settlement rates, versioned: the newest row is in force; an edit
 * writes a new row and leaves the old ones (statements point at theirs).
 */
export default class SettlementRates {
  /** The rates in force; the defaults (api/shared/settlement.ts) are written as version 1. */
  static async current(trx?: TransactionClientContract) {
    const latest = await SettlementRateSet.query({ client: trx }).orderBy('id', 'desc').first()
    if (latest) return latest
    return SettlementRateSet.create(
      { ...columnsOf(DEFAULT_SETTLEMENT_RATES), createdBy: null },
      {
        client: trx,
      }
    )
  }

  static history() {
    return SettlementRateSet.query().orderBy('id', 'desc').limit(50)
  }

  /** A new version of the rates (fields left out keep their value), audited before and after. */
  static async change(actor: Actor, input: Partial<Rates> & { note?: string | null }) {
    return db.transaction(async (trx) => {
      const before = await this.current(trx)
      const rates = { ...before.rates }
      for (const key of Object.keys(rates) as (keyof Rates)[]) {
        const value = input[key]
        if (value !== undefined) rates[key] = String(value)
      }
      const created = await SettlementRateSet.create(
        { ...columnsOf(rates), note: input.note ?? null, createdBy: actor.user.id },
        { client: trx }
      )
      await AuditService.log(
        actor,
        'settlement.rates',
        ['settlement_rate_set', created.id],
        {
          before: { version: before.id, ...before.rates },
          after: { version: created.id, ...created.rates },
        },
        trx
      )
      return created
    })
  }
}
