/**
 * `npm run bench`: runs `node ace bench` against a database of its own, so
 * the figures do not disturb (or depend on) the demo data: storage/bench.sqlite3
 * by default, or the MySQL database named by MYSQL_DB_NAME (default mcn_bench)
 * with DB_CONNECTION=mysql. Extra arguments go to the command.
 * `npm run bench -- --web` measures the admin's first screens with
 * Lighthouse instead (scripts/bench_web.js); `npm run bench -- --abuse` what
 * hostile uploads cost the production server (scripts/bench_abuse.js).
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ensureEnvFile } from './env_file.js'

const root = fileURLToPath(new URL('..', import.meta.url))
ensureEnvFile(new URL('..', import.meta.url))
if (process.argv.includes('--web')) {
  const { benchWeb } = await import('./bench_web.js')
  await benchWeb(process.argv.slice(2))
  process.exit(0)
}
if (process.argv.includes('--abuse')) {
  const { benchAbuse } = await import('./bench_abuse.js')
  await benchAbuse(process.argv.slice(2))
  process.exit(0)
}
const env = {
  ...process.env,
  SQLITE_PATH: process.env.SQLITE_PATH ?? 'storage/bench.sqlite3',
  MYSQL_DB_NAME: process.env.MYSQL_DB_NAME ?? 'mcn_bench',
}
if (env.DB_CONNECTION === 'mysql') {
  spawnSync(
    'mysql',
    [
      '-h',
      env.MYSQL_HOST ?? '127.0.0.1',
      '-u',
      env.MYSQL_USER ?? 'root',
      '-e',
      `CREATE DATABASE IF NOT EXISTS \`${env.MYSQL_DB_NAME}\``,
    ],
    { stdio: 'inherit', env: { ...env, MYSQL_PWD: env.MYSQL_PASSWORD ?? '' } }
  )
}
const run = (args) =>
  spawnSync(process.execPath, ['ace', ...args], { cwd: root, stdio: 'inherit', env }).status ?? 1
const prepared = run(['studio:prepare', '--no-demo'])
if (prepared !== 0) process.exit(prepared)
process.exit(run(['bench', ...process.argv.slice(2)]))
