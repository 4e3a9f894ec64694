import { test } from '@japa/runner'
import { setupStaffGroup } from '#tests/helpers/functional'
import { assertClientError, errorsOf } from '#tests/helpers/requests'
import { seedDashboardDataset } from '#tests/helpers/metrics'

const RANGE_MESSAGE = /^The date range is not valid/

test.group('dashboard / bad input', (group) => {
  const given = setupStaffGroup(group, seedDashboardDataset)

  test('each bad parameter is a 422 naming it', async ({ client, assert }) => {
    const cases: [string, Record<string, unknown>, string, string | RegExp][] = [
      [
        '/api/mcn_dashboard',
        { start: '2025-02-30' },
        'start:date',
        'The start date field must be a date',
      ],
      [
        '/api/mcn_dashboard',
        { end: '10/03/2025' },
        'end:date',
        'The end date field must be a date',
      ],
      [
        '/api/dashboard/total',
        { start: 'yesterday' },
        'start:date',
        'The start date field must be a date',
      ],
      [
        '/api/dashboard/chart/weekly',
        { end: '1999-12-31' },
        'end:date',
        'The end date field must be a date',
      ],
      [
        '/api/dashboard/list',
        { sort: 'likes' },
        'sort:enum',
        'The sort field must be one of the listed values',
      ],
      [
        '/api/dashboard/list',
        { order: 'up' },
        'order:enum',
        'The order field must be one of the listed values',
      ],
      [
        '/api/dashboard/list',
        { platform: 'myspace' },
        'platform:enum',
        'The platform field must be one of the listed values',
      ],
      [
        '/api/mcn_dashboard',
        { platform: 'tiktok' },
        'platform:enum',
        'The platform field must be one of the listed values',
      ],
      ['/api/dashboard/list', { limit: 101 }, 'limit:max', 'The limit field must be at most 100'],
      ['/api/dashboard/list', { limit: 0 }, 'limit:min', 'The limit field must be at least 1'],
      ['/api/dashboard/list', { offset: -1 }, 'offset:min', 'The offset field must be at least 0'],
      [
        '/api/dashboard/list',
        { offset: 1.5 },
        'offset:withoutDecimals',
        'The offset field must be a whole number',
      ],
      [
        '/api/dashboard/ranking/month',
        { period: 'year' },
        'period:enum',
        'The period field must be one of the listed values',
      ],
      [
        '/api/dashboard/ranking/month',
        { sort: 'ad_price' },
        'sort:enum',
        'The sort field must be one of the listed values',
      ],
      [
        '/api/dashboard/ranking/month',
        { date: '2025-13-01' },
        'date:date',
        'The date field must be a date',
      ],
      [
        '/api/dashboard/ranking/month',
        { limit: 500 },
        'limit:max',
        'The limit field must be at most 100',
      ],
      [
        '/api/dashboard/download',
        { start: 'x' },
        'start:date',
        'The start date field must be a date',
      ],
    ]
    for (const [url, qs, error, message] of cases) {
      const response = await client.get(url).qs(qs).loginAs(given.staff)
      const where = `${url} ${JSON.stringify(qs)}`
      assert.equal(response.status(), 422, where)
      assert.include(errorsOf(response), error, where)
      assert.equal(response.body().message, message, where)
    }
  })

  test('a start after the end or a range over 1100 days is a 422 too', async ({
    client,
    assert,
  }) => {
    const cases: [string, Record<string, unknown>][] = [
      ['/api/mcn_dashboard', { start: '2025-03-10', end: '2025-03-01' }],
      ['/api/dashboard/list', { start: '2025-03-10', end: '2025-03-09' }],
      ['/api/dashboard/total', { start: '2020-01-01', end: '2025-03-10' }],
      ['/api/dashboard/chart/weekly', { start: '2020-01-01', end: '2025-03-10' }],
      ['/api/dashboard/download', { start: '2025-03-10', end: '2025-03-01' }],
      // no end: the newest day (10 March) is the end
      ['/api/dashboard/list', { start: '2025-03-11' }],
    ]
    for (const [url, qs] of cases) {
      const response = await client.get(url).qs(qs).loginAs(given.staff)
      const where = `${url} ${JSON.stringify(qs)}`
      assert.equal(response.status(), 422, where)
      assert.match(response.body().message, RANGE_MESSAGE, where)
    }
    // exactly 1100 days is allowed
    const longest = await client
      .get('/api/dashboard/chart/weekly')
      .qs({ start: '2022-03-07', end: '2025-03-10' })
      .loginAs(given.staff)
    longest.assertStatus(200)
    assert.lengthOf(longest.body().data.series, 1100)
  })

  test('messages are in the caller’s language', async ({ client, assert }) => {
    const korean = await client
      .get('/api/dashboard/list')
      .header('lang', 'kr')
      .qs({ start: '2025-02-30', limit: 1000 })
      .loginAs(given.staff)
    korean.assertStatus(422)
    assert.equal(korean.body().message, '시작일은(는) 날짜여야 합니다')

    const chinese = await client
      .get('/api/mcn_dashboard')
      .header('lang', 'ch')
      .qs({ start: '2025-03-10', end: '2025-03-01' })
      .loginAs(given.staff)
    chinese.assertStatus(422)
    assert.notMatch(chinese.body().message, RANGE_MESSAGE)
    assert.isNotEmpty(chinese.body().message)

    const japanese = await client
      .get('/api/dashboard/list')
      .header('lang', 'jp')
      .qs({ limit: 101 })
      .loginAs(given.staff)
    japanese.assertStatus(422)
    assert.equal(japanese.body().message, '件数は100以下である必要があります')
  })

  test('garbage never gives a 5xx', async ({ client, assert }) => {
    const queries = [
      'start[]=2025-03-01&start[]=2025-03-02',
      'end[a]=1',
      'start=0000-00-00',
      'start=-000001-01-01',
      'start=2025-03-01T00:00:00Z',
      `start=${'9'.repeat(5000)}`,
      'limit=abc',
      'limit=1e400',
      'limit=NaN',
      'offset=99999999999999999999',
      'offset[]=1',
      'sort[]=views',
      'order=ASC;drop table creators',
      'platform=%00',
      'platform[]=youtube',
      'period=',
      'date=2025-02-29',
      'date=%27%20or%201%3D1',
      'start=2025-03-01&start=2025-03-02',
    ]
    const urls = [
      '/api/mcn_dashboard',
      '/api/dashboard/list',
      '/api/dashboard/total',
      '/api/dashboard/chart/weekly',
      '/api/dashboard/ranking/month',
      '/api/dashboard/download',
    ]
    for (const url of urls) {
      for (const query of queries) {
        const response = await client.get(`${url}?${query}`).loginAs(given.staff)
        if (response.status() === 200) continue
        assertClientError(response, assert, `${url}?${query.slice(0, 60)}`)
      }
    }
    // empty parameters mean "not given"
    const blank = await client
      .get('/api/dashboard/list?start=&end=&platform=&sort=')
      .loginAs(given.staff)
    blank.assertStatus(200)
    assert.equal(blank.body().data.range.end, '2025-03-10')
  })
})
