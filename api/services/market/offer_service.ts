import db from '@adonisjs/lucid/services/db'
import { containing, whereAnyLike } from '#support/like'
import { pageWindow, paginate } from '#support/pagination'
import type { OfferListParams } from '#validators/market'
import { REFERENCE_KRW_RATES } from '#shared/constants'

/**
 * Creators' ad offers (creator_ad_prices: platform, format, DECIMAL price and
 * currency) of valid contracts, sortable by the price in won — the 'ad
 * price' the dashboard ranks by.
 */
export default class OfferService {
  /** One page of the offers, by the price in won (or fans, or channel name). */
  static list(params: OfferListParams) {
    const query = db
      .from('creator_ad_prices as p')
      .join('creators as c', 'c.id', 'p.creator_id')
      .leftJoin('teams as t', 't.id', 'c.cp_team_id')
      .where('c.contract_status', 'valid')
    if (params.platform) query.where('p.platform', params.platform)
    if (params.format) query.where('p.format', params.format)
    if (params.team) query.where('t.key', params.team)
    if (params.q) whereAnyLike(query, ['c.channel_name', 'c.brand_no'], containing(params.q))
    const order = (params._order ?? 'desc').toLowerCase() as 'asc' | 'desc'
    const krw = `p.price * CASE p.currency ${Object.entries(REFERENCE_KRW_RATES)
      .map(([currency, rate]) => `WHEN '${currency}' THEN ${rate}`)
      .join(' ')} ELSE 1 END`
    return paginate(query, pageWindow(params._start, params._end), (filtered) => {
      if ((params._sort ?? 'price_krw') === 'price_krw') filtered.orderByRaw(`${krw} ${order}`)
      else if (params._sort === 'fans') filtered.orderBy('c.total_fans', order)
      else filtered.orderBy('c.channel_name', order)
      return filtered
        .orderBy('p.id', 'asc')
        .select(
          'p.id',
          'p.creator_id',
          'p.platform',
          'p.format',
          'p.price',
          'p.currency',
          'p.note',
          'c.channel_name',
          'c.brand_no',
          'c.total_fans',
          't.key as team'
        )
    })
  }
}
