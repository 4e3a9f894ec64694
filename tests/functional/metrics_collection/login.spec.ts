import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import platforms from '#platforms/main'
import { PlatformError } from '#platforms/types'
import Alert from '#models/alert'
import CreatorPlatformAccount from '#models/creator_platform_account'
import Creator from '#models/creator'
import { UserFactory } from '#database/factories/user_factory'
import AlertScanService from '#services/alerts/alert_scan_service'
import MetricCollectionService, { yesterday } from '#services/metrics/collection_service'
import { accountState } from '#services/platform_accounts/account_state'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { fakeAdapter, seedAccounts } from '#tests/helpers/collection'

const refused = (platform: string) =>
  new PlatformError(platform, 'auth', `${platform} answered -101 (not signed in)`, {
    retryable: false,
    upstreamCode: -101,
  })

test.group('metrics / a refused login', (group) => {
  setupFunctionalGroup(group)
  group.each.teardown(() => platforms.restore())

  test('marks the cookie or token cannot access and raises the expiry alert, not a failed collection', async ({
    assert,
  }) => {
    await UserFactory.merge({ role: 'admin' }).create()
    const date = yesterday()
    const accounts = await seedAccounts({
      creators: 1,
      platforms: ['bilibili', 'douyin', 'youtube'],
    })
    const [bili, douyin, youtube] = accounts
    let refusing = true
    const refuse = (platform: string) =>
      fakeAdapter({ fail: () => (refusing ? refused(platform) : null) })
    platforms.fake('bilibili', refuse('bilibili'))
    platforms.fake('douyin', refuse('douyin'))
    platforms.fake('youtube', refuse('youtube'))

    const run = await MetricCollectionService.collect({ date, trigger: 'schedule' })
    assert.equal(run.failed, 3)
    assert.equal(run.deferred, 0, 'a refused login is not a rate limit')

    // Bilibili signs in with the cookie, Douyin with the token
    const biliRow = await CreatorPlatformAccount.findOrFail(bili.id)
    assert.equal(biliRow.cookieStatus, 1)
    assert.equal(biliRow.tokenStatus, 0)
    assert.equal(biliRow.collectStatus, 1)
    assert.match(
      biliRow.collectError!,
      /^cookie_expired: The stored bilibili login \(cookie\) has expired or was signed out: enter a new cookie\. bilibili answered -101/
    )
    const douyinRow = await CreatorPlatformAccount.findOrFail(douyin.id)
    assert.equal(douyinRow.tokenStatus, 1)
    assert.equal(douyinRow.cookieStatus, 0)
    assert.match(douyinRow.collectError!, /^token_expired: The stored douyin login \(token\)/)
    // YouTube is read with the studio's API key: the account's token is not to blame
    const youtubeRow = await CreatorPlatformAccount.findOrFail(youtube.id)
    assert.equal(youtubeRow.tokenStatus, 0)
    assert.match(youtubeRow.collectError!, /^auth: /)
    assert.deepEqual(
      run.failures!.map((failure) => [failure.platform, failure.code]),
      [
        ['bilibili', 'cookie_expired'],
        ['douyin', 'token_expired'],
        ['youtube', 'auth'],
      ]
    )
    assert.isTrue(accountState(biliRow).failing)
    const creator = await Creator.findOrFail(bili.creator_id)
    assert.isTrue(Boolean(creator.failing))

    // the scan: expiry alerts for the logins, a failed collection only for YouTube
    await AlertScanService.scan({ day: date })
    const alerts = await Alert.query().whereNot('status', 'resolved').orderBy('kind')
    assert.sameDeepMembers(
      alerts.map((alert) => [alert.kind, alert.accountId, alert.severity]),
      [
        ['cookie_expired', bili.id, 'critical'],
        ['token_expired', douyin.id, 'critical'],
        ['collection_failed', youtube.id, 'warning'],
      ]
    )
    const cookieAlert = alerts.find((alert) => alert.kind === 'cookie_expired')!
    assert.equal(cookieAlert.figures.error_code, 'cookie_expired')
    const kinds = await db.from('notifications').distinct('kind').orderBy('kind')
    assert.includeMembers(
      kinds.map((row) => row.kind),
      ['cookie_expired', 'token_expired']
    )

    // a later collection that works again puts the statuses back; the scan resolves the alerts
    refusing = false
    const again = await MetricCollectionService.collect({ date, trigger: 'manual' })
    assert.equal(again.succeeded, 3)
    await biliRow.refresh()
    await douyinRow.refresh()
    assert.equal(biliRow.cookieStatus, 0)
    assert.equal(biliRow.collectStatus, 0)
    assert.equal(douyinRow.tokenStatus, 0)
    await creator.refresh()
    assert.isFalse(Boolean(creator.failing))
    await AlertScanService.scan({ day: date })
    assert.lengthOf(await Alert.query().whereNot('status', 'resolved'), 0)
  })

  test('a new cookie saved in the form clears the expiry alert at the next scan', async ({
    assert,
  }) => {
    const date = yesterday()
    const [bili] = await seedAccounts({ creators: 1 })
    platforms.fake('bilibili', fakeAdapter({ fail: () => refused('bilibili') }))
    await MetricCollectionService.collect({ date, trigger: 'schedule' })
    await AlertScanService.scan({ day: date })
    assert.lengthOf(await Alert.query().where('kind', 'cookie_expired').where('status', 'open'), 1)

    // what the creator form's save does with a new cookie (PlatformAccountService)
    const account = await CreatorPlatformAccount.findOrFail(bili.id)
    const { default: PlatformAccountService } =
      await import('#services/platform_accounts/platform_account_service')
    PlatformAccountService.apply(account, {
      cookie: JSON.stringify({ SESSDATA: 'fresh-session', bili_jct: 'x', DedeUserID: '1' }),
    } as any)
    await account.save()
    assert.equal(account.cookieStatus, 0)

    await AlertScanService.scan({ day: date })
    assert.lengthOf(await Alert.query().where('kind', 'cookie_expired').where('status', 'open'), 0)
  })
})
