import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { CreatorFactory, PlatformAccountFactory } from '#database/factories/creator_factory'
import { MetricSnapshotFactory } from '#database/factories/metric_factory'
import { VideoFactory } from '#database/factories/video_factory'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { enterRevenue, runMonth, statementRow } from '#tests/helpers/settlement'

test.group('settlement / the month on the statement', (group) => {
  setupFunctionalGroup(group)

  test('month fans at each account last day of the month, the month growth and its videos', async ({
    client,
    assert,
  }) => {
    const finance = await UserFactory.apply('finance').create()
    const creator = await CreatorFactory.merge({ adIncomeRatio: 50 }).create()
    const bilibili = await PlatformAccountFactory.merge({ creatorId: creator.id }).create()
    const xigua = await PlatformAccountFactory.merge({
      creatorId: creator.id,
      platform: 'xigua',
    }).create()
    const day = (
      account: typeof bilibili,
      date: string,
      fans: number,
      fansDiff: number,
      viewsDiff: number
    ) =>
      MetricSnapshotFactory.merge({
        accountId: account.id,
        creatorId: creator.id,
        platform: account.platform,
        snapshotDate: date,
        fans,
        fansDiff,
        viewsDiff,
      } as any).create()
    await day(bilibili, '2026-09-30', 900, 5, 50)
    await day(bilibili, '2026-10-15', 1000, 10, 500)
    await day(bilibili, '2026-10-31', 1100, 100, 700)
    await day(xigua, '2026-10-20', 300, 20, 40)
    await day(xigua, '2026-11-01', 400, 100, 1000)
    const video = (account: typeof bilibili, at: string, id: string) =>
      VideoFactory.merge({
        accountId: account.id,
        creatorId: creator.id,
        platform: account.platform,
        platformVideoId: id,
        publishedAt: DateTime.fromISO(at, { zone: 'utc' }),
      } as any).create()
    await video(bilibili, '2026-10-01T00:00:00', 'BVoct1')
    await video(xigua, '2026-10-31T23:59:00', 'XGoct2')
    await video(bilibili, '2026-09-30T23:59:00', 'BVsep')
    await video(bilibili, '2026-11-01T00:00:00', 'BVnov')
    await enterRevenue(client, finance, {
      creator_id: creator.id,
      platform: 'bilibili',
      currency: 'KRW',
      amount: 50000,
    })
    await runMonth(client, finance)
    const statement = await statementRow(creator.id)
    assert.include(statement.serialize(), {
      monthFans: 1400,
      monthlyIncrease: 130,
      views: 1240,
      videoCount: 2,
    })
  })
})
