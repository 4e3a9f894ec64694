import { test } from '@japa/runner'
import { sqlDateTime } from '#support/sql'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import platforms from '#platforms/main'
import SimulatedAdapter, {
  SIMULATED_CAPTCHA_SHARE,
  SIMULATED_REFUSED_SHARE,
} from '#platforms/simulated'
import { PlatformError, type PlatformAccountRef, type PlatformAdapter } from '#platforms/types'
import CreatorPlatformAccount from '#models/creator_platform_account'
import Creator from '#models/creator'
import PlatformPause from '#models/platform_pause'
import { UserFactory } from '#database/factories/user_factory'
import { CreatorFactory } from '#database/factories/creator_factory'
import MetricCollectionService, { yesterday } from '#services/metrics/collection_service'
import LoginCheckService from '#services/platform_accounts/login_health/login_check_service'
import LoginHealthService from '#services/platform_accounts/login_health/login_health_service'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { fakeAdapter, seedAccounts } from '#tests/helpers/collection'

/*
| The account-health centre (issue 28 §3): the check of every stored login
| through the brake, what it records and marks, the collection skipping the
| refused logins, the groups of the list, and who may read and check.
*/

type Answer = 'works' | PlatformError | Error
const SECRET = 'tok_SECRET_abcdefghijkl'

/** An adapter whose checkLogin answers `answer(ref)`; counts checks and collections. */
function checking(answer: (ref: PlatformAccountRef) => Answer) {
  const checks: PlatformAccountRef[] = []
  const adapter: PlatformAdapter & { checks: PlatformAccountRef[]; calls: Map<number, number> } = {
    ...fakeAdapter({}),
    checks,
    async checkLogin(ref) {
      checks.push({ ...ref })
      const outcome = answer(ref)
      if (outcome !== 'works') throw outcome
    },
  }
  return adapter
}

const refused = (platform: string) =>
  new PlatformError(platform, 'auth', `${platform} refused the login`, { retryable: false })

async function accountRow(id: number) {
  return CreatorPlatformAccount.findOrFail(id)
}

/** One stored status of the account: its token's, or its last collection's. */
async function statusOf(id: number, which: 'tokenStatus' | 'collectStatus') {
  const row = await accountRow(id)
  return row[which]
}

/** The HTTP status a request answers. */
async function answered(request: PromiseLike<{ status(): number }>) {
  const response = await request
  return response.status()
}

test.group('login health / the check', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(() => {
    const retry = LoginCheckService.retry
    LoginCheckService.retry = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 }
    return () => {
      LoginCheckService.retry = retry
      platforms.restore()
    }
  })

  test('records each result; a refused login cannot access, a captcha too, a network error tells nothing', async ({
    assert,
  }) => {
    const [bili, douyin, weibo, kwai, xigua] = await seedAccounts({
      platforms: ['bilibili', 'douyin', 'weibo', 'kwai', 'xigua'],
    })
    platforms.fake(
      'bilibili',
      checking(() => refused('bilibili'))
    )
    platforms.fake(
      'douyin',
      checking((ref) => new PlatformError('douyin', 'auth', `token ${ref.token} expired`))
    )
    platforms.fake(
      'weibo',
      checking(() => new PlatformError('weibo', 'captcha', 'verify'))
    )
    platforms.fake(
      'kwai',
      checking(() => new PlatformError('kwai', 'network', 'timed out'))
    )
    platforms.fake(
      'xigua',
      checking(() => 'works')
    )
    await CreatorPlatformAccount.query().where('id', douyin.id).update({ tokenStatus: 0 })
    const douyinAccount = await accountRow(douyin.id)
    douyinAccount.setToken(SECRET)
    await douyinAccount.save()

    const counts = await LoginCheckService.check()
    assert.deepEqual(counts, {
      total: 5,
      works: 1,
      refused: 2,
      captcha: 1,
      unknown: 1,
      deferred: 0,
    })

    const biliRow = await accountRow(bili.id)
    assert.equal(biliRow.cookieStatus, 1, 'Bilibili signs in with its cookie')
    assert.equal(biliRow.tokenStatus, 0)
    const douyinRow = await accountRow(douyin.id)
    assert.equal(douyinRow.tokenStatus, 1, 'Douyin with its token')
    assert.equal(douyinRow.cookieStatus, 0)
    assert.equal(await statusOf(weibo.id, 'tokenStatus'), 1)
    assert.equal(await statusOf(kwai.id, 'tokenStatus'), 0, 'a network error marks nothing')
    assert.equal(await statusOf(xigua.id, 'tokenStatus'), 0)

    const rows = await db
      .from('creator_platform_accounts')
      .whereIn('id', [bili.id, douyin.id, weibo.id, kwai.id, xigua.id])
      .orderBy('id')
      .select('id', 'login_check_result', 'login_check_error', 'login_checked_at')
    assert.deepEqual(
      rows.map((row) => row.login_check_result),
      ['refused', 'refused', 'captcha', 'unknown', 'works']
    )
    for (const row of rows) assert.isNotNull(row.login_checked_at)
    const douyinError = rows.find((row) => row.id === douyin.id)!.login_check_error
    assert.match(douyinError, /^auth: token •••• expired$/)
    assert.notInclude(JSON.stringify(rows), SECRET, 'the token is never stored in an error')
    assert.equal(rows.find((row) => row.id === kwai.id)!.login_check_error, 'network: timed out')
    const creator = await Creator.findOrFail(bili.creator_id)
    assert.isTrue(Boolean(creator.failing), 'a refused login makes its creator failing')
  })

  test('a working live login clears a cannot-access mark; the simulator proves nothing', async ({
    assert,
  }) => {
    const [bili, douyin] = await seedAccounts({ platforms: ['bilibili', 'douyin'] })
    await CreatorPlatformAccount.query().whereIn('id', [bili.id, douyin.id]).update({
      cookieStatus: 1,
      tokenStatus: 1,
    })
    platforms.fake(
      'bilibili',
      checking(() => 'works')
    )
    platforms.fake('douyin', new SimulatedAdapter({}))

    await LoginCheckService.check()
    const biliRow = await accountRow(bili.id)
    assert.equal(biliRow.cookieStatus, 0, 'the cookie it signed in with works again')
    assert.equal(biliRow.tokenStatus, 1, 'the token it did not use keeps its mark')
    assert.equal(await statusOf(douyin.id, 'tokenStatus'), 1)
  })

  test('an adapter without a check, an inactive account and a terminated creator', async ({
    assert,
  }) => {
    const [bili] = await seedAccounts({ platforms: ['bilibili'] })
    const [off] = await seedAccounts({ platforms: ['bilibili'], contractStatus: 'terminated' })
    const [inactive] = await seedAccounts({ platforms: ['bilibili'] })
    await CreatorPlatformAccount.query().where('id', inactive.id).update({ active: false })
    platforms.fake('bilibili', fakeAdapter({}))

    const counts = await LoginCheckService.check()
    assert.equal(counts.total, 1)
    assert.equal(counts.unknown, 1)
    const rows = await db
      .from('creator_platform_accounts')
      .whereIn('id', [bili.id, off.id, inactive.id])
      .orderBy('id')
      .select('login_check_result', 'login_check_error')
    assert.deepEqual(rows[0], {
      login_check_result: 'unknown',
      login_check_error: 'not_supported: this platform has no login check yet',
    })
    assert.isNull(rows[1].login_check_result)
    assert.isNull(rows[2].login_check_result)
  })

  test('a platform answering a used-up quota is paused once; its other logins are deferred, unrecorded', async ({
    assert,
  }) => {
    const accounts = await seedAccounts({ creators: 6, platforms: ['douyin', 'xigua'] })
    const douyin = checking(
      () => new PlatformError('douyin', 'quota_exceeded', 'daily quota', { retryable: false })
    )
    const xigua = checking(() => 'works')
    platforms.fake('douyin', douyin)
    platforms.fake('xigua', xigua)

    const counts = await LoginCheckService.check()
    assert.equal(counts.works, 6, 'the other platform finishes')
    assert.equal(counts.deferred, 6)
    assert.isAtMost(douyin.checks.length, LoginCheckService.concurrency)
    const pause = await PlatformPause.findByOrFail('platform', 'douyin')
    assert.equal(pause.code, 'quota_exceeded')
    const douyinIds = accounts.filter((a) => a.platform === 'douyin').map((a) => a.id)
    const recorded = await db
      .from('creator_platform_accounts')
      .whereIn('id', douyinIds)
      .whereNotNull('login_check_result')
    assert.lengthOf(recorded, 0)
  })

  test('the simulator: a connected login works but for a small stable share', async ({
    assert,
  }) => {
    const adapter = new SimulatedAdapter({})
    const outcomes: string[] = []
    for (let id = 1; id <= 2000; id++) {
      const ref = { id, creatorId: 1, platform: 'douyin' as const, uid: 'u', connected: true }
      outcomes.push(
        await adapter.checkLogin(ref).then(
          () => 'works',
          (error: PlatformError) => error.code
        )
      )
    }
    const share = (code: string) => outcomes.filter((outcome) => outcome === code).length / 2000
    assert.closeTo(share('auth'), SIMULATED_REFUSED_SHARE, 0.02)
    assert.closeTo(share('captcha'), SIMULATED_CAPTCHA_SHARE, 0.01)
    assert.closeTo(share('works'), 1 - SIMULATED_REFUSED_SHARE - SIMULATED_CAPTCHA_SHARE, 0.02)
    const again = await adapter
      .checkLogin({ id: 7, creatorId: 1, platform: 'douyin', uid: 'u', connected: true })
      .then(
        () => 'works',
        (error: PlatformError) => error.code
      )
    assert.equal(again, outcomes[6], 'the same account answers the same')
    const unconnected = { id: 7, creatorId: 1, platform: 'douyin' as const, uid: 'u' }
    await assert.rejects(() => adapter.checkLogin({ ...unconnected, connected: false }))
  })
})

test.group('login health / the collection', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(() => {
    const retry = LoginCheckService.retry
    LoginCheckService.retry = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 }
    return () => {
      LoginCheckService.retry = retry
      platforms.restore()
    }
  })

  test('skips the logins the check refused as not connected, until a new login is saved', async ({
    assert,
  }) => {
    await UserFactory.merge({ role: 'admin' }).create()
    const date = yesterday()
    const [douyin, xigua] = await seedAccounts({ platforms: ['douyin', 'xigua'] })
    const douyinAdapter = checking(() => refused('douyin'))
    platforms.fake('douyin', douyinAdapter)
    platforms.fake(
      'xigua',
      checking(() => 'works')
    )
    await LoginCheckService.check()

    const run = await MetricCollectionService.collect({ date, trigger: 'schedule' })
    assert.equal(run.succeeded, 1)
    assert.equal(run.skipped, 1)
    assert.equal(run.failed, 0)
    assert.isUndefined(douyinAdapter.calls.get(douyin.id), 'no request spent on it')
    const skippedRow = await accountRow(douyin.id)
    assert.equal(skippedRow.collectStatus, 0, 'skipped, not failed')
    assert.equal(await statusOf(xigua.id, 'collectStatus'), 0)

    // a new token (the form sets its status back to connected): collected again
    skippedRow.setToken('tok_new_token_value_123456')
    skippedRow.tokenStatus = 0
    skippedRow.tokenConnectedAt = DateTime.utc()
    await skippedRow.save()
    const second = await MetricCollectionService.collect({ date, trigger: 'manual' })
    assert.equal(second.succeeded, 2)
    assert.equal(douyinAdapter.calls.get(douyin.id), 1)
  })
})

test.group('login health / the list', (group) => {
  setupFunctionalGroup(group)
  group.each.teardown(() => platforms.restore())

  /** One creator (with a staff member in charge) and an account per case. */
  async function seedCases() {
    const uploader = await UserFactory.merge({ name: 'Mina Park' }).create()
    const now = DateTime.utc()
    const cookieUntil = (days: number) =>
      JSON.stringify([
        {
          name: 'SESSDATA',
          value: 'abcdef123456',
          domain: '.bilibili.com',
          expirationDate: now.plus({ days }).toSeconds(),
        },
        { name: 'bili_jct', value: 'x1', domain: '.bilibili.com' },
      ])
    const creator = await CreatorFactory.merge({ uploaderId: uploader.id, channelName: 'Hana' })
      .with('accounts', 1, (a) =>
        a.merge({ platform: 'douyin', tokenExpiresAt: now.plus({ days: 3 }) })
      )
      .with('accounts', 1, (a) => a.merge({ platform: 'bilibili', cookieEncrypted: undefined }))
      .with('accounts', 1, (a) => a.merge({ platform: 'xigua', tokenStatus: 1 }))
      .with('accounts', 1, (a) => a.merge({ platform: 'weibo' }))
      .with('accounts', 1, (a) => a.merge({ platform: 'kwai' }))
      .with('accounts', 1, (a) => a.merge({ platform: 'youtube' }))
      .with('accounts', 1, (a) => a.apply('unconnected').merge({ platform: 'haokan' }))
      .create()
    const byPlatform = Object.fromEntries(creator.accounts.map((a) => [a.platform, a]))
    byPlatform.bilibili.setCookie(cookieUntil(2))
    await byPlatform.bilibili.save()
    // weibo: checked after it was entered, works; kwai: checked before its token was connected
    await db
      .from('creator_platform_accounts')
      .where('id', byPlatform.weibo.id)
      .update({ login_checked_at: sqlDateTime(now), login_check_result: 'works' })
    await db
      .from('creator_platform_accounts')
      .where('id', byPlatform.kwai.id)
      .update({
        login_checked_at: sqlDateTime(now.minus({ days: 30 })),
        login_check_result: 'works',
      })
    return { creator, uploader, byPlatform }
  }

  test('groups: refused, lapsing (token and cookie expiry), works, unchecked; the fixing action and who is in charge', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.apply('staff').create()
    const { byPlatform, uploader } = await seedCases()

    const response = await client.get('/api/login_health').qs({ _end: 50 }).loginAs(staff)
    response.assertStatus(200)
    assert.equal(
      response.header('x-total-count'),
      '5',
      'YouTube and an unconnected one are left out'
    )
    const rows = response.body() as any[]
    const of = (platform: string) => rows.find((row) => row.platform === platform)
    assert.deepEqual(
      rows.map((row) => [row.platform, row.group]),
      [
        ['xigua', 'refused'],
        ['bilibili', 'lapsing'],
        ['douyin', 'lapsing'],
        ['weibo', 'works'],
        ['kwai', 'unchecked'],
      ]
    )
    assert.equal(of('douyin').action, 'reconnect')
    assert.equal(of('bilibili').action, 'new_cookie')
    assert.equal(of('bilibili').login, 'cookie')
    assert.closeTo(Date.parse(of('bilibili').expires_at) - Date.now(), 2 * 86_400_000, 60_000)
    assert.deepEqual(of('douyin').in_charge, { id: uploader.id, name: 'Mina Park' })
    assert.equal(of('douyin').creator.name, 'Hana')
    assert.equal(of('weibo').result, 'works')
    assert.isNull(of('kwai').result, 'a check older than the login says nothing')
    const body = JSON.stringify(rows)
    for (const secret of ['tok_', 'SESSDATA', 'abcdef123456']) assert.notInclude(body, secret)
    assert.equal(of('douyin').id, byPlatform.douyin.id)

    const lapsing = await client.get('/api/login_health').qs({ group: 'lapsing' }).loginAs(staff)
    assert.deepEqual(
      (lapsing.body() as any[]).map((row) => row.platform),
      ['bilibili', 'douyin']
    )
    const bili = await client.get('/api/login_health').qs({ platform: 'bilibili' }).loginAs(staff)
    assert.lengthOf(bili.body(), 1)

    const summary = await client.get('/api/login_health/summary').loginAs(staff)
    summary.assertStatus(200)
    assert.deepEqual(summary.body().data.totals, { refused: 1, lapsing: 2, works: 1, unchecked: 1 })
    assert.deepEqual(summary.body().data.platforms.douyin, {
      refused: 0,
      lapsing: 1,
      works: 0,
      unchecked: 0,
    })
    assert.isNotNull(summary.body().data.last_checked_at)
  })

  test('a refused check is listed refused until a new cookie is entered', async ({ assert }) => {
    const [bili] = await seedAccounts({ platforms: ['bilibili'] })
    platforms.fake(
      'bilibili',
      checking(() => refused('bilibili'))
    )
    await LoginCheckService.check()
    const [entry] = await LoginHealthService.entries({})
    assert.equal(entry.group, 'refused')
    assert.equal(entry.result, 'refused')

    const account = await accountRow(bili.id)
    account.setCookie(JSON.stringify({ SESSDATA: 'fresh-cookie-value' }))
    account.cookieStatus = 0
    account.cookieEnteredAt = DateTime.utc().plus({ seconds: 1 })
    await account.save()
    const [after] = await LoginHealthService.entries({})
    assert.equal(after.group, 'unchecked')
  })

  test('who may read and check; a user sees only the creators they may see', async ({
    client,
    assert,
  }) => {
    const { creator } = await seedCases()
    const finance = await UserFactory.merge({ role: 'finance' }).create()
    const creatorUser = await UserFactory.apply('creator').create()
    const company = await UserFactory.apply('company').create()
    const manager = await UserFactory.apply('manager').create()

    for (const user of [creatorUser, company]) {
      assert.equal(await answered(client.get('/api/login_health').loginAs(user)), 403)
      assert.equal(await answered(client.get('/api/login_health/summary').loginAs(user)), 403)
      assert.equal(
        await answered(client.post('/api/login_health/check').json({}).loginAs(user)),
        403
      )
    }
    assert.equal(await answered(client.get('/api/login_health').loginAs(finance)), 200)
    assert.equal(
      await answered(client.post('/api/login_health/check').json({}).loginAs(finance)),
      403
    )

    // a creator's own view (the scope the policy keeps creators from) holds only its accounts
    await Creator.query().where('id', creator.id).update({ userId: creatorUser.id })
    const other = await CreatorFactory.with('accounts', 1, (a) =>
      a.merge({ platform: 'douyin' })
    ).create()
    const own = await LoginHealthService.entries({ user: creatorUser })
    assert.sameMembers([...new Set(own.map((entry) => entry.creator.id))], [creator.id])
    const all = await LoginHealthService.entries({ user: manager })
    assert.includeMembers(
      all.map((entry) => entry.creator.id),
      [creator.id, other.id]
    )

    const weiboId = creator.accounts.find((a) => a.platform === 'weibo')!.id
    platforms.fake(
      'weibo',
      checking(() => 'works')
    )
    const check = await client
      .post('/api/login_health/check')
      .json({ account_ids: [weiboId] })
      .loginAs(manager)
    check.assertStatus(200)
    assert.deepEqual(check.body().data, {
      total: 1,
      works: 1,
      refused: 0,
      captcha: 0,
      unknown: 0,
      deferred: 0,
    })
    const tooMany = await client
      .post('/api/login_health/check')
      .json({ account_ids: Array.from({ length: 26 }, (_, i) => i + 1) })
      .loginAs(manager)
    tooMany.assertStatus(422)
    const bad = await client.get('/api/login_health').qs({ group: 'nope' }).loginAs(manager)
    bad.assertStatus(422)
  })
})
