/**
 * The benches that drive the studio from outside (`--web`, `--abuse`) start
 * it the way `npm start` does — production build, production mode — on a
 * spare port against a database of their own, and stop it afterwards.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** `--name value` or `--name=value`, else `fallback`. */
export function option(args, name, fallback) {
  const index = args.indexOf(`--${name}`)
  if (index !== -1 && args[index + 1]) return args[index + 1]
  const inline = args.find((arg) => arg.startsWith(`--${name}=`))
  return inline ? inline.slice(name.length + 3) : fallback
}

export async function freePort(from) {
  for (let port = from; port < from + 50; port++) {
    const free = await new Promise((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    if (free) return port
  }
  throw new Error(`no free port between ${from} and ${from + 49}`)
}

/** .env beside the process environment (the environment wins). */
export function readDotEnv() {
  const values = {}
  for (const line of readFileSync(new URL('../.env', import.meta.url), 'utf8').split('\n')) {
    const match = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/)
    if (match) values[match[1]] = match[2].replace(/^["']|["']$/g, '')
  }
  return { ...values, ...process.env }
}

async function waitForHealth(base, server) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (server.exitCode !== null) throw new Error('the studio stopped before it answered')
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('the studio did not answer /api/health within 5 minutes')
}

/**
 * Starts the studio on a free port from `fromPort` with its own database
 * (`name`: storage/<name>.sqlite3, or MySQL database mcn_<name>) and waits for
 * its health; `run(base, server)` measures; the studio is stopped afterwards.
 */
export async function withStudio(name, fromPort, run) {
  const port = await freePort(fromPort)
  const base = `http://127.0.0.1:${port}`
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SQLITE_PATH: process.env.SQLITE_PATH ?? `storage/${name}.sqlite3`,
    MYSQL_DB_NAME: process.env.MYSQL_DB_NAME ?? `mcn_${name.replace(/-/g, '_')}`,
  }
  console.log(`Starting the studio on ${base} (production build, demo data)…`)
  const server = spawn(process.execPath, ['scripts/start.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
  try {
    await waitForHealth(base, server)
    return await run(base, server)
  } finally {
    try {
      process.kill(-server.pid, 'SIGINT')
    } catch {
      // already gone
    }
  }
}

/** Signs in as the demo admin; answers the access token. */
export async function demoAdminToken(base) {
  const config = readDotEnv()
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      account: config.DEMO_ADMIN_EMAIL || 'admin@mcn.local',
      password: config.DEMO_ADMIN_PASSWORD,
    }),
  })
  const token = (await login.json())?.data?.token
  if (!token) throw new Error('could not sign in as the demo admin')
  return token
}
