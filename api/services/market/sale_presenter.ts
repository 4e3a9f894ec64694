import type ProductSale from '#models/product_sale'
import type User from '#models/user'
import { krwCents, wonOf } from '#support/money'

/** A product sale with its creator and the GMV in won. */
export function presentSale(sale: ProductSale) {
  return {
    id: sale.id,
    creator: sale.creator
      ? { id: sale.creator.id, name: sale.creator.channelName, brand_no: sale.creator.brandNo }
      : null,
    platform: sale.platform,
    month: sale.month.slice(0, 7),
    product: sale.product,
    items: sale.items,
    orders: sale.orders,
    gmv: sale.gmv,
    commission: sale.commission,
    currency: sale.currency,
    gmv_krw: wonOf(krwCents(sale.gmv, sale.currency)),
    company: sale.company
      ? { id: sale.company.id, name: sale.company.companyName ?? sale.company.name }
      : null,
  }
}

/** A company account a sale can be given to. */
export function presentCompany(user: User) {
  return { id: user.id, name: user.companyName ?? user.name }
}
