/**
 * Builds the admin (admin/dist) when it is missing or older than its
 * sources, so that `npm start` and `npm test` always serve the current UI.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const SOURCES = [
  'admin/src',
  'admin/public',
  'admin/index.html',
  'admin/vite.config.ts',
  'admin/package.json',
  'api/shared',
]

function newest(path) {
  if (!existsSync(path)) return 0
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let latest = info.mtimeMs
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)))
  return latest
}

export function ensureAdminBuild({ force = false } = {}) {
  const index = join(root, 'admin/dist/index.html')
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0
  const changedAt = Math.max(...SOURCES.map((source) => newest(join(root, source))))
  if (!force && builtAt > changedAt) return false

  console.log('Building the admin (vite build)…')
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: join(root, 'admin'),
      stdio: 'inherit',
    }
  )
  if (result.status !== 0) {
    throw new Error('The admin build failed (see above)')
  }
  return true
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureAdminBuild({ force: process.argv.includes('--force') })
}
