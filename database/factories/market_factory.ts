import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import BrandDeal from '#models/brand_deal'
import ProductSale from '#models/product_sale'
import { CreatorFactory } from '#database/factories/creator_factory'
import { TeamFactory, UserFactory } from '#database/factories/user_factory'

/**
 * A brand's enquiry received today, in won, without an amount yet.
 * Relations: creator, owner, team. Each stage's state sets the stage and
 * fills its dates (and, from signed on, an amount) unless merged:
 * `negotiating`, `signed`, `delivered`, `lost`.
 */
export const BrandDealFactory = factory
  .define(BrandDeal, ({ faker }) => ({
    brand: faker.company.name(),
    contactName: faker.person.fullName(),
    contactEmail: faker.internet.email().toLowerCase(),
    creatorId: null,
    platform: null,
    format: null,
    amount: null,
    currency: 'KRW' as const,
    stage: 'enquiry' as const,
    ownerId: null,
    teamId: null,
    companyUserId: null,
    note: null,
    enquiryAt: DateTime.utc(),
    negotiatingAt: null,
    signedAt: null,
    deliveredAt: null,
    lostAt: null,
  }))
  .state('negotiating', (deal) => {
    deal.stage = 'negotiating'
    deal.negotiatingAt ??= DateTime.utc()
  })
  .state('signed', (deal) => {
    deal.stage = 'signed'
    deal.amount ??= '1000000.00'
    deal.signedAt ??= DateTime.utc()
  })
  .state('delivered', (deal) => {
    deal.stage = 'delivered'
    deal.amount ??= '1000000.00'
    deal.signedAt ??= DateTime.utc()
    deal.deliveredAt ??= DateTime.utc()
  })
  .state('lost', (deal) => {
    deal.stage = 'lost'
    deal.lostAt ??= DateTime.utc()
  })
  .relation('creator', () => CreatorFactory)
  .relation('owner', () => UserFactory)
  .relation('team', () => TeamFactory)
  .build()

/** Last month's sales of one product on Douyin, in yuan; give the creator. */
export const ProductSaleFactory = factory
  .define(ProductSale, ({ faker }) => ({
    platform: 'douyin',
    month: DateTime.utc().minus({ months: 1 }).startOf('month').toISODate()!,
    product: faker.commerce.productName(),
    items: 120,
    orders: 98,
    gmv: '3528.50',
    commission: '705.70',
    currency: 'CNY' as const,
    createdBy: null,
  }))
  .relation('creator', () => CreatorFactory)
  .build()
