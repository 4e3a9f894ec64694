import { test } from '@japa/runner'
import AuditLog from '#models/audit_log'
import ExchangeRate from '#models/exchange_rate'
import PlatformRevenue from '#models/platform_revenue'
import Settlement from '#models/settlement'
import SettlementRun from '#commands/settlement_run'
import { CreatorFactory } from '#database/factories/creator_factory'
import { rawAceOutput, runAce, setupFunctionalGroup } from '#tests/helpers/functional'
import { aceLogs, statementRow } from '#tests/helpers/settlement'

test.group('settlement / node ace settlement:run', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(rawAceOutput)

  test('runs a month into drafts with the rates of the given day, and says what it did', async ({
    assert,
  }) => {
    const creator = await CreatorFactory.merge({ adIncomeRatio: 80, companyRef: null }).create()
    await ExchangeRate.create({
      currency: 'USD',
      rate: '1380.25',
      rateDate: '2026-10-31',
      source: 'manual',
    })
    await PlatformRevenue.create({
      creatorId: creator.id,
      month: '2026-10-01',
      platform: 'youtube',
      kind: 'ad',
      currency: 'USD',
      amount: '1234.56',
    })

    const command = await runAce(SettlementRun, ['2026-10', '--rate-date=2026-11-05'])
    assert.equal(command.exitCode ?? 0, 0)
    const statement = await statementRow(creator.id)
    assert.include(statement.serialize(), { status: 'draft', settledKrw: '1318216.00' })
    const logs = aceLogs()
    assert.include(logs, '2026-10: 1 draft statements (0 replaced, 0 confirmed or paid kept)')
    assert.include(logs, 'USD: 1380.2500 (2026-10-31, manual)')
    const audit = await AuditLog.query().where('action', 'settlement.run').firstOrFail()
    assert.isNull(audit.userId)
    assert.include(audit.meta as object, { month: '2026-10', drafts: 1 })
  })

  test('refuses a bad month and a month without exchange rates, writing nothing', async ({
    assert,
  }) => {
    const bad = await runAce(SettlementRun, ['2026-13'])
    assert.equal(bad.exitCode, 1)
    const creator = await CreatorFactory.create()
    await PlatformRevenue.create({
      creatorId: creator.id,
      month: '2026-10-01',
      platform: 'bilibili',
      kind: 'ad',
      currency: 'CNY',
      amount: '100',
    })
    const missing = await runAce(SettlementRun, ['2026-10', '--rate-date=2026-11-05'])
    assert.equal(missing.exitCode, 1)
    const logs = aceLogs()
    assert.include(logs, 'No CNY exchange rate on or before 2026-11-05')
    assert.lengthOf(await Settlement.all(), 0)
  })
})
