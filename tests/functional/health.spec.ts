import { test } from '@japa/runner'
import QueueService from '#queue/main'

test.group('health', () => {
  test('answers without a token and reports the database and queue', async ({ client }) => {
    const response = await client.get('/api/health')
    response.assertStatus(200)
    response.assertBodyContains({ status: 0, data: { database: 'ok', queue: 'ok' } })
  })

  test('readiness is 200 while the database and the queue answer', async ({ client }) => {
    const response = await client.get('/api/health/ready')
    response.assertStatus(200)
    response.assertBodyContains({ status: 0, data: { database: 'ok', queue: 'ok' } })
  })

  test('with the queue down: alive (200) but not ready (503, naming the queue)', async ({
    client,
    assert,
  }) => {
    const health = QueueService.health
    QueueService.health = async () => ({ driver: 'bullmq', state: 'down', worker: 'off' })
    try {
      const live = await client.get('/api/health')
      live.assertStatus(200)
      assert.equal(live.body().data.queue, 'down')
      const ready = await client.get('/api/health/ready').header('lang', 'jp')
      ready.assertStatus(503)
      assert.deepEqual(ready.body().data.down, ['queue'])
      assert.include(ready.body().message, 'queue')
      assert.include(ready.body().message, '準備')
    } finally {
      QueueService.health = health
    }
  })
})
