import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import platforms from '#platforms/main'
import { PlatformError } from '#platforms/types'
import MetricsCollect from '#commands/metrics_collect'
import MetricsBackfill from '#commands/metrics_backfill'
import CreatorPlatformAccount from '#models/creator_platform_account'
import MetricCollectionRun from '#models/metric_collection_run'
import QueueSchedule from '#models/queue_schedule'
import QueueService from '#queue/main'
import type InProcessDriver from '#queue/in_process_driver'
import MetricCollectionService, { yesterday } from '#services/metrics/collection_service'
import MetricBackfillService from '#services/metrics/backfill_service'
import DemoSeeder from '#database/seeders/02_demo_seeder'
import DemoCreatorsSeeder from '#database/seeders/03_demo_creators_seeder'
import DemoMetricsSeeder from '#database/seeders/04_demo_metrics_seeder'
import { rawAceOutput, rowCount, runAce, setupFunctionalGroup } from '#tests/helpers/functional'
import { fakeAdapter, seedAccounts, snapshotsOf, totalsOf } from '#tests/helpers/collection'
import { ON_REDIS } from '#tests/helpers/queue'

test.group('metrics / ace commands', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(rawAceOutput)
  group.each.setup(() => {
    const retry = { ...MetricCollectionService.retry }
    MetricCollectionService.retry = { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 }
    return () => {
      MetricCollectionService.retry = retry
      platforms.restore()
    }
  })

  test('metrics:collect --date --platform collects and prints a summary', async ({ assert }) => {
    const accounts = await seedAccounts({ creators: 2, platforms: ['bilibili', 'youtube'] })
    platforms.fake('bilibili', fakeAdapter({ values: () => ({ fans: 5 }) }))
    platforms.fake('youtube', fakeAdapter({ values: () => ({ fans: 6 }) }))

    const command = await runAce(MetricsCollect, ['--date=2026-02-10', '--platform=bilibili'])
    command.assertSucceeded()
    command.assertLogMatches(
      /Run #\d+, 2026-02-10 \(bilibili\): 2 accounts, 2 collected, 0 failed, 0 skipped in \d+\.\d s/
    )
    assert.equal(await rowCount('metric_snapshots'), 2)
    const [row] = await snapshotsOf(accounts[0].id)
    assert.equal(row.fans, 5)
    const run = await MetricCollectionRun.firstOrFail()
    assert.equal(run.trigger, 'cli')
    assert.equal(run.status, 'finished')
  })

  test('metrics:collect exits with 1 when every account fails, and on bad input', async ({
    assert,
  }) => {
    await seedAccounts()
    platforms.fake(
      'bilibili',
      fakeAdapter({ fail: () => new PlatformError('bilibili', 'auth', 'cookie rejected') })
    )
    const failing = await runAce(MetricsCollect, ['--date=2026-02-10'])
    failing.assertFailed()
    failing.assertLogMatches(/1 accounts, 0 collected, 1 failed/)
    failing.assertLogMatches(/cookie_expired The stored bilibili login \(cookie\).*cookie rejected/)

    for (const args of [['--date=2026-13-01'], ['--platform=myspace'], ['--creator=a,b']]) {
      const bad = await runAce(MetricsCollect, args)
      bad.assertFailed()
    }
    // a creator that does not exist is an error, not an empty run that succeeds
    const unknown = await runAce(MetricsCollect, ['--date=2026-02-10', '--creator=999999'])
    unknown.assertFailed()
    unknown.assertLogMatches(/No creator with id 999999/)
    assert.lengthOf(await MetricCollectionRun.all(), 1)
  })

  test('metrics:backfill fills accounts × days with consistent diffs and totals; again changes nothing', async ({
    assert,
  }) => {
    const accounts = await seedAccounts({ creators: 3, platforms: ['bilibili', 'douyin'] })
    await seedAccounts({ contractStatus: 'terminated' })

    const command = await runAce(MetricsBackfill, ['--days=30', '--until=2026-02-10'])
    command.assertSucceeded()
    command.assertLogMatches(
      /Backfilled 2026-01-12 … 2026-02-10: 6 accounts × 30 days = 180 rows in .* rows\/s/
    )
    assert.equal(await rowCount('metric_snapshots'), 6 * 30)
    assert.equal(await rowCount('metric_daily_totals'), 2 * 30)

    const rows = await snapshotsOf(accounts[0].id)
    assert.lengthOf(rows, 30)
    assert.equal(rows[0].snapshot_date, '2026-01-12')
    assert.equal(rows[0].fans_diff, 0, 'no earlier snapshot')
    assert.equal(rows[0].source, 'simulated')
    assert.equal(rows[0].adapter, 'simulated')
    for (let index = 1; index < rows.length; index++) {
      assert.equal(rows[index].fans_diff, rows[index].fans - rows[index - 1].fans)
      assert.equal(rows[index].views_diff, rows[index].views - rows[index - 1].views)
    }
    // totals equal the sums of the day's snapshots
    const day = await db.from('metric_snapshots').where('snapshot_date', '2026-02-01')
    const [bili] = await totalsOf('2026-02-01')
    const biliRows = day.filter((row) => row.platform === 'bilibili')
    assert.equal(bili.accounts, 3)
    assert.equal(
      bili.fans,
      biliRows.reduce((sum, row) => sum + Number(row.fans), 0)
    )
    assert.equal(
      bili.views_diff,
      biliRows.reduce((sum, row) => sum + Number(row.views_diff), 0)
    )
    // the account's fans are those of its newest day
    const account = await CreatorPlatformAccount.findOrFail(accounts[0].id)
    assert.equal(account.fans, rows[29].fans)

    const withoutTime = (list: Record<string, unknown>[]) =>
      list.map(({ collected_at: _c, ...rest }) => rest)
    const snapshot = withoutTime(await db.from('metric_snapshots').orderBy('id'))
    const again = await runAce(MetricsBackfill, ['--days=30', '--until=2026-02-10'])
    again.assertSucceeded()
    assert.deepEqual(withoutTime(await db.from('metric_snapshots').orderBy('id')), snapshot)

    const run = await MetricCollectionRun.query().where('trigger', 'backfill').firstOrFail()
    assert.equal(run.status, 'finished')
    assert.equal(run.total, 6)

    const bad = await runAce(MetricsBackfill, ['--days=0'])
    bad.assertFailed()
  })

  test('a backfill joins an earlier day: the first day is diffed against it', async ({
    assert,
  }) => {
    const [account] = await seedAccounts()
    await MetricBackfillService.backfill({ days: 3, until: '2026-02-05' })
    await MetricBackfillService.backfill({ days: 3, until: '2026-02-08' })
    const rows = await snapshotsOf(account.id)
    assert.lengthOf(rows, 6)
    for (let index = 1; index < rows.length; index++) {
      assert.equal(rows[index].fans_diff, rows[index].fans - rows[index - 1].fans)
    }
  })

  test('the daily schedule, when due, runs the collection of yesterday', async ({ assert }) => {
    await seedAccounts({ creators: 2 })
    platforms.fake('bilibili', fakeAdapter({}))
    await QueueService.registerSchedules()
    await QueueSchedule.query()
      .where('key', 'metrics:collect:daily')
      .update({ next_run_at: DateTime.utc().minus({ minutes: 1 }).toFormat('yyyy-MM-dd HH:mm:ss') })
    await (QueueService.driver as InProcessDriver).drain()

    const run = await MetricCollectionRun.firstOrFail()
    assert.equal(run.trigger, 'schedule')
    assert.equal(run.snapshotDate, yesterday())
    assert.equal(run.status, 'finished')
    assert.equal(run.succeeded, 2)
    const schedule = await QueueSchedule.findByOrFail('key', 'metrics:collect:daily')
    assert.isAbove(schedule.nextRunAt.toMillis(), DateTime.utc().toMillis())
  }).skip(ON_REDIS, 'the in-process driver fires due schedules; BullMQ has its own scheduler')

  test('the demo seeder backfills the demo creators once and leaves a few accounts failed', async ({
    assert,
  }) => {
    await DemoSeeder.seed()
    await DemoCreatorsSeeder.seed()
    const [other] = await seedAccounts()
    const written = await DemoMetricsSeeder.seed(20)

    const accounts = await MetricCollectionService.accountsQuery({}).count('* as total').first()
    const active = Number(accounts?.total ?? 0) - 1 // the non-demo account
    assert.equal(written, active * 20)
    const failed = await CreatorPlatformAccount.query().where('collect_status', 1)
    assert.isAtLeast(failed.length, 3)
    assert.isAtMost(failed.length, 6)
    assert.equal(await rowCount('metric_snapshots'), active * 20)
    assert.equal(
      await rowCount('metric_snapshots', { account_id: other.id }),
      0,
      'demo creators only'
    )
    for (const account of failed) {
      assert.isNotNull(account.collectError)
      const rows = await snapshotsOf(account.id)
      assert.lengthOf(rows, 20)
      const [dayBefore, failedDay] = rows.slice(-2)
      assert.equal(failedDay.source, 'carried', 'the failed day carries the values before it')
      assert.equal(failedDay.fans, dayBefore.fans)
      assert.equal(failedDay.fans_diff, 0)
    }
    assert.equal(await DemoMetricsSeeder.seed(20), 0, 'runs once')
  })
})
