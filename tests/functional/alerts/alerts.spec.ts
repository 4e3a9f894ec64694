import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Alert from '#models/alert'
import Notification from '#models/notification'
import { UserFactory } from '#database/factories/user_factory'
import { AlertFactory } from '#database/factories/alert_factory'
import AlertScanService from '#services/alerts/alert_scan_service'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { expectStatus } from '#tests/helpers/requests'
import {
  creatorWithAccount,
  daily,
  followerSpike,
  insertSnapshots,
  march,
  snapshotRows,
} from '#tests/helpers/metrics'

const NOW = DateTime.fromISO('2025-03-11T05:00:00Z')

function creatorWith(platform: 'bilibili' | 'xigua' | 'douyin', account = {}) {
  return creatorWithAccount(platform, account, { channelName: `Chan ${platform}` })
}

test.group('alerts / the scan', (group) => {
  setupFunctionalGroup(group)

  test('growth rules, with the arithmetic written out', async ({ assert }) => {
    // Account S (spike): +20/day on 1–9 March → average of 3–9 March = 20;
    //   10 March: +600 → 600 ≥ 25 × 20 = 500 and ≥ minGain 500 → follower_spike (ratio 30).
    //   Fans before = 10,000 + 180 = 10,180; 600 is 5.9% of it (< 20%) → no surge.
    // Account U (surge): fans 1,000 flat; 10 March +800 → 800 > 20% × 1,000 = 200 → follower_surge;
    //   the previous week's average is 0 → no spike (needs a positive average).
    // Account L (loss): 200,000 flat then −6,000 on 10 March → −6,000 ≤ −5,000 → follower_loss.
    // Account Q (quiet): +30 a day then +400 → 400 < minGain 500 → nothing.
    const spike = await creatorWith('bilibili')
    const surge = await creatorWith('xigua')
    const loss = await creatorWith('douyin')
    const quiet = await creatorWith('bilibili')
    await insertSnapshots([
      ...snapshotRows(spike.account, followerSpike()),
      ...snapshotRows(
        surge.account,
        daily(1, 10, (d) => ({ fans: d < 10 ? 1_000 : 1_800 }))
      ),
      ...snapshotRows(
        loss.account,
        daily(1, 10, (d) => ({ fans: d < 10 ? 200_000 : 194_000 }))
      ),
      ...snapshotRows(
        quiet.account,
        daily(1, 10, (d) => ({ fans: d < 10 ? 5_000 + 30 * d : 5_270 + 400 }))
      ),
    ])

    const result = await AlertScanService.scan({ day: march(10), now: NOW })
    const alerts = await Alert.query()
      .whereIn('kind', ['follower_spike', 'follower_surge', 'follower_loss'])
      .orderBy('kind')
    assert.deepEqual(
      alerts.map((alert) => [alert.kind, alert.creatorId, alert.day]),
      [
        ['follower_loss', loss.creator.id, march(10)],
        ['follower_spike', spike.creator.id, march(10)],
        ['follower_surge', surge.creator.id, march(10)],
      ]
    )
    const byKind = Object.fromEntries(alerts.map((alert) => [alert.kind, alert.figures]))
    assert.deepEqual(byKind.follower_spike, { change: 600, average: 20, ratio: 30, fans: 10_780 })
    assert.deepEqual(byKind.follower_surge, {
      change: 800,
      before: 1_000,
      share_pct: 80,
      fans: 1_800,
    })
    assert.deepEqual(byKind.follower_loss, { change: -6_000, fans: 194_000, before: 200_000 })
    assert.equal(result.created, 3)
  })

  test('a second scan changes nothing; thresholds follow the rules', async ({ client, assert }) => {
    const spike = await creatorWith('bilibili')
    await insertSnapshots(snapshotRows(spike.account, followerSpike()))
    await AlertScanService.scan({ day: march(10), now: NOW })
    const again = await AlertScanService.scan({ day: march(10), now: NOW })
    assert.include(again, { created: 0, updated: 1 })
    assert.lengthOf(await Alert.all(), 1)

    // A multiplier of 40 needs 40 × 20 = 800 > 600: no new spike on a fresh rule set.
    const admin = await UserFactory.apply('admin').create()
    const rules = await client.put('/api/alerts/rules').loginAs(admin).json({
      spikeMultiplier: 40,
      surgeSharePct: 20,
      minGain: 500,
      lossMin: 5000,
      tokenWarnDays: 7,
      cookieRecheckDays: 30,
    })
    rules.assertStatus(200)
    await Alert.query().delete()
    const strict = await AlertScanService.scan({ day: march(10), now: NOW })
    assert.equal(strict.created, 0)
  })

  test('tokens, cookies and failed collections; cleared states resolve themselves', async ({
    assert,
  }) => {
    // Xigua token connected 25 days before NOW expires in 5 days (30-day renewal) → within 7 → expiring.
    const xigua = await creatorWith('xigua', {
      tokenConnectedAt: NOW.minus({ days: 25 }),
      tokenExpiresAt: NOW.plus({ days: 5 }),
    })
    // Douyin token expired yesterday → token_expired, critical.
    const douyin = await creatorWith('douyin', { tokenExpiresAt: NOW.minus({ days: 1 }) })
    // A cookie checked 31 days ago → due for recheck (30 days).
    const cookie = await creatorWith('bilibili', {
      cookieCheckedAt: NOW.minus({ days: 31 }),
      cookieEnteredAt: NOW.minus({ days: 40 }),
    })
    // A failed collection.
    const failed = await creatorWith('bilibili', {
      cookieCheckedAt: NOW.minus({ days: 2 }),
      collectStatus: 1,
      collectError: 'auth: cookie rejected',
      collectFailedAt: NOW,
    })
    // Not yet: a token 10 days from expiry, a cookie checked 29 days ago.
    await creatorWith('xigua', { tokenExpiresAt: NOW.plus({ days: 10 }) })
    await creatorWith('bilibili', { cookieCheckedAt: NOW.minus({ days: 29 }) })

    await UserFactory.apply('manager').create()
    await AlertScanService.scan({ day: march(10), now: NOW })
    const alerts = await Alert.query().orderBy('kind')
    assert.deepEqual(
      alerts.map((alert) => [alert.kind, alert.creatorId, alert.severity]),
      [
        ['collection_failed', failed.creator.id, 'warning'],
        ['cookie_recheck', cookie.creator.id, 'info'],
        ['token_expired', douyin.creator.id, 'critical'],
        ['token_expiring', xigua.creator.id, 'warning'],
      ]
    )
    assert.equal(alerts.find((alert) => alert.kind === 'token_expiring')!.figures.days_left, 5)
    const notes = await Notification.query().orderBy('id')
    assert.sameMembers(
      notes.map((note) => note.kind),
      ['collection_failed', 'cookie_recheck', 'token_expired', 'token_expiring'],
      'an expired token is announced as expired, never as "expires in 0 days"'
    )

    // The cookie is rechecked and the collection works again: both resolve.
    await cookie.creator
      .related('accounts')
      .query()
      .update({ cookie_checked_at: NOW.toSQL({ includeOffset: false }) })
    await failed.creator.related('accounts').query().update({ collect_status: 0 })
    const result = await AlertScanService.scan({ day: march(10), now: NOW })
    assert.equal(result.resolved, 2)
    const resolved = await Alert.query().where('status', 'resolved').orderBy('kind')
    assert.deepEqual(
      resolved.map((alert) => alert.kind),
      ['collection_failed', 'cookie_recheck']
    )
    assert.lengthOf(await Notification.query(), 4, 'nothing is announced twice')
  })
})

test.group('alerts / the dashboard API', (group) => {
  setupFunctionalGroup(group)

  /** An open follower spike on a creator's bilibili account, as the scan would leave it. */
  async function oneAlert() {
    const { creator, account } = await creatorWith('bilibili')
    return AlertFactory.merge({
      creatorId: creator.id,
      accountId: account.id,
      day: march(10),
    }).create()
  }

  test('staff acknowledge and assign; the assignee hears of it; resolve hides it', async ({
    client,
    assert,
  }) => {
    const alert = await oneAlert()
    const staff = await UserFactory.create()
    const colleague = await UserFactory.create()
    const list = await client.get('/api/alerts').loginAs(staff)
    list.assertStatus(200)
    assert.equal(list.header('x-total-count'), '1')
    assert.equal(list.body()[0].kind, 'follower_spike')

    const ack = await client
      .post(`/api/alerts/${alert.id}/acknowledge`)
      .loginAs(staff)
      .json({ note: 'Viral shorts, expected' })
    ack.assertStatus(200)
    assert.include(ack.body().data, { status: 'acknowledged', note: 'Viral shorts, expected' })
    assert.equal(ack.body().data.acknowledged_by.id, staff.id)

    const assign = await client
      .post(`/api/alerts/${alert.id}/assign`)
      .loginAs(staff)
      .json({ user_id: colleague.id })
    assign.assertStatus(200)
    const notice = await Notification.query().where('user_id', colleague.id).firstOrFail()
    assert.equal(notice.kind, 'alert')
    const mine = await client.get('/api/alerts').qs({ assignee: 'me' }).loginAs(colleague)
    assert.lengthOf(mine.body(), 1)

    await expectStatus(
      client.post(`/api/alerts/${alert.id}/resolve`).loginAs(colleague).json({}),
      200
    )
    const active = await client.get('/api/alerts').loginAs(staff)
    assert.lengthOf(active.body(), 0)
    const resolved = await client.get('/api/alerts').qs({ status: 'resolved' }).loginAs(staff)
    assert.lengthOf(resolved.body(), 1)
    await expectStatus(
      client.post(`/api/alerts/${alert.id}/acknowledge`).loginAs(staff).json({}),
      409
    )
  })

  test('permissions per role and bad input', async ({ client }) => {
    const alert = await oneAlert()
    const creator = await UserFactory.apply('creator').create()
    const company = await UserFactory.apply('company').create()
    const staff = await UserFactory.create()
    const manager = await UserFactory.apply('manager').create()
    for (const outsider of [creator, company]) {
      await expectStatus(client.get('/api/alerts').loginAs(outsider), 403)
      await expectStatus(
        client.post(`/api/alerts/${alert.id}/acknowledge`).loginAs(outsider).json({}),
        403
      )
    }
    await expectStatus(client.post('/api/alerts/scan').loginAs(staff).json({}), 403)
    await expectStatus(client.post('/api/alerts/scan').loginAs(manager).json({}), 200)
    await expectStatus(client.put('/api/alerts/rules').loginAs(manager).json({}), 403)
    const admin = await UserFactory.apply('admin').create()
    await expectStatus(
      client.put('/api/alerts/rules').loginAs(admin).json({ spikeMultiplier: 1 }),
      422
    )
    await expectStatus(client.get('/api/alerts').qs({ kind: 'earthquake' }).loginAs(staff), 422)
    await expectStatus(
      client.post(`/api/alerts/${alert.id}/assign`).loginAs(staff).json({ user_id: creator.id }),
      422
    )
    await expectStatus(client.post('/api/alerts/999999/acknowledge').loginAs(staff).json({}), 404)
    await expectStatus(
      client.post('/api/alerts/bulk').loginAs(staff).json({ ids: [], action: 'acknowledge' }),
      422
    )
    await expectStatus(
      client.post('/api/alerts/scan').loginAs(manager).json({ day: '2025-02-30' }),
      422
    )
  })

  test('bulk acknowledge and the summary by kind', async ({ client, assert }) => {
    const alert = await oneAlert()
    const staff = await UserFactory.create()
    const bulk = await client
      .post('/api/alerts/bulk')
      .loginAs(staff)
      .json({ ids: [alert.id], action: 'acknowledge' })
    bulk.assertStatus(200)
    assert.equal(bulk.body().data.changed, 1)
    const summary = await client.get('/api/alerts/summary').loginAs(staff)
    assert.deepEqual(summary.body().data.kinds.follower_spike, { open: 0, acknowledged: 1 })
  })
})
