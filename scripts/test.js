/**
 * `npm test`: every suite (unit, functional, browser) with Japa. The admin
 * is built first when stale, because the browser suite drives the real UI.
 * Extra arguments go to Japa, e.g. `npm test -- functional --files auth`.
 * The database and queue follow the environment: SQLite and the in-process
 * driver by default; DB_CONNECTION=mysql and REDIS_HOST switch them.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ensureAdminBuild } from './admin_build.js'

const root = fileURLToPath(new URL('..', import.meta.url))
ensureAdminBuild()
const result = spawnSync(process.execPath, ['ace', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
})
process.exit(result.status ?? 1)
