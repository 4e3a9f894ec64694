import { test } from '@japa/runner'
import { ByteLru, estimateBytes } from '#support/byte_lru'

test.group('ByteLru: caches bounded in bytes', () => {
  test('keeps the total within the budget, least recently used out first', ({ assert }) => {
    const cache = new ByteLru<string>(1000)
    for (let index = 0; index < 10; index++) cache.set(`k${index}`, `v${index}`, 200)
    assert.isAtMost(cache.bytes, 1000)
    assert.equal(cache.size, 5)
    assert.isUndefined(cache.get('k0'))
    cache.get('k5') // used: now the newest
    cache.set('k10', 'v10', 200)
    assert.equal(cache.get('k5'), 'v5')
    assert.isUndefined(cache.get('k6'), 'the least recently used went')
  })

  test('an entry larger than the budget is not kept; resize evicts as needed', ({ assert }) => {
    const cache = new ByteLru<string>(1000)
    cache.set('huge', 'x', 5000)
    assert.equal(cache.size, 0)
    cache.set('a', 'a', 100)
    cache.set('b', 'b', 100)
    cache.resize('a', 950)
    assert.isAtMost(cache.bytes, 1000)
    assert.isUndefined(cache.peek('b'))
    cache.resize('a', 2000)
    assert.equal(cache.size, 0)
    assert.equal(cache.bytes, 0)
  })

  test('deleteWhere and clear keep the byte count right', ({ assert }) => {
    const cache = new ByteLru<{ user: number }>(10_000)
    for (let index = 0; index < 20; index++) cache.set(`t${index}`, { user: index % 2 }, 100)
    cache.deleteWhere((value) => value.user === 1)
    assert.equal(cache.size, 10)
    assert.equal(cache.bytes, 1000)
    cache.clear()
    assert.equal(cache.bytes, 0)
  })

  test('estimates grow with the answer', ({ assert }) => {
    assert.isAbove(estimateBytes({ rows: Array.from({ length: 1000 }, (_, i) => i) }), 4000)
    assert.isBelow(estimateBytes({ a: 1 }), 200)
  })
})
