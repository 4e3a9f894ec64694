import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'
import { mkdirSync } from 'node:fs'
import { dirname, isAbsolute } from 'node:path'
import { takeTurnsOnSqlite } from '#support/sqlite_turns'

/**
 * SQLite is the embedded default (a file under storage/); DB_CONNECTION=mysql
 * switches to MySQL 8 / MariaDB / TiDB.
 */
const sqlitePath = (() => {
  const configured = env.get('SQLITE_PATH') ?? 'storage/db.sqlite3'
  const absolute = isAbsolute(configured) ? configured : app.makePath(configured)
  mkdirSync(dirname(absolute), { recursive: true })
  return absolute
})()

takeTurnsOnSqlite()

const migrations = { naturalSort: true, paths: ['database/migrations'] }
const seeders = { paths: ['database/seeders'] }

const dbConfig = defineConfig({
  connection: env.get('DB_CONNECTION') ?? 'sqlite',
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: { filename: sqlitePath },
      useNullAsDefault: true,
      pool: {
        afterCreate: (connection: any, done: (error: Error | null, connection: any) => void) => {
          connection.pragma('journal_mode = WAL')
          connection.pragma('foreign_keys = ON')
          connection.pragma('busy_timeout = 5000')
          done(null, connection)
        },
      },
      migrations,
      seeders,
    },
    mysql: {
      client: 'mysql2',
      connection: {
        host: env.get('MYSQL_HOST') ?? '127.0.0.1',
        port: env.get('MYSQL_PORT') ?? 3306,
        user: env.get('MYSQL_USER') ?? 'root',
        password: env.get('MYSQL_PASSWORD') ?? '',
        database: env.get('MYSQL_DB_NAME') ?? 'mcn',
        charset: 'utf8mb4',
        timezone: 'Z',
        dateStrings: false,
      },
      pool: { min: 0, max: 20 },
      migrations,
      seeders,
    },
  },
})

export default dbConfig
