import { test } from '@japa/runner'

test.group('health', () => {
  test('answers without a token and reports the database and queue', async ({ client }) => {
    const response = await client.get('/api/health')
    response.assertStatus(200)
    response.assertBodyContains({ status: 0, data: { database: 'ok', queue: 'ok' } })
  })
})
