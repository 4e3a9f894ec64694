/**
 * Monthly settlement (SPEC §3 'Revenue statement'): statuses, revenue kinds,
 * default rates, rounding rules and limits shared by the API and the admin.
 * Keep it free of Node-only imports.
 */

/** draft → confirmed → paid. A confirmed or paid statement never changes. */
export const SETTLEMENT_STATUSES = ['draft', 'confirmed', 'paid'] as const
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number]

/**
 * What a revenue row is, and so which of the creator's ratios splits it:
 * `ad` — the platform's share of what the views earned (Bilibili creative
 * incentive, Xigua and Haokan revenue share, YouTube AdSense): split by the
 * creator's ad income ratio. `other` — anything else a platform pays out for
 * the channel (tips and gifts, paid content, live rewards, commerce
 * commission, platform campaigns): split by the other income ratio.
 */
export const REVENUE_KINDS = ['ad', 'other'] as const
export type RevenueKind = (typeof REVENUE_KINDS)[number]

/** Currencies revenue is entered in. CNY takes the Chinese taxes; USD and KRW do not. */
export const REVENUE_CURRENCIES = ['CNY', 'USD', 'KRW'] as const
export type RevenueCurrency = (typeof REVENUE_CURRENCIES)[number]
export const CHINA_TAXED_CURRENCIES: readonly RevenueCurrency[] = ['CNY']

/** Where an exchange rate came from; `manual` (entered by finance) is the default (the column's). */
export const RATE_SOURCES = ['manual', 'import', 'bank'] as const
export type RateSource = (typeof RATE_SOURCES)[number]

/**
 * The settlement rates, as decimal strings (0.06 = 6 %). Finance edits them;
 * each edit is a new version and each statement keeps the version it used.
 */
export interface SettlementRates {
  /** China VAT on the revenue net of VAT: revenue ÷ (1 + vat) × vat. */
  cn_vat_rate: string
  /** China surcharges (city, education), a share of the VAT. */
  cn_surcharge_rate: string
  /** China withholding income tax (Korea–China treaty), on the revenue net of VAT. */
  cn_withholding_rate: string
  /** Korean withholding income tax for individual creators, on what the creator is owed. */
  kr_income_tax_rate: string
  /** Korean local income tax, a share of the Korean income tax (10 % of 3 % = 0.3 %). */
  kr_local_tax_rate: string
  /** Below this many won (after Korean tax) nothing is paid and the amount carries over. */
  minimum_payout_krw: string
}

export const DEFAULT_SETTLEMENT_RATES: SettlementRates = {
  cn_vat_rate: '0.06',
  cn_surcharge_rate: '0.12',
  cn_withholding_rate: '0.10',
  kr_income_tax_rate: '0.03',
  kr_local_tax_rate: '0.10',
  minimum_payout_krw: '10000',
}

export const SETTLEMENT_RATE_KEYS = Object.keys(
  DEFAULT_SETTLEMENT_RATES
) as (keyof SettlementRates)[]

/**
 * The steps of the settlement path. Each rate set (a version, edited by
 * finance) carries them in the order they are done, and each statement keeps
 * the order it used. `cn_taxes`: China VAT, surcharges and withholding on a
 * CNY revenue; `conversion`: the amount in won at the exchange rate; `share`:
 * the creator's ratio of the amount; `kr_withholding`: the carry-over and
 * corrections added, then Korean income and local tax (individual creators);
 * `settle`: down to the won, and below the minimum payout nothing is paid and
 * the amount carries over.
 */
export const SETTLEMENT_STEPS = [
  'cn_taxes',
  'conversion',
  'share',
  'kr_withholding',
  'settle',
] as const
export type SettlementStep = (typeof SETTLEMENT_STEPS)[number]

/** Today's order, and the order of every rate set written before orders could change. */
export const DEFAULT_SETTLEMENT_STEPS: readonly SettlementStep[] = SETTLEMENT_STEPS

/**
 * The orders finance may choose. The Chinese taxes come first (China levies
 * them on what the platform paid, in its currency, before the money is
 * exchanged or split); Korean withholding comes after the share and the
 * exchange (it is on what the creator is owed, in won); settling (rounding down
 * and the minimum payout) is last. What is left to choose: the creator's
 * share taken of the amount in won (the default) or of the after-tax amount in
 * the revenue's currency, exchanged afterwards.
 */
export const ALLOWED_SETTLEMENT_ORDERS: readonly (readonly SettlementStep[])[] = [
  DEFAULT_SETTLEMENT_STEPS,
  ['cn_taxes', 'share', 'conversion', 'kr_withholding', 'settle'],
]

/** Whether `steps` is one of the allowed orders (every step once, in an order that makes sense). */
export function isAllowedOrder(steps: readonly string[]) {
  return ALLOWED_SETTLEMENT_ORDERS.some(
    (order) => order.length === steps.length && order.every((step, index) => steps[index] === step)
  )
}

/**
 * Every rounding the settlement does, in the order it happens. The math
 * (api/services/settlement/settlement_math.ts) rounds only through these,
 * and every statement prints them. `places`: decimal places kept; `mode`:
 * half_up (0.005 → 0.01) or down (towards zero).
 */
export const ROUNDING_RULES = {
  /** Each Chinese tax (VAT, surcharges, withholding), in the revenue's currency. */
  foreign_tax: { places: 2, mode: 'half_up' },
  /** A foreign amount (after tax, or the creator's share of it) × exchange rate, in won. */
  conversion: { places: 2, mode: 'half_up' },
  /**
   * The creator's share of each kind (amount × ratio ÷ 100): in won, or in the
   * revenue's currency when the rate set takes the share before the exchange.
   */
  share: { places: 2, mode: 'half_up' },
  /** Korean income tax and local income tax, each to the won, down. */
  kr_tax: { places: 0, mode: 'down' },
  /** The settled amount, to the won, down. */
  settled: { places: 0, mode: 'down' },
} as const satisfies Record<string, { places: number; mode: 'half_up' | 'down' }>
export type RoundingRule = keyof typeof ROUNDING_RULES

export const SETTLEMENT_LIMITS = {
  /** Largest amount of one revenue row, in its currency. */
  amountMax: '9999999999.99',
  /** Exchange rates: won per unit, four decimals. */
  rateMax: '99999.9999',
  adjustmentMax: '999999999.99',
  reasonMax: 500,
  noteMax: 500,
  importRowsMax: 5000,
  importMaxBytes: 5 * 1024 * 1024,
  pageMax: 200,
} as const

/** 'YYYY-MM' */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/
