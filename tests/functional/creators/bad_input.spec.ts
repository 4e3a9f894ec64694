import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { CreatorFactory } from '#database/factories/creator_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { SECURITY_CODE, userWithCode } from '#tests/helpers/users'
import { assertClientError } from '#tests/helpers/requests'
import { creatorPayload, setTerminationCode } from '#tests/helpers/creators'

/** Bodies no creator endpoint should ever answer with a 5xx. */
const GARBAGE: Record<string, unknown>[] = [
  { contractor_name: ['a'], channel_name: { x: 1 } },
  creatorPayload({ contractor_name: 'x'.repeat(200_000) }),
  creatorPayload({ contract_date: '2024-02-30', end_date: 12345 }),
  creatorPayload({ birth_date: '1990-01-01T00:00:00Z', end_date: 'soon' }),
  creatorPayload({ contract_date: 'garbage', end_date: '2024-01-01' }),
  creatorPayload({ min_monthly_videos: -1, ad_income_ratio: '1e400', other_income_ratio: 'NaN' }),
  creatorPayload({ min_monthly_videos: 1e308, fans: -1 }),
  creatorPayload({ kind: 'ZZ', category: 7, gender: ['f'], cp_team: { key: 'cp1' } }),
  creatorPayload({ contracted_platforms: { a: 1 }, video_exclusive_china: 'sometimes' }),
  creatorPayload({ contracted_platforms: 12 }),
  creatorPayload({ accounts: 'not a list' }),
  creatorPayload({ accounts: [1, 2, 3] }),
  creatorPayload({
    accounts: [{ platform: null }, { platform: 'bilibili', token_connected_at: 'yesterday' }],
  }),
  creatorPayload({ accounts: [{ platform: 'weibo', cookie: 'a=b', cookie_2: ['x'] }] }),
  creatorPayload({ ad_prices: { platform: 'bilibili' } }),
  creatorPayload({ ad_prices: [{ platform: 'bilibili', format: 'post', price: 'free' }] }),
  creatorPayload({ uploader_id: '1 or 1=1', phone: { $ne: null }, email: ['a@b.c'] }),
  creatorPayload({ uploader_id: 99999999999999999999 }),
  {
    security_code: { $ne: null },
    code: ['1'],
    level: 'L9',
    termination_code: 13572468.5,
    cancel_date: '2020-99-99',
  },
  { security_code: [SECURITY_CODE], cookie: 'SESSDATA=abc', token: { a: 1 } },
  { security_code: 'x'.repeat(100), token_connected_at: 99999999999999, fans: 'many' },
  { prices: 'none', password: 1, password_confirmation: 2, body: null, creator_id: 'x' },
  { id: 'abc', creator_id: -5, q: ['a'], current_password: ['x'], code_confirmation: {} },
]

const RAW_BODIES = ['[]', '"text"', '42', 'null', '{"contractor_name": ', '{bad json']

test.group('creators / bad input never gives a 5xx', (group) => {
  setupFunctionalGroup(group)

  test('garbage bodies on every creator write answer 4xx with a message', async ({
    client,
    assert,
  }) => {
    const admin = await userWithCode('admin')
    const creator = await CreatorFactory.create()
    await setTerminationCode()
    const endpoints: [string, string][] = [
      ['POST', '/api/creators'],
      ['PATCH', `/api/creators/${creator.id}`],
      ['DELETE', `/api/creators/${creator.id}`],
      ['POST', `/api/creators/${creator.id}/terminate`],
      ['POST', `/api/creators/${creator.id}/reveal`],
      ['PUT', `/api/creators/${creator.id}/accounts/bilibili`],
      ['PUT', `/api/creators/${creator.id}/accounts/weibo`],
      ['PUT', `/api/creators/${creator.id}/ad-prices`],
      ['PUT', `/api/creators/${creator.id}/baidu-token`],
      ['PUT', `/api/creators/${creator.id}/account-password`],
      ['POST', `/api/creators/${creator.id}/memos`],
      ['POST', '/api/user/favorites'],
      ['PUT', '/api/user/security-code'],
      ['PUT', '/api/settings/termination-code'],
      ['POST', '/api/creator/add'],
      ['POST', '/api/creator/update'],
      ['POST', '/api/creator/delete'],
      ['POST', '/api/creator/privacy/'],
      ['POST', '/api/creator/remark/add'],
      ['POST', '/api/creator/modifiy_baidu_token'],
    ]
    const failures: string[] = []
    for (const [method, url] of endpoints) {
      for (const body of GARBAGE) {
        const response = await client
          .request(url, method as any)
          .loginAs(admin)
          .json(body)
        if (response.status() < 400 || response.status() >= 500 || !response.body()?.message) {
          failures.push(
            `${method} ${url} ${JSON.stringify(body).slice(0, 80)} → ${response.status()} ${response.text().slice(0, 160)}`
          )
        }
      }
      for (const raw of RAW_BODIES) {
        const response = await client
          .request(url, method as any)
          .loginAs(admin)
          .unsafeJson(raw)
        if (response.status() < 400 || response.status() >= 500) {
          failures.push(
            `${method} ${url} ${raw} → ${response.status()} ${response.text().slice(0, 160)}`
          )
        }
      }
    }
    assert.deepEqual(failures, [])
    // nothing was created, changed or deleted by all that
    const rows = await db.from('creators')
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].contract_status, 'valid')
    assert.lengthOf(await db.from('creator_platform_accounts'), 0)
  })
    // 20 endpoints × every garbage body, one request after another: 3 s on SQLite, over 30 s on
    // MariaDB while other work loads the machine
    .timeout(180_000)

  test('garbage query strings on creator reads answer 200 or 422, never 5xx', async ({
    client,
    assert,
  }) => {
    const staff = await userWithCode('staff', null)
    const creator = await CreatorFactory.create()
    const garbage = [
      '_start=-1',
      '_end=abc',
      '_start=99999999999999999999&_end=1e400',
      '_sort=id;drop table creators&_order=up',
      'q[]=a&q[]=b',
      `q=${'%25'.repeat(50)}`,
      `q=${'x'.repeat(5000)}`,
      'kind[x]=1',
      'min_fans=1e400',
      'max_fans=-1',
      'token_status=NaN',
      'id=1 or 1=1',
      `id=${'1&id='.repeat(300)}1`,
      'favorite=maybe',
      'new[]=1',
      'creator_id=abc',
    ]
    const urls = [
      '/api/creators',
      '/api/creators/summary',
      '/api/creator/list',
      '/api/creator/search',
      '/api/creator/panel',
      '/api/creator/info',
      '/api/creator/remark/list',
      `/api/creators/${creator.id}/memos`,
      '/api/user/favorites',
    ]
    const failures: string[] = []
    for (const url of urls) {
      for (const qs of garbage) {
        const response = await client.get(`${url}?${qs}`).loginAs(staff)
        if (![200, 422].includes(response.status())) {
          failures.push(
            `${url}?${qs.slice(0, 60)} → ${response.status()} ${response.text().slice(0, 160)}`
          )
        } else if (response.status() === 422) {
          assertClientError(response, assert, `${url}?${qs.slice(0, 60)}`)
        }
      }
    }
    assert.deepEqual(failures, [])
  })

  test('ids in paths that are not numbers, or out of range, answer 404', async ({ client }) => {
    const admin = await userWithCode('admin')
    for (const path of [
      '/api/creators/abc',
      '/api/creators/1.5',
      '/api/creators/-1',
      '/api/creators/99999999999999999999',
      '/api/creators/99999999999999999999/memos',
    ]) {
      const response = await client.get(path).loginAs(admin)
      response.assertStatus(404)
    }
    const put = await client
      .put('/api/creators/abc/accounts/bilibili')
      .loginAs(admin)
      .json({ security_code: SECURITY_CODE })
    put.assertStatus(404)
  })
})
