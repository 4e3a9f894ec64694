import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import Settlement from '#models/settlement'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { expectStatus } from '#tests/helpers/requests'

const LINE_FIELDS = ['gross', 'vat', 'surcharge', 'withholding', 'china_tax', 'after_tax', 'rate']

/** The README's worked example: `field` → [creator A, creator B], commas dropped. */
async function readmeExample() {
  const readme = await readFile(app.makePath('README.md'), 'utf8')
  const block = /<!-- settlement-example:start -->([\s\S]*?)<!-- settlement-example:end -->/.exec(
    readme
  )
  if (!block) throw new Error('README.md has no settlement example')
  const figures = new Map<string, [string, string]>()
  for (const line of block[1].split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    const field = /^`(\w+)`$/.exec(cells[2] ?? '')
    if (field) figures.set(field[1], [cells[3].replaceAll(',', ''), cells[4].replaceAll(',', '')])
  }
  return figures
}

test.group('settlement / the README example', (group) => {
  setupFunctionalGroup(group)

  test('the worked example in the README is what the settlement computes, to the won', async ({
    client,
    assert,
  }) => {
    const figures = await readmeExample()
    assert.isAtLeast(figures.size, 16)

    const finance = await UserFactory.apply('finance').create()
    const a = await CreatorFactory.merge({ adIncomeRatio: 70, companyRef: null }).create()
    const b = await CreatorFactory.merge({ adIncomeRatio: 80, companyRef: null }).create()
    for (const [currency, rate] of [
      ['CNY', 190.5],
      ['USD', 1380.25],
    ] as const) {
      await expectStatus(
        client
          .post('/api/exchange-rates')
          .loginAs(finance)
          .json({ currency, rate, rate_date: '2026-10-31' }),
        201
      )
    }
    const rows = [
      { creator_id: a.id, platform: 'bilibili', currency: 'CNY', amount: 10000 },
      { creator_id: b.id, platform: 'youtube', currency: 'USD', amount: 1234.56 },
    ]
    for (const row of rows) {
      await expectStatus(
        client
          .post('/api/revenues')
          .loginAs(finance)
          .json({ ...row, month: '2026-10', kind: 'ad' }),
        201
      )
    }
    await expectStatus(
      client
        .post('/api/settlements/run')
        .loginAs(finance)
        .json({ month: '2026-10', rate_date: '2026-11-05' }),
      200
    )

    for (const [index, creator] of [a, b].entries()) {
      const row = await Settlement.query().where('creator_id', creator.id).firstOrFail()
      const response = await client.get(`/api/settlements/${row.id}`).loginAs(finance)
      const statement = response.body().data
      assert.lengthOf(statement.lines, 1)
      for (const [field, values] of figures) {
        const actual = LINE_FIELDS.includes(field) ? statement.lines[0][field] : statement[field]
        assert.equal(actual, values[index], `${field} of creator ${index ? 'B' : 'A'}`)
      }
    }
  })
})
