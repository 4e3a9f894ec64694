import { setTimeout as sleep } from 'node:timers/promises'
import Sqlite from 'better-sqlite3'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * A lock that several processes on one database take in turn, for work that
 * must not run twice at once (`studio:prepare`: migrations, then the seeders,
 * which check for existing rows before they write).
 *
 * - MySQL/MariaDB: a named lock (GET_LOCK) on a connection of its own, so
 *   the server frees it when the holder's connection ends (a killed process
 *   holds nothing).
 * - SQLite: an exclusive transaction on a small SQLite file of the key's own
 *   beside the database file (`<database>.<key>.lock`). The operating system
 *   keeps that file lock for the holding process and drops it when the
 *   process ends, however it ends: a killed run holds nothing, and the next
 *   one goes on at once.
 */
export interface HeldLock {
  release(): Promise<void>
}

interface LockWait {
  /** How long to wait for the holder before giving up (0: try once). */
  waitMs: number
  /** Called once when the lock is found taken and the wait begins. */
  onWait?: () => void
}

export class LockTimeoutError extends Error {
  constructor(
    readonly key: string,
    readonly waitedMs: number
  ) {
    super(`The lock "${key}" stayed taken for ${Math.round(waitedMs / 1000)} s`)
  }
}

const SQLITE_RETRY_MS = 250
/** GET_LOCK waits at most this long per call, so that a long wait still notices its deadline. */
const MYSQL_WAIT_STEP_S = 5

/** MySQL lock names are server-wide (64 characters at most): the database's name keeps them apart. */
export function mysqlLockName(database: string, key: string) {
  return `${database}.${key}`.slice(-64)
}

/**
 * Takes `key`'s lock on `client`'s MySQL server, on a connection held for the
 * lock alone (a transaction that touches no table) until `release`.
 */
export async function acquireMysqlLock(
  client: QueryClientContract,
  name: string,
  wait: LockWait
): Promise<HeldLock> {
  const holder = await client.transaction()
  const tryFor = async (seconds: number) => {
    const [rows] = await holder.rawQuery('SELECT GET_LOCK(?, ?) AS acquired', [name, seconds])
    return Number(rows[0]?.acquired) === 1
  }
  const started = Date.now()
  try {
    let acquired = await tryFor(0)
    if (!acquired && wait.waitMs > 0) {
      wait.onWait?.()
      while (!acquired && Date.now() - started < wait.waitMs) {
        const left = Math.ceil((wait.waitMs - (Date.now() - started)) / 1000)
        acquired = await tryFor(Math.max(1, Math.min(MYSQL_WAIT_STEP_S, left)))
      }
    }
    if (!acquired) throw new LockTimeoutError(name, Date.now() - started)
  } catch (error) {
    await holder.rollback()
    throw error
  }
  return {
    async release() {
      try {
        await holder.rawQuery('SELECT RELEASE_LOCK(?)', [name])
      } finally {
        await holder.commit()
      }
    },
  }
}

/** The file whose lock stands for `key`'s lock on the SQLite database `file`. */
export function sqliteLockFile(file: string, key: string) {
  return `${file}.${key}.lock`
}

/**
 * Takes the lock of `file` (an SQLite file of the lock's own, made when
 * missing): `BEGIN EXCLUSIVE` on a connection kept until `release`. Another
 * process's attempt answers SQLITE_BUSY at once (no busy wait inside SQLite,
 * which would hold up this process's event loop); it is tried again every
 * `SQLITE_RETRY_MS` until `wait.waitMs` has passed.
 */
export async function acquireFileLock(file: string, wait: LockWait): Promise<HeldLock> {
  const started = Date.now()
  let told = false
  const connection = new Sqlite(file)
  try {
    connection.pragma('busy_timeout = 0')
    while (true) {
      try {
        connection.exec('BEGIN EXCLUSIVE')
        break
      } catch (error: any) {
        if (error?.code !== 'SQLITE_BUSY') throw error
      }
      if (Date.now() - started >= wait.waitMs) {
        throw new LockTimeoutError(file, Date.now() - started)
      }
      if (!told) {
        told = true
        wait.onWait?.()
      }
      await sleep(SQLITE_RETRY_MS)
    }
  } catch (error) {
    connection.close()
    throw error
  }
  return {
    async release() {
      if (!connection.open) return
      if (connection.inTransaction) connection.exec('ROLLBACK')
      connection.close()
    },
  }
}

/**
 * Takes `key`'s lock on the default connection's database: a named lock on
 * MySQL, a lock file beside the database file on SQLite. Other clients take none.
 */
async function acquireDatabaseLock(key: string, wait: LockWait): Promise<HeldLock> {
  const client = db.connection()
  const node = db.getRawConnection(client.connectionName)
  const config: any = node?.config
  if (client.dialect.name === 'mysql') {
    const database = config?.connection?.database ?? 'default'
    return acquireMysqlLock(client, mysqlLockName(database, key), wait)
  }
  const filename = config?.connection?.filename
  if (client.dialect.name.includes('sqlite') && filename && filename !== ':memory:') {
    return acquireFileLock(sqliteLockFile(filename, key), wait)
  }
  return { release: async () => {} }
}

/** Runs `work` holding `key`'s lock, and releases it however the work ends. */
export async function withDatabaseLock<T>(
  key: string,
  wait: LockWait,
  work: () => Promise<T>
): Promise<T> {
  const lock = await acquireDatabaseLock(key, wait)
  try {
    return await work()
  } finally {
    await lock.release()
  }
}
