import { fromCents, krwCents, toCents, wonOf } from '#support/money'

/** A row of OfferService.list: an ad price joined with its creator and team. */
interface OfferRow {
  id: number
  creator_id: number
  platform: string
  format: string
  price: string | number
  currency: string
  note: string | null
  channel_name: string
  brand_no: string
  total_fans: number | string
  team: string | null
}

/** An ad offer: the creator, the price as stored and in won. */
export function presentOffer(row: OfferRow) {
  return {
    id: row.id,
    creator: {
      id: row.creator_id,
      name: row.channel_name,
      brand_no: row.brand_no,
      fans: Number(row.total_fans),
    },
    team: row.team ?? null,
    platform: row.platform,
    format: row.format,
    price: fromCents(toCents(String(row.price))),
    currency: row.currency,
    price_krw: wonOf(krwCents(String(row.price), row.currency)),
    note: row.note,
  }
}
