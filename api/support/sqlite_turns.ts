import { createRequire } from 'node:module'
import { setImmediate as nextTurn } from 'node:timers/promises'

/**
 * better-sqlite3 answers synchronously, and knex hands each answer over in a
 * promise that is settled at once. A chain of awaited queries (a collection's
 * writes, an import, a sweep of counts) then runs from one microtask to the
 * next, and the event loop never gets to its input and output: every other
 * request, even for a static file, waits until the whole chain has ended (a
 * collection of the demo's 630 channels: 22–49 s without an answer, and
 * kept-alive connections reset). Here each query first waits for the loop's
 * next turn, so the studio answers between any two queries. A query itself
 * still holds the loop while it runs.
 *
 * Transactions also begin IMMEDIATE (they take the write lock at once,
 * waiting up to the busy timeout for it): a deferred one that read first
 * and wrote after another process (a CLI run beside the server) committed
 * fails at once with SQLITE_BUSY_SNAPSHOT, which no timeout waits out.
 */
const TURNS = Symbol.for('mcn.sqliteTurns')

export function takeTurnsOnSqlite() {
  const require = createRequire(import.meta.url)
  const client = require('knex/lib/dialects/better-sqlite3/index.js')
  const prototype = client.prototype as Record<PropertyKey, any>
  if (prototype[TURNS]) return
  const query = prototype._query as (connection: unknown, obj: { sql?: string }) => Promise<unknown>
  prototype._query = async function (this: unknown, connection: unknown, obj: { sql?: string }) {
    await nextTurn()
    const statement = obj?.sql === 'BEGIN;' ? { ...obj, sql: 'BEGIN IMMEDIATE;' } : obj
    return query.call(this, connection, statement)
  }
  prototype[TURNS] = true
}
