import db from '@adonisjs/lucid/services/db'
import { escapeLike } from '#services/creator_query'
import { fromCents, krwCents, toCents, wonOf } from '#services/market/money'
import { pageWindow } from '#services/paging'
import type { OfferListParams } from '#validators/market'
import { REFERENCE_KRW_RATES } from '#shared/constants'

/**
 * Creators' ad offers (creator_ad_prices: platform, format, DECIMAL price and
 * currency) of valid contracts, sortable by the price in won — the 'ad
 * price' the dashboard ranks by.
 */
export default class OfferService {
  static async list(params: OfferListParams) {
    const query = db
      .from('creator_ad_prices as p')
      .join('creators as c', 'c.id', 'p.creator_id')
      .leftJoin('teams as t', 't.id', 'c.cp_team_id')
      .where('c.contract_status', 'valid')
    if (params.platform) query.where('p.platform', params.platform)
    if (params.format) query.where('p.format', params.format)
    if (params.team) query.where('t.key', params.team)
    if (params.q) {
      const like = `%${escapeLike(params.q)}%`
      query.where((sub) => {
        sub
          .whereRaw(`?? like ? escape '!'`, ['c.channel_name', like])
          .orWhereRaw(`?? like ? escape '!'`, ['c.brand_no', like])
      })
    }
    const [counted] = await query.clone().count('* as total')
    const order = (params._order ?? 'desc').toLowerCase() as 'asc' | 'desc'
    const krw = `p.price * CASE p.currency ${Object.entries(REFERENCE_KRW_RATES)
      .map(([currency, rate]) => `WHEN '${currency}' THEN ${rate}`)
      .join(' ')} ELSE 1 END`
    if ((params._sort ?? 'price_krw') === 'price_krw') query.orderByRaw(`${krw} ${order}`)
    else if (params._sort === 'fans') query.orderBy('c.total_fans', order)
    else query.orderBy('c.channel_name', order)
    const { offset: start, limit } = pageWindow(params._start, params._end, 20, 100)
    const rows = await query
      .orderBy('p.id', 'asc')
      .offset(start)
      .limit(limit)
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
    return {
      total: Number(counted.total),
      rows: rows.map((row) => ({
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
      })),
    }
  }
}
