export interface Sale {
  id: number
  creator: { id: number; name: string; brand_no: string } | null
  platform: string
  month: string
  product: string
  items: number
  orders: number
  gmv: string
  commission: string
  currency: string
  gmv_krw: number
  /** The company account whose product sold (it reads this sale); null: the agency's only. */
  company: { id: number; name: string } | null
}

export interface SalesSummary {
  totals: { gmv_krw: number; commission_krw: number; orders: number; records: number }
  months: {
    month: string
    gmv_krw: number
    commission_krw: number
    orders: number
    items: number
  }[]
  platforms: { platform: string; gmv_krw: number }[]
  creators: { id: number; name: string; gmv_krw: number }[]
}
