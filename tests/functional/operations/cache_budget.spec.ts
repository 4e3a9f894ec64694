import { test } from '@japa/runner'
import studioConfig from '#config/studio'
import MetricsCache from '#services/metrics/metrics_cache'
import Caches from '#services/caches'
import { setupFunctionalGroup } from '#tests/helpers/functional'

/**
 * Metric answers hold figures for every creator: an unbounded variety of
 * queries must not grow the process. The cache keeps within its share of
 * the budget whatever is asked.
 */
test.group('operations / cache byte budget', (group) => {
  setupFunctionalGroup(group)

  test('5,000 distinct large answers stay within the metric share of the budget', async ({
    assert,
  }) => {
    Caches.clearAll()
    const budget = Math.floor(studioConfig.cacheBudgetBytes * 0.6)
    const figures = Array.from({ length: 5000 }, (_, index) => ({ creator_id: index, fans: index }))
    for (let index = 0; index < 5000; index++) {
      await MetricsCache.remember(`soak:${index}`, async () => ({ index, figures }))
    }
    await new Promise((resolve) => setImmediate(resolve))
    assert.isAtMost(MetricsCache.bytes, budget)
    assert.isAbove(MetricsCache.size, 0)
    assert.isBelow(MetricsCache.size, 5000, 'older answers were let go')
    const again = await MetricsCache.remember('soak:4999', async () => ({ index: -1, figures }))
    assert.equal((again as { index: number }).index, 4999, 'the newest answer is still served')
    Caches.clearAll()
  })
})
