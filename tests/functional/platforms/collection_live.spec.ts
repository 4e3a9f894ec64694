import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import platforms from '#platforms/main'
import { closeSharedBrowserSession, sharedBrowserSession } from '#platforms/browser_session'
import CreatorPlatformAccount from '#models/creator_platform_account'
import MetricCollectionService from '#services/metrics/collection_service'
import PlatformBreaker from '#services/platform_breaker/platform_breaker'
import { settleWork } from '#support/after_commit_work'
import { ACCESS_STATUS, PLATFORMS, type PlatformKey } from '#shared/constants'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { ownSetup } from '#tests/helpers/processes'
import { seedAccounts, snapshotsOf, type SeededAccount } from '#tests/helpers/collection'
import { removeQueuedCollections } from '#tests/helpers/breaker'
import { loginOf, startFakes, useLiveAdapters, type Fakes } from '#tests/helpers/live_platforms'

/*
| The daily collection over a small agency with every platform on its live
| adapter (config/platforms.ts's live factories, their bases pointed at the
| local fakes through the env settings), against the same fake servers and
| pages and the same published bodies as the adapter tests: two creators
| with an account on each of the twelve platforms, a third whose Douyin
| token and Tencent cookie the platforms refuse. Kuaishou answers its
| published rate-limit body: the brake pauses it and defers its accounts
| while the other eleven finish. One Chromium (the shared session, two
| pages at a time) serves the five browser-session platforms.
*/

const DAY = '2026-12-06'
/** The second creator's platforms: open APIs whose fakes serve more than one channel. */
const SECOND: PlatformKey[] = ['bilibili', 'youtube', 'douyin', 'xigua', 'kwai']

async function storeLogin(account: SeededAccount, refused = false, second = false) {
  const login = loginOf(account.platform, refused, second)
  const row = await CreatorPlatformAccount.findOrFail(account.id)
  row.uid = login.uid
  row.setToken(login.token)
  row.setCookie(login.cookie)
  await row.save()
}

test.group('platforms / the daily collection with every platform live', (group) => {
  ownSetup(group)
  setupFunctionalGroup(group)
  let fakes: Fakes

  group.setup(async () => {
    fakes = await startFakes({ kwaiRateLimited: true })
    const concurrency = process.env.BROWSER_SESSION_CONCURRENCY
    process.env.BROWSER_SESSION_CONCURRENCY = '2'
    return async () => {
      await closeSharedBrowserSession()
      await fakes.close()
      if (concurrency === undefined) delete process.env.BROWSER_SESSION_CONCURRENCY
      else process.env.BROWSER_SESSION_CONCURRENCY = concurrency
    }
  })
  group.each.setup(() => {
    const retry = { ...MetricCollectionService.retry }
    MetricCollectionService.retry = { attempts: 2, baseDelayMs: 5, maxDelayMs: 20 }
    // every platform's live adapter, built by config/platforms.ts, its base pointed at the fakes
    const restoreEnv = useLiveAdapters(fakes)
    return async () => {
      MetricCollectionService.retry = retry
      platforms.restore()
      restoreEnv()
      await removeQueuedCollections()
      for (const key of PLATFORMS) await PlatformBreaker.reset(key)
    }
  })

  test('every account collected or honestly deferred; Kuaishou paused, the other eleven finish', async ({
    assert,
  }) => {
    const first = await seedAccounts({ platforms: [...PLATFORMS] })
    const second = await seedAccounts({ platforms: SECOND })
    const refused = await seedAccounts({ platforms: ['douyin', 'tencent'] })
    for (const account of first) await storeLogin(account)
    for (const account of second) await storeLogin(account, false, true)
    for (const account of refused) await storeLogin(account, true)
    const agency = [...first, ...second]

    const run = await MetricCollectionService.collect({ date: DAY, trigger: 'cli' })
    await settleWork()
    const session = sharedBrowserSession().stats()

    const kwaiAccounts = agency.filter((account) => account.platform === 'kwai')
    assert.equal(run.status, 'finished')
    assert.equal(run.total, agency.length + refused.length)
    assert.deepEqual(
      [run.succeeded, run.failed, run.skipped, run.deferred],
      [agency.length - kwaiAccounts.length, refused.length, 0, kwaiAccounts.length],
      JSON.stringify(run.failures)
    )
    // the brake: Kuaishou paused after its retries, its second account never asked
    assert.deepEqual(
      (run.paused ?? []).map((pause) => [pause.platform, pause.code]),
      [['kwai', 'rate_limited']]
    )
    assert.equal(fakes.kwaiCalls(), MetricCollectionService.retry.attempts)

    // the refused logins: failed as such, their login marked cannot access
    assert.deepEqual(run.failures!.map((failure) => [failure.platform, failure.code]).sort(), [
      ['douyin', 'token_expired'],
      ['tencent', 'cookie_expired'],
    ])
    const [douyinRefused, tencentRefused] = await db
      .from('creator_platform_accounts')
      .whereIn(
        'id',
        refused.map((account) => account.id)
      )
      .orderBy('platform')
    assert.equal(Number(douyinRefused.token_status), ACCESS_STATUS.CANNOT_ACCESS)
    assert.equal(Number(tencentRefused.cookie_status), ACCESS_STATUS.CANNOT_ACCESS)

    for (const account of agency) {
      const snapshots = await snapshotsOf(account.id)
      const days = snapshots.map((row) => row.snapshot_date)
      const videos = await db.from('videos').where('account_id', account.id).count('* as total')
      const listed = Number(videos[0].total)
      if (account.platform === 'kwai') {
        assert.deepEqual([days, listed], [[], 0], 'deferred: nothing written')
      } else if (account.platform === 'xigua' || account.platform === 'iqiyi') {
        // no channel counters on these platforms: the videos are read, no channel snapshot
        assert.deepEqual(days, [], `${account.platform} has no channel snapshot`)
        assert.isAbove(listed, 0, `${account.platform} videos`)
      } else {
        assert.deepEqual(days, [DAY], `${account.platform} collected`)
        assert.isAbove(listed, 0, `${account.platform} videos`)
      }
    }
    const douyin = await snapshotsOf(agency.find((account) => account.platform === 'douyin')!.id)
    assert.equal(douyin[0].fans, 200, 'the published day entry’s total_fans')

    // one Chromium for the five browser-session platforms, at most two pages at a time
    assert.equal(session.launches, 1)
    assert.isAtMost(session.maxActive, 2)
    assert.isAbove(session.reads, 10)
  }).timeout(90_000)
})
