import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'

/**
 * Work made of many awaited queries (a collection's writes, an import) lets
 * the rest of the process run between them: a timer due at once fires while
 * the chain is still going. On SQLite every answer is synchronous, and
 * before each query waited for the loop's next turn, the timer (like every
 * other request to the studio) waited for the whole chain.
 */
test.group('operations / the event loop between queries', () => {
  test('a timer due at once fires while a chain of queries in a transaction still runs', async ({
    assert,
  }) => {
    const queries = 200
    let done = 0
    let firedAfter: number | null = null
    const timer = setTimeout(() => {
      firedAfter = done
    }, 0)
    try {
      await db.transaction(async (trx) => {
        for (let n = 0; n < queries; n++) {
          await trx.rawQuery('SELECT 1 AS one')
          done++
        }
      })
    } finally {
      clearTimeout(timer)
    }
    assert.isNotNull(firedAfter, 'the timer fired during the chain')
    assert.isBelow(firedAfter!, queries)
  })
})
