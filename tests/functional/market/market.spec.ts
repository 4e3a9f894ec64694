import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import ProductSale from '#models/product_sale'
import Team from '#models/team'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { BrandDealFactory } from '#database/factories/market_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { expectStatus } from '#tests/helpers/requests'
import { salesWorkbook } from '#tests/helpers/market'

test.group('market / deals', (group) => {
  setupFunctionalGroup(group)

  test('a deal moves one step at a time, may be lost and reopened, and records each stage', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const created = await client
      .post('/api/market/deals')
      .loginAs(staff)
      .json({ brand: 'Sakura Cosme', team: 'business' })
    created.assertStatus(201)
    const id = created.body().id
    assert.deepEqual(created.body().moves, ['negotiating', 'lost'])
    assert.equal(created.body().owner.id, staff.id)

    const skip = await client
      .post(`/api/market/deals/${id}/stage`)
      .loginAs(staff)
      .header('lang', 'kr')
      .json({ stage: 'signed' })
    skip.assertStatus(422)
    skip.assertBodyContains({ message: '문의 단계에서 계약 단계로 옮길 수 없습니다.' })
    await expectStatus(
      client.post(`/api/market/deals/${id}/stage`).loginAs(staff).json({ stage: 'negotiating' }),
      200
    )
    const noAmount = await client
      .post(`/api/market/deals/${id}/stage`)
      .loginAs(staff)
      .json({ stage: 'signed' })
    noAmount.assertStatus(422)
    noAmount.assertBodyContains({ message: 'Enter the amount before the deal is signed.' })
    await client
      .put(`/api/market/deals/${id}`)
      .loginAs(staff)
      .json({ brand: 'Sakura Cosme', amount: 1234.5, currency: 'USD' })
    const signed = await client
      .post(`/api/market/deals/${id}/stage`)
      .loginAs(staff)
      .json({ stage: 'signed' })
    signed.assertStatus(200)
    assert.include(signed.body(), { stage: 'signed', amount: '1234.50', amount_krw: 1_703_610 })
    assert.isNotNull(signed.body().signed_at)
    await expectStatus(
      client.post(`/api/market/deals/${id}/stage`).loginAs(staff).json({ stage: 'lost' }),
      200
    )
    const reopened = await client
      .post(`/api/market/deals/${id}/stage`)
      .loginAs(staff)
      .json({ stage: 'enquiry' })
    assert.include(reopened.body(), { stage: 'enquiry', lost_at: null })
    await expectStatus(
      client.post(`/api/market/deals/${id}/stage`).loginAs(staff).json({ stage: 'won' }),
      422
    )
  })

  test('companies send enquiries and see only their own; they cannot move deals', async ({
    client,
    assert,
  }) => {
    const company = await UserFactory.apply('company')
      .merge({ companyName: 'Blue Sky Media' })
      .create()
    const other = await UserFactory.apply('company').create()
    const staff = await UserFactory.create()
    await client.post('/api/market/deals').loginAs(staff).json({ brand: 'Internal lead' })
    const enquiry = await client.post('/api/market/deals').loginAs(company).json({
      brand: 'ignored',
      contact_name: 'Lee',
      platform: 'bilibili',
      format: 'dedicated',
      owner_id: staff.id,
    })
    enquiry.assertStatus(201)
    assert.include(enquiry.body(), {
      brand: 'Blue Sky Media',
      stage: 'enquiry',
      from_company: true,
      owner: null,
    })
    const mine = await client.get('/api/market/deals').loginAs(company)
    assert.deepEqual(
      mine.body().map((deal: { brand: string }) => deal.brand),
      ['Blue Sky Media']
    )
    const theirs = await client.get('/api/market/deals').loginAs(other)
    assert.lengthOf(theirs.body(), 0)
    await expectStatus(client.get(`/api/market/deals/${enquiry.body().id}`).loginAs(other), 403)
    await expectStatus(
      client
        .post(`/api/market/deals/${enquiry.body().id}/stage`)
        .loginAs(company)
        .json({ stage: 'negotiating' }),
      403
    )
    await expectStatus(client.get('/api/market/totals').loginAs(company), 403)
    const creator = await UserFactory.apply('creator').create()
    await expectStatus(client.get('/api/market/deals').loginAs(creator), 403)
  })

  test('totals per team and month in won, written out by hand', async ({ client, assert }) => {
    // business: signed 2026-03-05 1,000,000 KRW (delivered 2026-04-02); signed 2026-03-20 500 USD = 690,000 KRW.
    // cp1: signed 2026-04-10 2,000 CNY = 380,000 KRW. A lost deal signed in March never counts.
    // March business: 2 signed, 1,690,000; April business: 1 delivered, 1,000,000; April cp1: 1 signed, 380,000.
    const business = await Team.findByOrFail('key', 'business')
    const cp1 = await Team.findByOrFail('key', 'cp1')
    const at = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' })
    const deal = (stage: 'signed' | 'delivered' | 'lost', fields: Record<string, unknown>) =>
      BrandDealFactory.apply(stage).merge(fields).create()
    await deal('delivered', {
      brand: 'A',
      amount: '1000000.00',
      currency: 'KRW',
      teamId: business.id,
      enquiryAt: at('2026-02-01'),
      signedAt: at('2026-03-05T10:00'),
      deliveredAt: at('2026-04-02T10:00'),
    })
    await deal('signed', {
      brand: 'B',
      amount: '500.00',
      currency: 'USD',
      teamId: business.id,
      enquiryAt: at('2026-03-01'),
      signedAt: at('2026-03-20T10:00'),
    })
    await deal('signed', {
      brand: 'C',
      amount: '2000.00',
      currency: 'CNY',
      teamId: cp1.id,
      enquiryAt: at('2026-04-01'),
      signedAt: at('2026-04-10T10:00'),
    })
    await deal('lost', {
      brand: 'D',
      amount: '9999.00',
      currency: 'KRW',
      teamId: cp1.id,
      enquiryAt: at('2026-03-01'),
      signedAt: at('2026-03-08T10:00'),
      lostAt: at('2026-03-09'),
    })
    const manager = await UserFactory.apply('manager').create()
    const response = await client.get('/api/market/totals').qs({ year: 2026 }).loginAs(manager)
    response.assertStatus(200)
    assert.deepEqual(response.body().data.rows, [
      {
        team: 'business',
        month: '2026-03',
        signed: 2,
        signed_krw: 1_690_000,
        delivered: 0,
        delivered_krw: 0,
      },
      {
        team: 'business',
        month: '2026-04',
        signed: 0,
        signed_krw: 0,
        delivered: 1,
        delivered_krw: 1_000_000,
      },
      {
        team: 'cp1',
        month: '2026-04',
        signed: 1,
        signed_krw: 380_000,
        delivered: 0,
        delivered_krw: 0,
      },
    ])
  })

  test('ad offers sorted by the price in won', async ({ client, assert }) => {
    await CreatorFactory.merge({ channelName: 'Alpha' })
      .with('adPrices', 1, (price) =>
        price.merge({
          platform: 'bilibili',
          format: 'dedicated',
          price: '1000000.00',
          currency: 'KRW',
        })
      )
      .create()
    await CreatorFactory.merge({ channelName: 'Bravo' })
      .with('adPrices', 1, (price) =>
        price.merge({
          platform: 'youtube',
          format: 'integration',
          price: '800.00',
          currency: 'USD',
        })
      )
      .create()
    const staff = await UserFactory.create()
    const response = await client
      .get('/api/market/offers')
      .qs({ _sort: 'price_krw', _order: 'desc' })
      .loginAs(staff)
    response.assertStatus(200)
    assert.deepEqual(
      response
        .body()
        .map((row: { creator: { name: string }; price_krw: number }) => [
          row.creator.name,
          row.price_krw,
        ]),
      [
        ['Bravo', 1_104_000],
        ['Alpha', 1_000_000],
      ]
    )
  })
})

test.group('e-commerce / product sales', (group) => {
  setupFunctionalGroup(group)

  test('entered by form; a duplicate is refused; summary in won', async ({ client, assert }) => {
    const creator = await CreatorFactory.merge({ channelName: '小王美食' }).create()
    const staff = await UserFactory.create()
    const sale = {
      creator_id: creator.id,
      platform: 'douyin',
      month: '2026-10',
      product: '牛肉干',
      items: 120,
      orders: 98,
      gmv: 3528.5,
      commission: 705.7,
      currency: 'CNY',
    }
    const created = await client.post('/api/products/sales').loginAs(staff).json(sale)
    created.assertStatus(201)
    assert.include(created.body(), { gmv: '3528.50', commission: '705.70', month: '2026-10' })
    await expectStatus(client.post('/api/products/sales').loginAs(staff).json(sale), 409)
    await expectStatus(
      client
        .post('/api/products/sales')
        .loginAs(staff)
        .json({ ...sale, gmv: 1.234 }),
      422
    )
    await expectStatus(
      client
        .post('/api/products/sales')
        .loginAs(staff)
        .json({ ...sale, month: '2026-13' }),
      422
    )
    // 3,528.50 CNY × 190 = 670,415 KRW; commission 705.70 × 190 = 134,083 KRW.
    const summary = await client.get('/api/products/sales/summary').loginAs(staff)
    assert.deepEqual(summary.body().data.totals, {
      gmv_krw: 670_415,
      commission_krw: 134_083,
      orders: 98,
      records: 1,
    })
    const company = await UserFactory.apply('company').create()
    await expectStatus(client.get('/api/products/sales').loginAs(company), 200)
    await expectStatus(client.post('/api/products/sales').loginAs(company).json(sale), 403)
  })

  test("a company reads only its own products' sales; other companies' and the agency's stay hidden", async ({
    client,
    assert,
  }) => {
    const creator = await CreatorFactory.create()
    const staff = await UserFactory.create()
    const mine = await UserFactory.apply('company').merge({ companyName: 'Blue Sky' }).create()
    const other = await UserFactory.apply('company').create()
    const sale = (product: string, company: number | null) => ({
      creator_id: creator.id,
      platform: 'douyin',
      month: '2026-10',
      product,
      items: 10,
      orders: 10,
      gmv: 1000,
      commission: 100,
      currency: 'KRW',
      company_user_id: company,
    })
    for (const [product, company] of [
      ['ours', mine.id],
      ['theirs', other.id],
      ['agency', null],
    ] as const) {
      await expectStatus(
        client.post('/api/products/sales').loginAs(staff).json(sale(product, company)),
        201
      )
    }
    const list = await client.get('/api/products/sales').loginAs(mine)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().map((row: { product: string }) => row.product),
      ['ours']
    )
    assert.deepEqual(list.body()[0].company, { id: mine.id, name: 'Blue Sky' })
    const summary = await client.get('/api/products/sales/summary').loginAs(mine)
    assert.equal(summary.body().data.totals.gmv_krw, 1000)
    assert.lengthOf(summary.body().data.creators, 1)
    // the staff side sees all three; a sale cannot be given to a non-company account
    const all = await client.get('/api/products/sales/summary').loginAs(staff)
    assert.equal(all.body().data.totals.records, 3)
    await expectStatus(
      client.post('/api/products/sales').loginAs(staff).json(sale('x', staff.id)),
      422
    )
    // the companies list is the staff's (for the sale form), not the companies'
    const companies = await client.get('/api/products/companies').loginAs(staff)
    companies.assertStatus(200)
    assert.includeDeepMembers(companies.body().data, [{ id: mine.id, name: 'Blue Sky' }])
    await expectStatus(client.get('/api/products/companies').loginAs(mine), 403)
  })

  test('Excel import: errors by row and column, nothing written; a clean file upserts', async ({
    client,
    assert,
  }) => {
    const creator = await CreatorFactory.merge({ brandNo: 'MCN-7001' }).create()
    const staff = await UserFactory.create()
    const bad = await salesWorkbook([
      ['MCN-7001', 'douyin', '2026-10', '牛肉干', 10, 9, '100.50', '20', 'CNY'],
      ['MCN-0000', 'tiktok', '2026/10', '', 1.5, 'x', '1.234', '-1', 'EUR'],
    ])
    const failed = await client
      .post('/api/products/sales/import')
      .loginAs(staff)
      .file('file', bad, { filename: 'sales.xlsx' })
    failed.assertStatus(422)
    const errors = failed
      .body()
      .data.errors.map((error: { row: number; column: string }) => `${error.row}:${error.column}`)
    assert.sameMembers(errors, [
      '3:brand_no',
      '3:platform',
      '3:month',
      '3:product',
      '3:items',
      '3:orders',
      '3:gmv',
      '3:commission',
      '3:currency',
    ])
    assert.lengthOf(await ProductSale.all(), 0, 'all or nothing')

    const good = await salesWorkbook([
      ['MCN-7001', 'douyin', '2026-10', '牛肉干', 10, 9, '100.50', '20', 'CNY'],
    ])
    const first = await client
      .post('/api/products/sales/import')
      .loginAs(staff)
      .file('file', good, { filename: 'sales.xlsx' })
    first.assertStatus(200)
    assert.include(first.body().data, { created: 1, updated: 0 })
    const again = await salesWorkbook([
      ['MCN-7001', 'douyin', '2026-10', '牛肉干', 12, 11, '120.00', '24', 'CNY'],
    ])
    const second = await client
      .post('/api/products/sales/import')
      .loginAs(staff)
      .file('file', again, { filename: 'sales.xlsx' })
    assert.include(second.body().data, { created: 0, updated: 1 })
    const rows = await ProductSale.all()
    assert.lengthOf(rows, 1)
    assert.deepEqual([rows[0].creatorId, rows[0].items, rows[0].gmv], [creator.id, 12, '120.00'])
    await expectStatus(
      client
        .post('/api/products/sales/import')
        .loginAs(staff)
        .file('file', Buffer.from('not excel'), { filename: 'sales.xlsx' }),
      422
    )
    const template = await client.get('/api/products/sales/template').loginAs(staff)
    template.assertStatus(200)
  })
})
