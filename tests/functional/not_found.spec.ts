import { test } from '@japa/runner'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { userWithCode } from '#tests/helpers/users'

/** An id no row has. */
const UNKNOWN = 987_654

/**
 * The requests that read one row by its id before anything else can fail
 * (as an admin, whom every policy lets through).
 */
const BY_ID: [method: 'get' | 'post' | 'delete', url: string][] = [
  ['post', `/api/alerts/${UNKNOWN}/acknowledge`],
  ['get', `/api/board/posts/${UNKNOWN}`],
  ['get', `/api/board/attachments/${UNKNOWN}`],
  ['get', `/api/letters/${UNKNOWN}`],
  ['get', `/api/documents/${UNKNOWN}`],
  ['get', `/api/market/deals/${UNKNOWN}`],
  ['delete', `/api/products/sales/${UNKNOWN}`],
  ['get', `/api/settlements/${UNKNOWN}`],
  ['delete', `/api/revenues/${UNKNOWN}`],
  ['delete', `/api/exchange-rates/${UNKNOWN}`],
  ['get', `/api/users/${UNKNOWN}`],
  ['post', `/api/registrations/${UNKNOWN}/approve`],
  ['get', `/api/creators/imports/${UNKNOWN}`],
]

test.group('an unknown id', (group) => {
  setupFunctionalGroup(group)

  test('is the one translated 404 on every resource read by id', async ({ client, assert }) => {
    const admin = await userWithCode('admin')
    for (const [method, url] of BY_ID) {
      const response = await client[method](url).loginAs(admin).header('accept-language', 'ko')
      assert.equal(response.status(), 404, `${method} ${url}`)
      assert.deepEqual(response.body(), { status: 404, message: '찾을 수 없습니다.' }, url)
    }
  })
})
