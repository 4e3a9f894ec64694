/** The settlement API's answers as the screen reads them (amounts are decimal text). */
export interface StatementLine {
  currency: string
  kind: string
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

export interface Correction {
  id: number
  settlement_id: number
  amount_krw: string
  reason: string
  applied_settlement_id: number | null
  created_at: string | null
}

export interface Settlement {
  id: number
  creator_id: number
  creator: { id: number; brand_no: string; channel_name: string } | null
  month: string
  status: 'draft' | 'confirmed' | 'paid'
  individual: boolean
  month_fans: number
  monthly_increase: number
  views: number
  video_count: number
  carry_over_krw: string
  monthly_revenue_krw: string
  adjustments_krw: string
  settleable_total_krw: string
  platform_total_krw: string
  china_tax_krw: string
  after_tax_krw: string
  ad_ratio: string | null
  other_ratio: string | null
  kr_income_tax_krw: string
  kr_local_tax_krw: string
  creator_total_krw: string
  settled_krw: string
  carried_forward_krw: string
  rate_date: string
  confirmed_at: string | null
  paid_at: string | null
}

export interface Statement extends Settlement {
  lines: StatementLine[]
  rules: {
    rate_set_id: number
    rates: Record<string, string>
    rounding: Record<string, { places: number; mode: string }>
    order: string[]
  }
  corrections: Correction[]
  corrections_taken_in: Correction[]
}

export interface Totals {
  statements: number
  by_status: Record<string, number>
  platform_total_krw: string
  china_tax_krw: string
  monthly_revenue_krw: string
  settled_krw: string
  carried_forward_krw: string
}

export interface Revenue {
  id: number
  creator_id: number
  creator: { id: number; brand_no: string; channel_name: string } | null
  month: string
  platform: string
  kind: string
  currency: string
  amount: string
  note: string | null
}

export interface ExchangeRate {
  id: number
  currency: string
  rate: string
  rate_date: string
  source: string
  note: string | null
}

export interface RateSet {
  version: number
  cn_vat_rate: string
  cn_surcharge_rate: string
  cn_withholding_rate: string
  kr_income_tax_rate: string
  kr_local_tax_rate: string
  minimum_payout_krw: string
  note: string | null
  created_at: string | null
}
