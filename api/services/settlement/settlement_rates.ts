import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import SettlementRateSet, { RATE_COLUMNS } from '#models/settlement_rate_set'
import AuditService from '#services/audit/audit_service'
import { dec, fixed } from '#services/settlement/settlement_math'
import type { Actor } from '#support/actor'
import {
  DEFAULT_SETTLEMENT_RATES,
  DEFAULT_SETTLEMENT_STEPS,
  SETTLEMENT_RATE_KEYS,
  type SettlementRates as Rates,
  type SettlementStep,
} from '#shared/settlement'
import type { SettlementRatesInput } from '#validators/settlement'

/** The columns of a version, written as the columns read back (4 and 2 decimals). */
function columnsOf(rates: Rates, steps: readonly SettlementStep[]) {
  return {
    ...Object.fromEntries(
      RATE_COLUMNS.map(({ key, property, places }) => [property, fixed(dec(rates[key]), places)])
    ),
    steps: [...steps],
  }
}

/** What the log keeps of a version. */
function auditOf(row: SettlementRateSet) {
  return { version: row.id, ...row.rates, steps: row.steps.join(',') }
}

/**
 * The settlement rates and order of operations, versioned: the newest row is
 * in force; an edit writes a new row and leaves the old ones (statements
 * point at theirs).
 */
export default class SettlementRates {
  /** The rates in force; the defaults (api/shared/settlement.ts) are written as version 1. */
  static async current(trx?: TransactionClientContract) {
    const latest = await SettlementRateSet.query({ client: trx }).orderBy('id', 'desc').first()
    if (latest) return latest
    return SettlementRateSet.create(
      { ...columnsOf(DEFAULT_SETTLEMENT_RATES, DEFAULT_SETTLEMENT_STEPS), createdBy: null },
      { client: trx }
    )
  }

  static history() {
    return SettlementRateSet.query().orderBy('id', 'desc').limit(50)
  }

  /**
   * A new version of the rates and order (what is left out keeps its value),
   * audited before and after.
   */
  static async change(actor: Actor, input: SettlementRatesInput) {
    return db.transaction(async (trx) => {
      const before = await this.current(trx)
      const rates = { ...before.rates }
      for (const key of SETTLEMENT_RATE_KEYS) {
        const value = input[key]
        if (value !== undefined) rates[key] = String(value)
      }
      const created = await SettlementRateSet.create(
        {
          ...columnsOf(rates, input.steps ?? before.steps),
          note: input.note ?? null,
          createdBy: actor.user.id,
        },
        { client: trx }
      )
      await AuditService.log(
        actor,
        'settlement.rates',
        ['settlement_rate_set', created.id],
        { before: auditOf(before), after: auditOf(created) },
        trx
      )
      return created
    })
  }
}
