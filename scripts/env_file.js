/**
 * Creates the project's `.env` on first use, with a fresh APP_KEY and a
 * random password for the demo admin, so that a fresh clone starts without
 * any manual step. An existing `.env` is never touched, and none is created
 * when APP_KEY comes from the environment (containers, docs/deployment.md).
 */
import { existsSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'

export function ensureEnvFile(appRoot) {
  const file = new URL('.env', appRoot)
  if (existsSync(file)) return false
  if (process.env.NODE_ENV === 'test') return false
  // configured through the environment (a container): nothing to create
  if (process.env.APP_KEY) return false
  const key = randomBytes(32).toString('base64url')
  const password = randomBytes(9).toString('base64url')
  const digits = (count) => Array.from(randomBytes(count), (byte) => byte % 10).join('')
  const lines = [
    '# Created on first start with fresh secrets. docs/operations.md lists every variable.',
    `APP_KEY=${key}`,
    'APP_BRAND=mcn',
    'HOST=127.0.0.1',
    'PORT=3333',
    'LOG_LEVEL=info',
    'DB_CONNECTION=sqlite',
    '# DB_CONNECTION=mysql',
    '# MYSQL_HOST=127.0.0.1',
    '# MYSQL_PORT=3306',
    '# MYSQL_USER=root',
    '# MYSQL_PASSWORD=',
    '# MYSQL_DB_NAME=mcn',
    '# REDIS_HOST=127.0.0.1',
    'DEMO_ADMIN_EMAIL=admin@mcn.local',
    `DEMO_ADMIN_PASSWORD=${password}`,
    '# Personal security code of the demo accounts (reveals private data, confirms creator edits)',
    `DEMO_SECURITY_CODE=${digits(6)}`,
    '# Studio-wide contract termination code of the demo agency',
    `DEMO_TERMINATION_CODE=${digits(8)}`,
    '',
  ]
  writeFileSync(file, lines.join('\n'), { mode: 0o600 })
  return true
}
