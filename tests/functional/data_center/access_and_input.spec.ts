import { test } from '@japa/runner'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { usersOfEveryRole } from '#tests/helpers/users'
import { assertClientError, NO_PERMISSION } from '#tests/helpers/requests'
import { seedDataCenter } from '#tests/helpers/data_center'

/** Every data center endpoint, with a valid query (`:id` → a creator id). */
const ENDPOINTS = [
  '/api/mcn_dashboard_panel',
  '/api/data-center',
  '/api/dashboard/category/platform',
  '/api/dashboard/fans',
  '/api/metrics/series',
  '/api/creator/chart/daily?id=:id',
  '/api/creator/chart/monthly?id=:id',
  '/api/creator/dashboard/detail?id=:id',
]

test.group('data center / access and bad input', (group) => {
  setupFunctionalGroup(group)

  test('no token → 401 on every endpoint', async ({ client, assert }) => {
    for (const endpoint of ENDPOINTS) {
      const response = await client.get(endpoint.replace(':id', '1'))
      response.assertStatus(401)
      assert.equal(response.body().status, 401, endpoint)
    }
  })

  test('staff, managers, admins and creator accounts 200; companies 403', async ({
    client,
    assert,
  }) => {
    const users = await usersOfEveryRole()
    const { d } = await seedDataCenter(users.creator)
    for (const endpoint of ENDPOINTS) {
      const url = endpoint.replace(':id', String(d.id))
      for (const role of ['admin', 'manager', 'staff', 'creator'] as const) {
        const response = await client.get(url).loginAs(users[role])
        assert.equal(response.status(), 200, `${role} ${url} ${response.text().slice(0, 200)}`)
        assert.equal(response.body().status, 0)
      }
      const company = await client.get(url).loginAs(users.company)
      company.assertStatus(403)
      assert.deepEqual(company.body(), { status: 403, message: NO_PERMISSION })
    }
  })

  test('unknown period, platform, metric, granularity and mode → 422', async ({
    client,
    assert,
  }) => {
    const { staff } = await usersOfEveryRole()
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/mcn_dashboard_panel', { period: '2w' }, 'The period must be 1w, 1m or 3m'],
      [
        '/api/dashboard/category/platform',
        { platform: 'myspace' },
        'The platform field must be one of the listed values',
      ],
      [
        '/api/dashboard/fans',
        { platform_id: 'myspace' },
        'The platform field must be one of the listed values',
      ],
      [
        '/api/metrics/series',
        { metrics: 'fans,smiles' },
        'The metrics field must be one of the listed values',
      ],
      [
        '/api/metrics/series',
        { granularity: 'year' },
        'The granularity must be day, week or month',
      ],
      ['/api/metrics/series', { mode: 'ratio' }, 'The mode must be value or diff'],
    ]
    for (const [url, qs, message] of cases) {
      const response = await client.get(url).qs(qs).loginAs(staff)
      response.assertStatus(422)
      assert.equal(response.body().message, message, `${url} ${JSON.stringify(qs)}`)
    }
  })

  test('more than 10 creators or 4 metrics → 422', async ({ client, assert }) => {
    const { staff } = await usersOfEveryRole()
    const creators = await client
      .get('/api/metrics/series')
      .qs({ creator_ids: '1,2,3,4,5,6,7,8,9,10,11' })
      .loginAs(staff)
    creators.assertStatus(422)
    assert.equal(creators.body().message, 'Choose at most 10 creators')

    const metrics = await client
      .get('/api/metrics/series')
      .qs({ metrics: 'fans,views,likes,comments,shares' })
      .loginAs(staff)
    metrics.assertStatus(422)
    assert.equal(metrics.body().message, 'Choose at most 4 metrics')

    const ids = await client.get('/api/metrics/series').qs({ creator_ids: '1,abc' }).loginAs(staff)
    ids.assertStatus(422)
    assert.equal(ids.body().message, 'The creators field must be a number')
  })

  test('bad dates → 422: not a date, not a real day, start after end, too long', async ({
    client,
    assert,
  }) => {
    const { staff } = await usersOfEveryRole()
    const cases: [string, Record<string, unknown>, string][] = [
      [
        '/api/metrics/series',
        { start: '2025-02-30' },
        'The start date must be a date written YYYY-MM-DD',
      ],
      [
        '/api/creator/chart/daily',
        { id: 1, end: '04/02/2025' },
        'The end date must be a date written YYYY-MM-DD',
      ],
      [
        '/api/mcn_dashboard_panel',
        { date: 'yesterday' },
        'The date must be a date written YYYY-MM-DD',
      ],
    ]
    for (const [url, qs, message] of cases) {
      const response = await client.get(url).qs(qs).loginAs(staff)
      response.assertStatus(422)
      assert.equal(response.body().message, message, url)
    }
    for (const qs of [
      { start: '2025-02-04', end: '2025-01-01' },
      { start: '2000-01-01', end: '2025-01-01' },
    ]) {
      const response = await client.get('/api/metrics/series').qs(qs).loginAs(staff)
      response.assertStatus(422)
      assert.match(response.body().message, /date range is not valid/)
    }
  })

  test('a bad creator id or month count → 422', async ({ client, assert }) => {
    const { staff } = await usersOfEveryRole()
    for (const [url, qs] of [
      ['/api/creator/chart/daily', {}],
      ['/api/creator/chart/daily', { id: 'abc' }],
      ['/api/creator/dashboard/detail', { id: -3 }],
      ['/api/creator/chart/monthly', { id: 1, months: 0 }],
      ['/api/creator/chart/monthly', { id: 1, months: 37 }],
      ['/api/creator/chart/monthly', { id: 1, months: 1.5 }],
    ] as [string, Record<string, unknown>][]) {
      const response = await client.get(url).qs(qs).loginAs(staff)
      response.assertStatus(422)
      assertClientError(response, assert, `${url} ${JSON.stringify(qs)}`)
    }
  })

  test('messages follow the language (lang header)', async ({ client, assert }) => {
    const { staff } = await usersOfEveryRole()
    const expected: Record<string, [string, string]> = {
      kr: ['크리에이터는 최대 10명까지 선택할 수 있습니다', '기간은 1w, 1m, 3m 중 하나여야 합니다'],
      ch: ['最多可选择 10 位创作者', '周期必须是 1w、1m 或 3m'],
      jp: ['クリエイターは最大 10 人まで選択できます', '期間は 1w、1m、3m のいずれかです'],
    }
    for (const [lang, [creators, period]] of Object.entries(expected)) {
      const tooMany = await client
        .get('/api/metrics/series')
        .qs({ creator_ids: '1,2,3,4,5,6,7,8,9,10,11' })
        .header('lang', lang)
        .loginAs(staff)
      tooMany.assertStatus(422)
      assert.equal(tooMany.body().message, creators)
      const badPeriod = await client
        .get('/api/data-center')
        .qs({ period: '5y' })
        .header('lang', lang)
        .loginAs(staff)
      assert.equal(badPeriod.body().message, period)
    }
    // a shared rule message with the field name from data_center.json
    const platform = await client
      .get('/api/dashboard/fans')
      .qs({ platform: 'myspace' })
      .header('lang', 'kr')
      .loginAs(staff)
    platform.assertStatus(422)
    assert.include(platform.body().message, '플랫폼')
  })

  test('garbage never gives a 5xx; empty optional parameters count as absent', async ({
    client,
    assert,
  }) => {
    const { staff } = await usersOfEveryRole()
    const garbage = [
      'period[]=1w&period[]=1m',
      'platform[x]=1',
      'date=2025-13-45',
      'date=99999-01-01',
      'start=0000-00-00',
      'creator_ids[a]=1',
      'creator_ids=99999999999999999999',
      'creator_ids=-1',
      'metrics[0][x]=fans',
      'metrics=',
      'granularity[]=day',
      'id=1e400',
      'id[]=1',
      'months=NaN',
      'platform_id=%00',
      `start=${'9'.repeat(5000)}`,
    ]
    for (const endpoint of ENDPOINTS) {
      for (const qs of garbage) {
        const base = endpoint.replace(':id', '1')
        const url = `${base}${base.includes('?') ? '&' : '?'}${qs}`
        const response = await client.get(url).loginAs(staff)
        assert.isBelow(response.status(), 500, `${url} ${response.text().slice(0, 200)}`)
        if (response.status() >= 400) assertClientError(response, assert, url)
      }
    }
    const blank = await client
      .get('/api/mcn_dashboard_panel?period=&platform=&date=')
      .loginAs(staff)
    blank.assertStatus(200)
    assert.equal(blank.body().data.period, '1w')
    assert.isNull(blank.body().data.platform)
  })
})
