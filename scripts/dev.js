/**
 * `npm run dev`: the API with file watching (node ace serve --watch) and
 * Vite's dev server for the admin on http://localhost:5173, proxying /api.
 */
import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ensureEnvFile } from './env_file.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' }

ensureEnvFile(new URL('..', import.meta.url))
const prepare = spawnSync(process.execPath, ['ace', 'studio:prepare'], {
  cwd: root,
  stdio: 'inherit',
  env,
})
if (prepare.status !== 0) process.exit(prepare.status ?? 1)

const children = [
  spawn(process.execPath, ['ace', 'serve', '--watch'], { cwd: root, stdio: 'inherit', env }),
  spawn(process.execPath, [`${root}/node_modules/vite/bin/vite.js`], {
    cwd: `${root}/admin`,
    stdio: 'inherit',
    env,
  }),
]
console.log('Admin with hot reload: http://localhost:5173 (API proxied)')
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => children.forEach((child) => child.kill(signal)))
}
for (const child of children) {
  child.on('exit', (code) => {
    children.forEach((other) => other !== child && other.kill('SIGTERM'))
    process.exit(code ?? 0)
  })
}
