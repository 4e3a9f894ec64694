import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { DateTime } from 'luxon'
import BrandDeal from '#models/brand_deal'
import Creator from '#models/creator'
import ProductSale from '#models/product_sale'
import Team from '#models/team'
import User from '#models/user'
import type { DealStage } from '#shared/market'

/*
|--------------------------------------------------------------------------
| The demo Market Store and E-Commerce
|--------------------------------------------------------------------------
| Brand deals at every stage over the last months (one enquiry from the demo
| company) and six months of product sales for a handful of demo creators on
| Douyin, Kwai and Xiaohongshu. Deterministic; runs once (no deal yet).
*/

const BRANDS = [
  'Sakura Cosme',
  '三只松鼠',
  'Innisfree',
  'Anker',
  '元气森林',
  'Nike Korea',
  'Shiseido',
  '良品铺子',
  'Samsung Galaxy',
  'Lululemon',
  'Olive Young',
  '花西子',
]
const STAGES: DealStage[] = [
  'enquiry',
  'negotiating',
  'signed',
  'delivered',
  'delivered',
  'signed',
  'lost',
  'negotiating',
  'delivered',
  'signed',
  'enquiry',
  'delivered',
]
const FORMATS = ['dedicated', 'integration', 'shorts', 'live', 'post']
const PRODUCTS = ['五香牛肉干 200g', '坚果礼盒', '保湿面霜', '蓝牙耳机', '气泡水 12瓶', '瑜伽裤']

export default class DemoMarketSeeder extends BaseSeeder {
  static environment = ['development', 'production']

  async run() {
    await DemoMarketSeeder.seed()
  }

  static async seed(now = DateTime.utc()) {
    if (await BrandDeal.query().first()) return false
    const creators = await Creator.query().where('contract_status', 'valid').orderBy('id').limit(12)
    if (!creators.length) return false
    const staff = await User.query()
      .where('account_type', 'staff')
      .where('status', 'active')
      .whereIn('role', ['staff', 'manager'])
      .orderBy('id')
    const teams = await Team.query().whereIn('key', ['business', 'cp1', 'cp2', 'ch1'])
    const company = await User.query().where('role', 'company').where('status', 'active').first()

    for (const [index, brand] of BRANDS.entries()) {
      const stage = STAGES[index]
      const enquiry = now.minus({ days: 150 - index * 11 })
      const amount = ((index % 5) + 1) * 1_500_000 + index * 120_000
      const currency = index % 4 === 1 ? 'CNY' : index % 4 === 3 ? 'USD' : 'KRW'
      const scaled = currency === 'CNY' ? amount / 190 : currency === 'USD' ? amount / 1380 : amount
      const reached = (step: number) => enquiry.plus({ days: step * 9 })
      const order = ['enquiry', 'negotiating', 'signed', 'delivered'].indexOf(stage)
      await BrandDeal.create({
        brand,
        contactName: index % 2 ? '김지은' : '王磊',
        creatorId: creators[index % creators.length].id,
        platform: ['douyin', 'bilibili', 'youtube', 'kwai', 'xiaohongshu'][index % 5],
        format: FORMATS[index % FORMATS.length],
        amount: stage === 'enquiry' ? null : scaled.toFixed(2),
        currency: currency as 'KRW' | 'CNY' | 'USD',
        stage,
        ownerId: staff[index % Math.max(staff.length, 1)]?.id ?? null,
        teamId: teams[index % Math.max(teams.length, 1)]?.id ?? null,
        enquiryAt: enquiry,
        negotiatingAt: order >= 1 || stage === 'lost' ? reached(1) : null,
        signedAt: order >= 2 ? reached(2) : null,
        deliveredAt: order >= 3 ? reached(3) : null,
        lostAt: stage === 'lost' ? reached(2) : null,
      })
    }
    if (company) {
      await BrandDeal.create({
        brand: company.companyName ?? company.name,
        contactName: company.name,
        contactEmail: company.email,
        platform: 'douyin',
        format: 'live',
        currency: 'CNY',
        stage: 'enquiry',
        companyUserId: company.id,
        enquiryAt: now.minus({ days: 2 }),
        note: '双十二直播带货合作，希望了解美食类达人报价。',
      })
    }

    const sellers = creators.slice(0, 6)
    for (let back = 6; back >= 1; back--) {
      const month = now.minus({ months: back }).startOf('month').toISODate()!
      for (const [index, creator] of sellers.entries()) {
        const platform = ['douyin', 'kwai', 'xiaohongshu'][index % 3]
        const orders = 300 + index * 140 + (6 - back) * 60 + ((index * 37 + back * 13) % 90)
        const price = 18 + index * 7
        const gmv = orders * price
        await ProductSale.create({
          creatorId: creator.id,
          platform,
          month,
          product: PRODUCTS[index % PRODUCTS.length],
          items: Math.round(orders * 1.2),
          orders,
          gmv: gmv.toFixed(2),
          commission: (gmv * 0.2).toFixed(2),
          currency: 'CNY',
          // The demo company's products are the first two: it reads those sales, not the rest.
          companyUserId: company && index < 2 ? company.id : null,
        })
      }
    }
    return true
  }
}
