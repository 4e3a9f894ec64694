import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import ProductSale from '#models/product_sale'
import type User from '#models/user'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { SALE_COLUMNS } from '#services/market/sale_service'
import { XLSX_MIME } from '#support/xlsx'
import { rowCount, setupFunctionalGroup } from '#tests/helpers/functional'
import { titledWorkbook } from '#tests/helpers/workbooks'
import type { ApiClient } from '@japa/api-client'

/*
| Sales workbooks as staff fill them: brand numbers typed as numbers,
| full-width text, a group row and near-miss titles, .XLSX names, and an
| unchanged file imported again.
*/

function send(client: ApiClient, user: User, buffer: Buffer, filename = 'sales.xlsx') {
  return client
    .post('/api/products/sales/import')
    .loginAs(user)
    .file('file', buffer, { filename, contentType: XLSX_MIME })
}

const row = (brand: unknown, items: unknown = 10, gmv: unknown = '100.50') => [
  brand,
  'douyin',
  '2026-10',
  '五香牛肉干 200g',
  items,
  9,
  gmv,
  '20',
  'CNY',
]

test.group('e-commerce / sales workbooks as staff fill them', (group) => {
  setupFunctionalGroup(group)

  test('a brand number typed as a number is refused with "enter as text", never padded back', async ({
    client,
    assert,
  }) => {
    await CreatorFactory.merge({ brandNo: '00123' }).create()
    const staff = await UserFactory.create()
    const buffer = await titledWorkbook([[...SALE_COLUMNS], row(123), row('00123')])
    const response = await send(client, staff, buffer).header('lang', 'kr')
    response.assertStatus(422)
    const errors = response.body().data.errors as { row: number; column: string; message: string }[]
    assert.deepEqual(
      errors.map((error) => `${error.row}:${error.column}`),
      ['2:brand_no']
    )
    assert.include(errors[0].message, '텍스트로 입력하세요')
    assert.equal(await rowCount('product_sales'), 0)
  })

  test('full-width digits, letters and spaces are normalised (inline strings)', async ({
    client,
    assert,
  }) => {
    const creator = await CreatorFactory.merge({ brandNo: 'MCN-7001' }).create()
    const staff = await UserFactory.create()
    const buffer = await titledWorkbook({
      inline: true,
      rows: [
        [...SALE_COLUMNS],
        [
          '\u3000ＭＣＮ－７００１ ',
          'ＤＯＵＹＩＮ',
          '２０２６－１０',
          '五香牛肉干\u3000200g',
          '１２',
          '１１',
          '１，２００．５０',
          '２４',
          'ｃｎｙ',
        ],
      ],
    })
    const response = await send(client, staff, buffer)
    response.assertStatus(200)
    assert.include(response.body().data, { created: 1, updated: 0, unchanged: 0 })
    const sale = await ProductSale.firstOrFail()
    assert.deepEqual(
      [
        sale.creatorId,
        sale.platform,
        sale.month,
        sale.product,
        sale.items,
        sale.gmv,
        sale.currency,
      ],
      [creator.id, 'douyin', '2026-10-01', '五香牛肉干 200g', 12, '1200.50', 'CNY']
    )
  })

  test('the key row below a group row is found; near-miss and unknown titles are warnings', async ({
    client,
    assert,
  }) => {
    await CreatorFactory.merge({ brandNo: 'MCN-7001' }).create()
    const staff = await UserFactory.create()
    const buffer = await titledWorkbook({
      rows: [
        ['Creator', null, 'Sales', null, null, null, null, null, null, 'Notes'],
        ['Brand No', ...SALE_COLUMNS.slice(1), 'note'],
        [...row('MCN-7001'), 'checked'],
      ],
      merges: ['A1:B1', 'C1:I1'],
    })
    const response = await send(client, staff, buffer).header('lang', 'jp')
    response.assertStatus(200)
    assert.include(response.body().data, { created: 1 })
    assert.deepEqual(
      response
        .body()
        .data.warnings.map((warning: Record<string, string>) => [
          warning.kind,
          warning.column,
          warning.meant,
        ]),
      [
        ['alias', 'A', 'brand_no'],
        ['unknown', 'J', null],
      ]
    )
    assert.equal(
      response.body().data.warnings[0].message,
      'A 列「Brand No」は「brand_no」として読み込みました。'
    )
    assert.equal(await rowCount('product_sales'), 1)
  })

  test('a file named .XLSX is imported; its bytes are still checked', async ({
    client,
    assert,
  }) => {
    await CreatorFactory.merge({ brandNo: 'MCN-7001' }).create()
    const staff = await UserFactory.create()
    const buffer = await titledWorkbook([[...SALE_COLUMNS], row('MCN-7001')])
    const response = await send(client, staff, buffer, 'SALES.XLSX')
    response.assertStatus(200)
    assert.equal(await rowCount('product_sales'), 1)
    const fake = await send(client, staff, Buffer.from('not a workbook'), 'SALES.XLSX')
    fake.assertStatus(422)
    const csv = await send(client, staff, buffer, 'sales.csv')
    csv.assertStatus(422)
  })

  test('an unchanged file counts its rows as unchanged: not written, not logged', async ({
    client,
    assert,
  }) => {
    await CreatorFactory.merge({ brandNo: 'MCN-7001' }).create()
    const staff = await UserFactory.create()
    const workbook = async (items: number) =>
      titledWorkbook([
        [...SALE_COLUMNS],
        row('MCN-7001', items),
        ['MCN-7001', 'douyin', '2026-10', '辣条', 5, 5, '50', '5', 'CNY'],
      ])

    const first = await send(client, staff, await workbook(10))
    assert.include(first.body().data, { created: 2, updated: 0, unchanged: 0 })
    await db.from('product_sales').update({ updated_at: '2020-01-01 00:00:00' })
    const logged = await rowCount('audit_logs')

    const again = await send(client, staff, await workbook(10))
    again.assertStatus(200)
    assert.include(again.body().data, { created: 0, updated: 0, unchanged: 2 })
    const bumped = await db
      .from('product_sales')
      .where('updated_at', '>', '2020-01-02')
      .count('* as n')
    assert.equal(Number(bumped[0].n), 0)
    assert.equal(await rowCount('audit_logs'), logged, 'nothing changed, nothing logged')

    const changed = await send(client, staff, await workbook(12))
    assert.include(changed.body().data, { created: 0, updated: 1, unchanged: 1 })
    assert.equal(await rowCount('audit_logs'), logged + 1)
  })
})
