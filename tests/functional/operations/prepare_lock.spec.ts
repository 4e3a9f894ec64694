import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import {
  acquireFileLock,
  acquireMysqlLock,
  LockTimeoutError,
  mysqlLockName,
  sqliteLockFile,
  type HeldLock,
} from '#support/database_lock'
import {
  eventually,
  readSqlite,
  spawnAce,
  sqliteEnv,
  stop,
  stopAll,
  type Env,
} from '#tests/helpers/processes'

/**
 * `studio:prepare` run twice on one database at once (two instances started
 * together, a release job retried): the second waits for the first, then has
 * nothing left to do. Before, the one that came second failed (MySQL: "unable
 * to release database lock"; SQLite: "table roles already exists"). Runs on
 * the suite's own kind of database, in a database of its own.
 */
const ON_MYSQL = env.get('DB_CONNECTION') === 'mysql'

/** Rows of a query on the MySQL suite's server (mysql2 answers [rows, fields]). */
async function mysqlRows<T>(sql: string): Promise<T[]> {
  const [rows] = await db.rawQuery(sql)
  return rows
}

/** A database of the test's own, empty, of the suite's kind; `holdLock` takes prepare's lock on it. */
async function freshDatabase() {
  if (ON_MYSQL) {
    const database = `${env.get('MYSQL_DB_NAME') ?? 'test'}_prepare`
    await db.rawQuery(`DROP DATABASE IF EXISTS \`${database}\``)
    await db.rawQuery(
      `CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`
    )
    const spawned: Env = { ...process.env, NODE_ENV: 'production', MYSQL_DB_NAME: database }
    return {
      name: database,
      env: spawned,
      holdLock: (): Promise<HeldLock> =>
        acquireMysqlLock(db.connection(), mysqlLockName(database, 'studio_prepare'), {
          waitMs: 0,
        }),
      rows: <T>(sql: string) => mysqlRows<T>(sql.replaceAll('{db}.', `\`${database}\`.`)),
      cleanup: () => db.rawQuery(`DROP DATABASE IF EXISTS \`${database}\``),
    }
  }
  const sqlite = sqliteEnv()
  const file = sqlite.env.SQLITE_PATH!
  return {
    name: file,
    env: sqlite.env,
    holdLock: () => acquireFileLock(sqliteLockFile(file, 'studio_prepare'), { waitMs: 0 }),
    rows: <T>(sql: string) =>
      readSqlite(file, (client) => client.rawQuery(sql.replaceAll('{db}.', '')) as Promise<T[]>),
    cleanup: async () => sqlite.cleanup(),
  }
}

type Database = Awaited<ReturnType<typeof freshDatabase>>

/** The names of the migrations that ran (none while the table is not there yet). */
async function migrationsOf(database: Database) {
  const rows = await database
    .rows<{ name: string }>('SELECT name FROM {db}.adonis_schema')
    .catch(() => [])
  return rows.map((row) => row.name)
}

/** Whether prepare's lock can be taken at once (a try that gets it gives it back). */
async function lockIsFree(database: Database) {
  try {
    const held = await database.holdLock()
    await held.release()
    return true
  } catch (error) {
    if (error instanceof LockTimeoutError) return false
    throw error
  }
}

async function rolesOf(database: Database) {
  const [row] = await database.rows<{ n: number }>('SELECT COUNT(*) AS n FROM {db}.roles')
  return Number(row.n)
}

async function exitCodeOf(run: ReturnType<typeof spawnAce>) {
  const end = await run.exited
  return end.code
}

test.group('operations / studio:prepare twice at once', (group) => {
  group.each.teardown(() => stopAll())

  test('two runs started together both end well; every migration and role is there once', async ({
    assert,
  }) => {
    const database = await freshDatabase()
    try {
      const runs = [0, 1].map(() => spawnAce(['studio:prepare', '--no-demo'], database.env))
      const codes = await Promise.all(runs.map(exitCodeOf))
      for (const [index, code] of codes.entries()) assert.equal(code, 0, runs[index].output())
      const migrations = await migrationsOf(database)
      assert.isAbove(migrations.length, 10)
      assert.lengthOf(new Set(migrations), migrations.length, 'no migration ran twice')
      const roles = await rolesOf(database)
      const again = spawnAce(['studio:prepare', '--no-demo'], database.env)
      assert.equal(await exitCodeOf(again), 0, again.output())
      assert.equal(await rolesOf(database), roles, 'reference data seeded once')
    } finally {
      await database.cleanup()
    }
  }).timeout(180_000)

  test('a run waits while another holds the database, says so, and goes on when it is free', async ({
    assert,
  }) => {
    const database = await freshDatabase()
    const held = await database.holdLock()
    let released = false
    try {
      const run = spawnAce(['studio:prepare', '--no-demo', '--wait=120'], database.env)
      const told = await eventually(() => run.output().includes('waiting for it to finish'), 60_000)
      assert.isTrue(told, run.output())
      assert.isNull(run.child.exitCode, 'still waiting')
      assert.lengthOf(await migrationsOf(database), 0, 'nothing migrated yet')

      await held.release()
      released = true
      assert.equal(await exitCodeOf(run), 0, run.output())
      const migrated = await migrationsOf(database)
      assert.isAbove(migrated.length, 10)
    } finally {
      if (!released) await held.release()
      await database.cleanup()
    }
  }).timeout(180_000)

  test('a run killed while it holds the lock leaves it free: the next run goes on at once', async ({
    assert,
  }) => {
    const database = await freshDatabase()
    try {
      const first = spawnAce(['studio:prepare', '--no-demo'], database.env)
      // the lock is the run's once the test's own try finds it taken (a try that
      // gets it gives it back at once; the run then waits a moment and takes it)
      const heldByRun = await eventually(
        async () => first.child.exitCode === null && !(await lockIsFree(database)),
        60_000
      )
      assert.isTrue(heldByRun, first.output())
      const end = await stop(first, 'SIGKILL')
      assert.equal(end.signal, 'SIGKILL', 'killed while working')

      // SQLite: the operating system drops the killed process's file lock with it. MySQL: the
      // server frees a killed client's named lock once it sees the connection gone, which is
      // after the statement it was running for it (a DDL can take a few seconds on a loaded CI)
      const freed = ON_MYSQL
        ? await eventually(() => lockIsFree(database), 30_000)
        : await lockIsFree(database)
      assert.isTrue(freed, 'the killed run held the lock no more')
      const second = spawnAce(['studio:prepare', '--no-demo', '--wait=1'], database.env)
      const code = await exitCodeOf(second)
      assert.notInclude(second.output(), 'waiting for it to finish')
      // MySQL commits each DDL statement on its own: a run killed inside a migration can leave
      // its table without the migration's row, and the next run then stops on that table (an
      // operator restores the backup taken before migrating). SQLite undoes the whole migration.
      if (!ON_MYSQL) {
        assert.equal(code, 0, second.output())
        const migrated = await migrationsOf(database)
        assert.isAbove(migrated.length, 10)
      }
    } finally {
      await database.cleanup()
    }
  }).timeout(180_000)

  test('a run that waited --wait seconds stops with a message and exit code 1', async ({
    assert,
  }) => {
    const database = await freshDatabase()
    const held = await database.holdLock()
    try {
      const run = spawnAce(['studio:prepare', '--no-demo', '--wait=1'], database.env)
      assert.equal(await exitCodeOf(run), 1, run.output())
      assert.include(run.output(), 'stopped waiting')
      assert.lengthOf(await migrationsOf(database), 0, 'nothing migrated')
    } finally {
      await held.release()
      await database.cleanup()
    }
  }).timeout(120_000)
})

test.group('operations / studio:prepare stopped half-way', (group) => {
  group.each.teardown(() => stopAll())

  /**
   * The kill lands while the metrics history is being written: the test
   * reads the rows written so far uncommitted (MySQL's READ UNCOMMITTED;
   * SQLite has no such view from another process, so this one runs in the
   * MySQL suite).
   */
  test('a demo step killed half-way leaves nothing of itself; the next run does it whole', async ({
    assert,
  }) => {
    const database = await freshDatabase()
    try {
      const first = spawnAce(['studio:prepare'], database.env)
      const seeding = await eventually(
        () => first.output().includes('Seeded the demo creators'),
        120_000
      )
      assert.isTrue(seeding, first.output())
      // one short transaction a look, so that no table lock is held between them
      const uncommitted = () =>
        db.transaction(
          async (peek) => {
            const [rows] = await peek.rawQuery(
              `SELECT COUNT(*) AS n FROM \`${database.name}\`.metric_snapshots`
            )
            return Number(rows[0].n)
          },
          { isolationLevel: 'read uncommitted' }
        )
      const writing = await eventually(async () => (await uncommitted()) >= 20_000, 120_000)
      assert.isTrue(writing, first.output())
      await stop(first, 'SIGKILL')
      const [left] = await database.rows<{ n: number }>(
        'SELECT COUNT(*) AS n FROM {db}.metric_snapshots'
      )
      assert.equal(Number(left.n), 0, 'no part of the history stays')

      const second = spawnAce(['studio:prepare'], database.env)
      assert.equal(await exitCodeOf(second), 0, second.output())
      const seeded = second.output().match(/Seeded \d+ days of demo metrics \((\d+) snapshots/)
      assert.isNotNull(seeded, second.output())
      const [written] = await database.rows<{ n: number }>(
        'SELECT COUNT(*) AS n FROM {db}.metric_snapshots'
      )
      assert.equal(Number(written.n), Number(seeded![1]), 'the whole history, once')
      const runs = await database.rows<{ status: string }>(
        'SELECT status FROM {db}.metric_collection_runs'
      )
      assert.deepEqual(
        runs.map((run) => run.status),
        ['finished'],
        'the killed run left no row behind'
      )
    } finally {
      await database.cleanup()
    }
  })
    .skip(!ON_MYSQL, 'needs DB_CONNECTION=mysql (READ UNCOMMITTED)')
    .timeout(300_000)
})
