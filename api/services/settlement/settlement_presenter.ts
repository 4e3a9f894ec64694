import type ExchangeRate from '#models/exchange_rate'
import type PlatformRevenue from '#models/platform_revenue'
import type Settlement from '#models/settlement'
import type SettlementAdjustment from '#models/settlement_adjustment'
import type SettlementRateSet from '#models/settlement_rate_set'
import { isoDateTime } from '#support/dates'

function creatorOf(row: { creator?: { id: number; brandNo: string; channelName: string } }) {
  return row.creator
    ? { id: row.creator.id, brand_no: row.creator.brandNo, channel_name: row.creator.channelName }
    : null
}

/** A statement as the list shows it (`creator` preloaded). */
export function presentSettlement(row: Settlement) {
  return {
    id: row.id,
    creator_id: row.creatorId,
    creator: creatorOf(row),
    month: row.month.slice(0, 7),
    status: row.status,
    individual: row.individual,
    month_fans: row.monthFans,
    monthly_increase: row.monthlyIncrease,
    views: row.views,
    video_count: row.videoCount,
    carry_over_krw: row.carryOverKrw,
    monthly_revenue_krw: row.monthlyRevenueKrw,
    adjustments_krw: row.adjustmentsKrw,
    settleable_total_krw: row.settleableTotalKrw,
    platform_total_krw: row.platformTotalKrw,
    china_tax_krw: row.chinaTaxKrw,
    after_tax_krw: row.afterTaxKrw,
    ad_ratio: row.adRatio,
    other_ratio: row.otherRatio,
    kr_income_tax_krw: row.krIncomeTaxKrw,
    kr_local_tax_krw: row.krLocalTaxKrw,
    creator_total_krw: row.creatorTotalKrw,
    settled_krw: row.settledKrw,
    carried_forward_krw: row.carriedForwardKrw,
    rate_date: row.rateDate,
    confirmed_at: isoDateTime(row.confirmedAt),
    paid_at: isoDateTime(row.paidAt),
  }
}

export function presentAdjustment(row: SettlementAdjustment) {
  return {
    id: row.id,
    settlement_id: row.settlementId,
    amount_krw: row.amountKrw,
    reason: row.reason,
    applied_settlement_id: row.appliedSettlementId,
    created_by: row.createdBy,
    created_at: isoDateTime(row.createdAt),
  }
}

/** One statement with every figure, its lines (rates per currency) and the rules it used. */
export function presentStatement(row: Settlement) {
  return {
    ...presentSettlement(row),
    lines: row.lines,
    rules: row.rules,
    computed_by: row.computedBy,
    confirmed_by: row.confirmedBy,
    paid_by: row.paidBy,
    corrections: (row.adjustments ?? []).map((adjustment) => presentAdjustment(adjustment)),
    corrections_taken_in: (row.appliedAdjustments ?? []).map((adjustment) =>
      presentAdjustment(adjustment)
    ),
  }
}

export function presentRevenue(row: PlatformRevenue) {
  return {
    id: row.id,
    creator_id: row.creatorId,
    creator: creatorOf(row),
    month: row.month.slice(0, 7),
    platform: row.platform,
    kind: row.kind,
    currency: row.currency,
    amount: row.amount,
    note: row.note,
  }
}

export function presentExchangeRate(row: ExchangeRate) {
  return {
    id: row.id,
    currency: row.currency,
    rate: row.rate,
    rate_date: row.rateDate,
    source: row.source,
    note: row.note,
    created_by: row.createdBy,
  }
}

export function presentRateSet(row: SettlementRateSet) {
  return {
    version: row.id,
    ...row.rates,
    steps: row.steps,
    note: row.note,
    created_at: isoDateTime(row.createdAt),
  }
}
