import BigJs from 'big.js'
import {
  CHINA_TAXED_CURRENCIES,
  ROUNDING_RULES,
  isAllowedOrder,
  REVENUE_KINDS,
  type RevenueCurrency,
  type RevenueKind,
  type RoundingRule,
  type SettlementRates,
  type SettlementStep,
} from '#shared/settlement'

/*
| The settlement's money math, on decimals only (big.js; no floating point on
| the whole path). Every rounding goes through `round()` with a rule of
| ROUNDING_RULES (api/shared/settlement.ts), the one table the statement
| prints. The order of operations is the rate set's `steps` (one of
| ALLOWED_SETTLEMENT_ORDERS); the default:
|
|   per currency and revenue kind, on the month's summed revenue R:
|     cn_taxes (CNY only):
|           VAT        = R × vat ÷ (1 + vat)                 (foreign_tax)
|           surcharges = VAT × surcharge                      (foreign_tax)
|           withholding= (R − VAT) × cn_withholding           (foreign_tax)
|           after-tax  = R − VAT − surcharges − withholding
|       USD, KRW: after-tax = R (no Chinese taxes)
|     conversion: after-tax won = after-tax × rate            (conversion)
|     share:      share = after-tax won × ratio ÷ 100         (share; ad or other ratio)
|   monthly revenue  = Σ shares
|   kr_withholding:
|     settleable total = monthly revenue + carry-over + adjustments
|     Korean tax (individual creators, settleable > 0):
|       income tax = settleable × kr_income_tax               (kr_tax)
|       local tax  = income tax × kr_local_tax                (kr_tax)
|     creator total = settleable − income tax − local tax
|   settle:
|     settled = creator total                                 (settled)
|     unless settled < minimum payout: then nothing is paid and the
|     settleable total (before Korean tax) carries over to the next month.
|
| With `share` before `conversion` the share is taken of the after-tax amount
| in the revenue's currency (share) and then exchanged (conversion). Whatever
| the order, each line also shows gross won = R × rate and after-tax won =
| after-tax × rate (conversion), and China tax won = gross won − after-tax won.
*/

const Big = BigJs()
Big.DP = 30
Big.RM = Big.roundHalfUp

export type Decimal = BigJs.Big
type DecimalInput = string | number | BigJs.Big

/** A decimal from a driver's value (MySQL sends '1.50', SQLite 1.5) or text. */
export function dec(value: DecimalInput | null | undefined): Decimal {
  if (value === null || value === undefined || value === '') return new Big(0)
  return new Big(typeof value === 'number' ? String(value) : value)
}

/** Rounds by one of the settlement's rules: the only rounding the math does. */
export function round(value: Decimal, rule: RoundingRule): Decimal {
  const { places, mode } = ROUNDING_RULES[rule]
  return value.round(places, mode === 'down' ? Big.roundDown : Big.roundHalfUp)
}

/** A decimal as fixed text with `places` decimals ('1234.50'). */
export function fixed(value: Decimal, places = 2) {
  return value.toFixed(places)
}

interface RevenueAmount {
  currency: RevenueCurrency
  kind: RevenueKind
  amount: DecimalInput
}

export interface RateUsed {
  rate: string
  date: string | null
  source: string | null
}

interface SettlementInput {
  rates: SettlementRates
  /** The order of operations (one of ALLOWED_SETTLEMENT_ORDERS). */
  steps: readonly SettlementStep[]
  /** Percent (0–100) as text or number; null counts as 0 %. */
  adRatio: DecimalInput | null
  otherRatio: DecimalInput | null
  /** Individual creators have Korean income tax withheld; companies do not. */
  individual: boolean
  revenue: RevenueAmount[]
  /** Won per unit of each foreign currency the revenue uses (KRW is always 1). */
  exchange: Partial<Record<RevenueCurrency, RateUsed>>
  carryOver: DecimalInput
  adjustments: DecimalInput
}

export interface StatementLine {
  currency: RevenueCurrency
  kind: RevenueKind
  gross: string
  vat: string
  surcharge: string
  withholding: string
  china_tax: string
  after_tax: string
  rate: string
  rate_date: string | null
  rate_source: string | null
  gross_krw: string
  china_tax_krw: string
  after_tax_krw: string
  ratio: string
  share_krw: string
}

export interface StatementFigures {
  lines: StatementLine[]
  platform_total_krw: string
  china_tax_krw: string
  after_tax_krw: string
  monthly_revenue_krw: string
  carry_over_krw: string
  adjustments_krw: string
  settleable_total_krw: string
  kr_income_tax_krw: string
  kr_local_tax_krw: string
  creator_total_krw: string
  settled_krw: string
  carried_forward_krw: string
}

/** A currency without a rate the run was given. */
export class MissingRateError extends Error {
  constructor(public currency: RevenueCurrency) {
    super(`No exchange rate for ${currency}`)
  }
}

function chinaTaxes(gross: Decimal, rates: SettlementRates) {
  const vatRate = dec(rates.cn_vat_rate)
  const vat = round(gross.times(vatRate).div(vatRate.plus(1)), 'foreign_tax')
  const surcharge = round(vat.times(dec(rates.cn_surcharge_rate)), 'foreign_tax')
  const withholding = round(gross.minus(vat).times(dec(rates.cn_withholding_rate)), 'foreign_tax')
  return { vat, surcharge, withholding }
}

/** One statement's figures from the month's revenue, the rates and the creator's ratios. */
export function computeStatement(input: SettlementInput): StatementFigures {
  if (!isAllowedOrder(input.steps))
    throw new Error(`Not an allowed order: ${input.steps.join(', ')}`)
  const zero = dec(0)
  const sums = new Map<string, { currency: RevenueCurrency; kind: RevenueKind; gross: Decimal }>()
  for (const row of input.revenue) {
    const key = `${row.currency}:${row.kind}`
    const entry = sums.get(key) ?? { currency: row.currency, kind: row.kind, gross: zero }
    entry.gross = entry.gross.plus(dec(row.amount))
    sums.set(key, entry)
  }
  const ordered = [...sums.values()].sort(
    (a, b) =>
      a.currency.localeCompare(b.currency) ||
      REVENUE_KINDS.indexOf(a.kind) - REVENUE_KINDS.indexOf(b.kind)
  )

  const lines: StatementLine[] = []
  let grossKrw = zero
  let afterTaxKrw = zero
  let monthly = zero
  for (const { currency, kind, gross } of ordered) {
    const used: RateUsed | undefined =
      currency === 'KRW' ? { rate: '1', date: null, source: null } : input.exchange[currency]
    if (!used) throw new MissingRateError(currency)
    const rate = dec(used.rate)
    const taxes = CHINA_TAXED_CURRENCIES.includes(currency)
      ? chinaTaxes(gross, input.rates)
      : { vat: zero, surcharge: zero, withholding: zero }
    const chinaTax = taxes.vat.plus(taxes.surcharge).plus(taxes.withholding)
    const afterTax = gross.minus(chinaTax)
    const lineGrossKrw = round(gross.times(rate), 'conversion')
    const lineAfterKrw = round(afterTax.times(rate), 'conversion')
    const ratio = dec((kind === 'ad' ? input.adRatio : input.otherRatio) ?? 0)
    // the creator's share: R through the line's steps, in the rate set's order (the
    // allowed orders put cn_taxes first, so the taxes are those of R)
    let share = gross
    for (const step of input.steps) {
      if (step === 'cn_taxes') share = share.minus(chinaTax)
      if (step === 'conversion') share = round(share.times(rate), 'conversion')
      if (step === 'share') share = round(share.times(ratio).div(100), 'share')
    }
    grossKrw = grossKrw.plus(lineGrossKrw)
    afterTaxKrw = afterTaxKrw.plus(lineAfterKrw)
    monthly = monthly.plus(share)
    lines.push({
      currency,
      kind,
      gross: fixed(gross),
      vat: fixed(taxes.vat),
      surcharge: fixed(taxes.surcharge),
      withholding: fixed(taxes.withholding),
      china_tax: fixed(chinaTax),
      after_tax: fixed(afterTax),
      rate: fixed(rate, 4),
      rate_date: used.date,
      rate_source: used.source,
      gross_krw: fixed(lineGrossKrw),
      china_tax_krw: fixed(lineGrossKrw.minus(lineAfterKrw)),
      after_tax_krw: fixed(lineAfterKrw),
      ratio: fixed(ratio),
      share_krw: fixed(share),
    })
  }

  const carryOver = dec(input.carryOver)
  const adjustments = dec(input.adjustments)
  const settleable = monthly.plus(carryOver).plus(adjustments)
  const taxed = input.individual && settleable.gt(0)
  const incomeTax = taxed
    ? round(settleable.times(dec(input.rates.kr_income_tax_rate)), 'kr_tax')
    : zero
  const localTax = taxed
    ? round(incomeTax.times(dec(input.rates.kr_local_tax_rate)), 'kr_tax')
    : zero
  const creatorTotal = settleable.minus(incomeTax).minus(localTax)
  const payable = round(creatorTotal, 'settled')
  const paid = payable.gte(dec(input.rates.minimum_payout_krw)) && payable.gt(0)

  return {
    lines,
    platform_total_krw: fixed(grossKrw),
    china_tax_krw: fixed(grossKrw.minus(afterTaxKrw)),
    after_tax_krw: fixed(afterTaxKrw),
    monthly_revenue_krw: fixed(monthly),
    carry_over_krw: fixed(carryOver),
    adjustments_krw: fixed(adjustments),
    settleable_total_krw: fixed(settleable),
    kr_income_tax_krw: fixed(paid ? incomeTax : zero),
    kr_local_tax_krw: fixed(paid ? localTax : zero),
    creator_total_krw: fixed(paid ? creatorTotal : settleable),
    settled_krw: fixed(paid ? payable : zero, 0),
    carried_forward_krw: fixed(paid ? zero : settleable),
  }
}
