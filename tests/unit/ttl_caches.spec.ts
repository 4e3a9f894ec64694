import { test } from '@japa/runner'
import { TtlValue } from '#support/ttl_value'
import { TtlLru } from '#support/byte_lru'
import { okJson } from '#support/envelope'

test.group('TtlValue and TtlLru: answers kept for a while', () => {
  test('TtlValue reads once for callers that ask meanwhile, again after its time or a clear', async ({
    assert,
  }) => {
    const value = new TtlValue<number>(1_000)
    let reads = 0
    const read = async () => ++reads
    const [a, b] = await Promise.all([value.remember(read, 0), value.remember(read, 10)])
    assert.deepEqual([a, b, reads], [1, 1, 1])
    assert.equal(await value.remember(read, 999), 1)
    assert.equal(await value.remember(read, 1_000), 2, 'read again once its time is up')
    value.clear()
    assert.equal(await value.remember(read, 1_001), 3, 'read again after a clear')
  })

  test('TtlValue does not keep a failed read', async ({ assert }) => {
    const value = new TtlValue<string>(60_000)
    await assert.rejects(() => value.remember(async () => Promise.reject(new Error('down'))))
    assert.equal(await value.remember(async () => 'back'), 'back')
  })

  test('TtlLru keeps one answer per key and forgets them all on clear', async ({ assert }) => {
    const cache = new TtlLru(1024 * 1024, 60_000)
    let reads = 0
    const read = (key: string) => async () => `${key}:${++reads}`
    assert.equal(await cache.remember('a', read('a')), 'a:1')
    assert.equal(await cache.remember('b', read('b')), 'b:2')
    assert.equal(await cache.remember('a', read('a')), 'a:1')
    cache.clear()
    assert.equal(await cache.remember('a', read('a')), 'a:3')
  })
})

test.group('okJson: cached answers sent as text', () => {
  const response = () => {
    const headers: Record<string, string> = {}
    return {
      headers,
      header(name: string, value: string) {
        headers[name] = value
      },
    }
  }

  test('the envelope as JSON text, the same text for the same answer object', ({ assert }) => {
    const answer = { items: [{ id: 1, name: '小明', at: new Date('2026-01-02T03:04:05Z') }] }
    const first = response()
    const text = okJson(first as never, answer)
    assert.equal(first.headers['content-type'], 'application/json; charset=utf-8')
    assert.deepEqual(JSON.parse(text as string), {
      status: 0,
      data: { items: [{ id: 1, name: '小明', at: '2026-01-02T03:04:05.000Z' }] },
    })
    assert.strictEqual(okJson(response() as never, answer), text)
  })

  test('an answer the engine cannot write goes the framework way', ({ assert }) => {
    const answer = { total: 10n }
    assert.deepEqual(okJson(response() as never, answer), { status: 0, data: { total: 10n } })
  })
})
