import { test } from '@japa/runner'
import BrandDeal from '#models/brand_deal'
import ProductSale from '#models/product_sale'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { expectStatus } from '#tests/helpers/requests'

/** The id of what a POST created. */
async function created(request: Promise<{ body(): { id: number } }>) {
  const response = await request
  return response.body().id
}

/** A body without what differs between two records by nature (ids, times). */
function comparable(body: Record<string, unknown>) {
  // enquiry_at defaults to the moment of creation: the two posts may fall in different seconds
  const { id, created_at: createdAt, updated_at: updatedAt, enquiry_at: enquiryAt, ...rest } = body
  ;(void id, createdAt, updatedAt, enquiryAt)
  return rest
}

/*
 * Refine's data provider updates with PATCH: PATCH /api/market/deals/:id and
 * PATCH /api/products/sales/:id are the twins of their PUT routes.
 */
test.group('market / PATCH updates', (group) => {
  setupFunctionalGroup(group)

  test('PATCH /api/market/deals/:id does what PUT does', async ({ client, assert }) => {
    const staff = await UserFactory.create()
    const creator = await CreatorFactory.create()
    const brief = { brand: 'Sakura Cosme', team: 'business' }
    const viaPut = await created(client.post('/api/market/deals').loginAs(staff).json(brief))
    const viaPatch = await created(client.post('/api/market/deals').loginAs(staff).json(brief))
    const change = {
      brand: 'Sakura Cosme KR',
      creator_id: creator.id,
      platform: 'bilibili',
      format: 'integration',
      amount: 1234.5,
      currency: 'USD',
      note: 'Spring campaign',
    }

    const put = await client.put(`/api/market/deals/${viaPut}`).loginAs(staff).json(change)
    const patch = await client.patch(`/api/market/deals/${viaPatch}`).loginAs(staff).json(change)
    put.assertStatus(200)
    patch.assertStatus(200)
    assert.deepEqual(comparable(patch.body()), comparable(put.body()))
    assert.include(patch.body(), { brand: 'Sakura Cosme KR', amount: '1234.50', currency: 'USD' })
    const stored = await BrandDeal.findOrFail(viaPatch)
    assert.equal(stored.brand, 'Sakura Cosme KR')
    assert.equal(stored.creatorId, creator.id)

    for (const method of ['put', 'patch'] as const) {
      await expectStatus(
        client[method](`/api/market/deals/${viaPatch}`).loginAs(staff).json({ brand: '' }),
        422
      )
    }
    const company = await UserFactory.apply('company').create()
    const refused = await client.put(`/api/market/deals/${viaPut}`).loginAs(company).json(change)
    await expectStatus(
      client.patch(`/api/market/deals/${viaPatch}`).loginAs(company).json(change),
      refused.status()
    )
  })

  test('PATCH /api/products/sales/:id does what PUT does', async ({ client, assert }) => {
    const staff = await UserFactory.create()
    const creator = await CreatorFactory.create()
    const sale = (month: string) => ({
      creator_id: creator.id,
      platform: 'douyin',
      month,
      product: '牛肉干',
      items: 120,
      orders: 98,
      gmv: 3528.5,
      commission: 705.7,
      currency: 'CNY',
    })
    const viaPut = await created(
      client.post('/api/products/sales').loginAs(staff).json(sale('2026-09'))
    )
    const viaPatch = await created(
      client.post('/api/products/sales').loginAs(staff).json(sale('2026-10'))
    )
    const change = { items: 150, orders: 120, gmv: 4000, commission: 800.25 }

    const put = await client
      .put(`/api/products/sales/${viaPut}`)
      .loginAs(staff)
      .json({ ...sale('2026-09'), ...change })
    const patch = await client
      .patch(`/api/products/sales/${viaPatch}`)
      .loginAs(staff)
      .json({ ...sale('2026-10'), ...change })
    put.assertStatus(200)
    patch.assertStatus(200)
    assert.deepEqual(
      { ...comparable(patch.body()), month: null },
      { ...comparable(put.body()), month: null }
    )
    assert.include(patch.body(), { items: 150, gmv: '4000.00', commission: '800.25' })
    const stored = await ProductSale.findOrFail(viaPatch)
    assert.equal(stored.items, 150)

    // The month of the other record is taken: both verbs refuse the duplicate alike.
    const duplicate = { ...sale('2026-09'), ...change }
    const putDuplicate = await client
      .put(`/api/products/sales/${viaPatch}`)
      .loginAs(staff)
      .json(duplicate)
    const patchDuplicate = await client
      .patch(`/api/products/sales/${viaPatch}`)
      .loginAs(staff)
      .json(duplicate)
    assert.equal(patchDuplicate.status(), putDuplicate.status())
    assert.deepEqual(patchDuplicate.body(), putDuplicate.body())
  })
})
