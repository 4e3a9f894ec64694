import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Settlement from '#models/settlement'
import SettlementAdjustment from '#models/settlement_adjustment'
import type User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import { changeLogger } from '#services/settlement/settlement_audit'
import { dec, fixed } from '#services/settlement/settlement_math'
import type { Actor } from '#support/actor'
import { pageWindow, paginate } from '#support/pagination'
import { seesMoney } from '#shared/roles'
import type { SettlementStatus } from '#shared/settlement'
import type { SettlementListParams } from '#validators/settlement'

/** 'YYYY-MM' → its first day and the first day of the next month. */
export function monthRange(month: string) {
  const start = DateTime.fromFormat(`${month}-01`, 'yyyy-MM-dd', { zone: 'utc' })
  return { first: start.toISODate()!, next: start.plus({ months: 1 }).toISODate()! }
}

/** What the log keeps of a statement: its status and money figures. */
function auditFigures(settlement: Settlement) {
  return {
    status: settlement.status,
    monthly_revenue_krw: settlement.monthlyRevenueKrw,
    carry_over_krw: settlement.carryOverKrw,
    adjustments_krw: settlement.adjustmentsKrw,
    settleable_total_krw: settlement.settleableTotalKrw,
    creator_total_krw: settlement.creatorTotalKrw,
    settled_krw: settlement.settledKrw,
    carried_forward_krw: settlement.carriedForwardKrw,
  }
}

/** Logs a change of a statement: its creator and month, before and after. */
const logStatement = changeLogger<Settlement>('settlement', (row) => ({
  creator_id: row.creatorId,
  month: row.month,
}))

/**
 * Monthly settlement statements: reads them, confirms them, marks them paid
 * and corrects confirmed ones with adjustment rows (the month's run that
 * writes the drafts: settlement_run_service.ts).
 */
export default class SettlementService {
  static async find(id: number) {
    const settlement = await Settlement.query().where('id', id).preload('creator').firstOrFail()
    return settlement
  }

  /** The statement with its corrections and the corrections it took in. */
  static async detail(settlement: Settlement) {
    await settlement.load('adjustments')
    await settlement.load('appliedAdjustments')
    return settlement
  }

  static list(user: User, params: SettlementListParams) {
    const query = Settlement.query().withScopes((scopes) => scopes.visibleTo(user))
    if (params.month) query.where('month', monthRange(params.month).first)
    if (params.status) query.where('status', params.status)
    if (params.creator_id) query.where('creator_id', params.creator_id)
    const window = pageWindow(params._start, params._end, { max: 200, min: 1 })
    return paginate(query, window, (filtered) =>
      filtered.preload('creator').orderBy('month', 'desc').orderBy('id', 'asc')
    )
  }

  /** The month's totals over the statements `user` may see. */
  static async totals(user: User, month: string) {
    const rows = await Settlement.query()
      .withScopes((scopes) => scopes.visibleTo(user))
      .where('month', monthRange(month).first)
    const sum = (pick: (row: Settlement) => string) =>
      fixed(rows.reduce((total, row) => total.plus(dec(pick(row))), dec(0)))
    const byStatus = Object.fromEntries(
      (['draft', 'confirmed', 'paid'] as SettlementStatus[]).map((status) => [
        status,
        rows.filter((row) => row.status === status).length,
      ])
    )
    return {
      month,
      statements: rows.length,
      by_status: byStatus,
      platform_total_krw: sum((row) => row.platformTotalKrw),
      china_tax_krw: sum((row) => row.chinaTaxKrw),
      after_tax_krw: sum((row) => row.afterTaxKrw),
      monthly_revenue_krw: sum((row) => row.monthlyRevenueKrw),
      settleable_total_krw: sum((row) => row.settleableTotalKrw),
      settled_krw: sum((row) => row.settledKrw),
      carried_forward_krw: sum((row) => row.carriedForwardKrw),
    }
  }

  /**
   * Per team (the creators' CP team): statements, revenue and settled won of
   * the month. Money roles see every team; a manager only the teams they
   * manage.
   */
  static async teamTotals(user: User, month: string) {
    const query = db
      .from('settlements as s')
      .join('creators as c', 'c.id', 's.creator_id')
      .join('teams as t', 't.id', 'c.cp_team_id')
      .where('s.month', monthRange(month).first)
      .groupBy('t.id', 't.key')
      .select('t.id', 't.key')
      .count('* as statements')
      .sum('s.monthly_revenue_krw as monthly_revenue_krw')
      .sum('s.settled_krw as settled_krw')
      .orderBy('t.id', 'asc')
    if (!seesMoney(user)) {
      query.whereIn('t.id', (sub) =>
        sub
          .from('team_memberships')
          .select('team_id')
          .where('user_id', user.id)
          .where('is_manager', true)
      )
    }
    const rows = await query
    return rows.map((row) => ({
      team_id: row.id,
      team: row.key,
      statements: Number(row.statements),
      monthly_revenue_krw: fixed(dec(String(row.monthly_revenue_krw ?? 0))),
      settled_krw: fixed(dec(String(row.settled_krw ?? 0))),
    }))
  }

  static async #transition(
    actor: Actor,
    id: number,
    from: SettlementStatus,
    to: SettlementStatus,
    action: 'settlement.confirm' | 'settlement.pay'
  ) {
    return db.transaction(async (trx) => {
      const settlement = await Settlement.query({ client: trx })
        .where('id', id)
        .forUpdate()
        .firstOrFail()
      if (settlement.status !== from) {
        throw new StudioException(`settlement.errors.not_${from}`, { status: 409 })
      }
      if (to === 'confirmed') {
        // a statement's carry-over comes from the month before: that one is settled first
        const earlierDraft = await Settlement.query({ client: trx })
          .where('creator_id', settlement.creatorId)
          .where('month', '<', settlement.month)
          .where('status', 'draft')
          .first()
        if (earlierDraft) {
          throw new StudioException('settlement.errors.earlier_draft', {
            status: 409,
            data: { month: earlierDraft.month.slice(0, 7) },
          })
        }
      }
      const before = auditFigures(settlement)
      settlement.status = to
      if (to === 'confirmed') {
        settlement.confirmedBy = actor.user.id
        settlement.confirmedAt = DateTime.utc()
      } else {
        settlement.paidBy = actor.user.id
        settlement.paidAt = DateTime.utc()
      }
      await settlement.useTransaction(trx).save()
      await logStatement(
        actor,
        action,
        settlement,
        { before, after: auditFigures(settlement) },
        trx
      )
      return settlement
    })
  }

  static confirm(actor: Actor, id: number) {
    return this.#transition(actor, id, 'draft', 'confirmed', 'settlement.confirm')
  }

  static markPaid(actor: Actor, id: number) {
    return this.#transition(actor, id, 'confirmed', 'paid', 'settlement.pay')
  }

  /**
   * A correction of a confirmed (or paid) statement: the statement stays as
   * it was; the amount (won, before Korean tax) goes into the next run of a
   * later month of the same creator. A draft is corrected by fixing the
   * revenue and running the month again.
   */
  static async adjust(
    actor: Actor,
    id: number,
    input: { amount_krw: number | string; reason: string }
  ) {
    return db.transaction(async (trx) => {
      const settlement = await Settlement.query({ client: trx })
        .where('id', id)
        .forUpdate()
        .firstOrFail()
      if (settlement.status === 'draft') {
        throw new StudioException('settlement.errors.adjust_draft', { status: 409 })
      }
      const amount = fixed(dec(String(input.amount_krw)))
      if (dec(amount).eq(0))
        throw new StudioException('settlement.errors.adjust_zero', { status: 422 })
      const adjustment = await SettlementAdjustment.create(
        {
          creatorId: settlement.creatorId,
          settlementId: settlement.id,
          amountKrw: amount,
          reason: input.reason,
          createdBy: actor.user.id,
        },
        { client: trx }
      )
      const after = { adjustment_id: adjustment.id, amount_krw: amount, reason: input.reason }
      await logStatement(actor, 'settlement.adjust', settlement, { before: null, after }, trx)
      return adjustment
    })
  }

  /** Whether a creator's month is closed to revenue edits (its statement is confirmed or paid). */
  static async isLocked(creatorId: number, month: string, trx?: TransactionClientContract) {
    const row = await Settlement.query({ client: trx })
      .where('creator_id', creatorId)
      .where('month', month)
      .whereIn('status', ['confirmed', 'paid'])
      .first()
    return Boolean(row)
  }
}
