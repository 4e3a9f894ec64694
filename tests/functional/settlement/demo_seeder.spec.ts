import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import ExchangeRate from '#models/exchange_rate'
import PlatformRevenue from '#models/platform_revenue'
import Settlement from '#models/settlement'
import DemoSettlementSeeder from '#database/seeders/09_demo_settlement_seeder'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'

test.group('settlement / demo data', (group) => {
  setupFunctionalGroup(group)

  test('the last two months have revenue and rates; the older is confirmed, the last drafts', async ({
    assert,
  }) => {
    await UserFactory.apply('finance').merge({ email: 'finance@mcn.local' }).create()
    await CreatorFactory.merge({ contractStatus: 'valid' }).createMany(4)
    const now = DateTime.utc(2026, 11, 27, 12)

    assert.isTrue(await DemoSettlementSeeder.seed(now))
    assert.lengthOf(await PlatformRevenue.query().where('month', '2026-09-01'), 4)
    assert.lengthOf(await PlatformRevenue.query().where('month', '2026-10-01'), 4)
    const rates = await ExchangeRate.query().orderBy('rate_date').orderBy('currency')
    assert.deepEqual(
      rates.map((row) => [row.currency, row.rateDate, row.rate]),
      [
        ['CNY', '2026-09-30', '189.7300'],
        ['USD', '2026-09-30', '1376.5000'],
        ['CNY', '2026-10-31', '191.2400'],
        ['USD', '2026-10-31', '1389.1000'],
      ]
    )
    const september = await Settlement.query().where('month', '2026-09-01')
    const october = await Settlement.query().where('month', '2026-10-01')
    assert.lengthOf(september, 4)
    assert.isTrue(september.every((row) => row.status === 'confirmed'))
    assert.lengthOf(october, 4)
    assert.isTrue(october.every((row) => row.status === 'draft'))
    assert.isFalse(await DemoSettlementSeeder.seed(now))
  })
})
