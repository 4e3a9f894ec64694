import type CreatorAdPrice from '#models/creator_ad_price'
import { moneyText } from '#support/money'

/** One ad price of a creator: money as text with two decimals. */
export function presentAdPrice(price: CreatorAdPrice) {
  return {
    id: price.id,
    platform: price.platform,
    format: price.format,
    price: moneyText(price.price),
    currency: price.currency,
    note: price.note,
  }
}
