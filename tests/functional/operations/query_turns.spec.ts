import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import knex from 'knex'
import app from '@adonisjs/core/services/app'
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

/**
 * Transactions on SQLite take the write lock when they begin: one that read
 * and then writes never meets another process's commit in between (WAL
 * would refuse that write at once with SQLITE_BUSY_SNAPSHOT); the other
 * process waits for the lock instead.
 */
test.group('operations / SQLite transactions beside another process', () => {
  test('a transaction holds the write lock from its start, and its write after a read goes through', async ({
    assert,
  }) => {
    const folder = mkdtempSync(join(tmpdir(), 'mcn-immediate-'))
    const filename = join(folder, 'db.sqlite3')
    const client = knex({
      client: 'better-sqlite3',
      connection: { filename },
      useNullAsDefault: true,
    })
    /** Another process's write, without waiting for a lock: 'written' or 'busy'. */
    const otherWrites = () =>
      spawnSync(
        process.execPath,
        [
          '-e',
          `const db = require('better-sqlite3')(${JSON.stringify(filename)});
           db.pragma('busy_timeout = 0');
           try { db.prepare('INSERT INTO t (x) VALUES (2)').run(); console.log('written') }
           catch (error) { console.log(error.code === 'SQLITE_BUSY' ? 'busy' : error.code) }`,
        ],
        { cwd: app.makePath(), encoding: 'utf8' }
      ).stdout.trim()
    try {
      await client.raw('PRAGMA journal_mode = WAL')
      await client.schema.createTable('t', (table) => table.integer('x'))
      assert.equal(otherWrites(), 'written', 'no transaction open: the other process writes')
      await client.transaction(async (trx) => {
        await trx('t').select('x')
        assert.equal(otherWrites(), 'busy', 'the open transaction holds the write lock')
        await trx('t').insert({ x: 1 })
      })
      const rows = await client('t').orderBy('x').select('x')
      assert.deepEqual(
        rows.map((row) => row.x),
        [1, 2]
      )
    } finally {
      await client.destroy()
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
