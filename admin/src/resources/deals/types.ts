import type { DealStage } from '@shared/market'

export interface Deal {
  id: number
  brand: string
  contact_name: string | null
  contact_email: string | null
  creator: { id: number; name: string } | null
  platform: string | null
  format: string | null
  amount: string | null
  currency: string
  amount_krw: number | null
  stage: DealStage
  moves: DealStage[]
  owner: { id: number; name: string } | null
  team: string | null
  from_company: boolean
  note: string | null
  updated_at: string
}
