/**
 * `npm start`: a fresh clone to a running studio in one command.
 *
 * 1. creates .env with a fresh APP_KEY and demo admin password when missing;
 * 2. builds the admin and compiles the API (build/, plain JavaScript) when
 *    either is missing or stale;
 * 3. migrates the database and seeds reference and demo data (idempotent;
 *    DEMO_DATA=false leaves the demo agency out);
 * 4. serves API and admin on one port (HOST/PORT), forwarding SIGTERM/SIGINT
 *    so that the server and the queue worker stop gracefully;
 * 5. prints the URL and the demo admin's sign-in.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { constants } from 'node:os'
import { fileURLToPath } from 'node:url'
import { ensureEnvFile } from './env_file.js'
import { ensureAdminBuild } from './admin_build.js'
import { ensureApiBuild } from './build_api.js'
import { serverNodeFlags } from './node_flags.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' }

/** .env's values under the environment's; no .env when APP_KEY came from the environment. */
function readDotEnv() {
  const values = {}
  const file = new URL('../.env', import.meta.url)
  const text = existsSync(file) ? readFileSync(file, 'utf8') : ''
  for (const line of text.split('\n')) {
    const match = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/)
    if (match) values[match[1]] = match[2].replace(/^["']|["']$/g, '')
  }
  return { ...values, ...process.env }
}

if (ensureEnvFile(new URL('..', import.meta.url))) {
  console.log('Created .env with a fresh APP_KEY and a random demo admin password.')
}

/** Whether nothing listens on host:port yet (any error other than "in use" is left to the server). */
function portIsFree(host, port) {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', (error) => resolve(error.code !== 'EADDRINUSE'))
    probe.listen(Number(port), host, () => probe.close(() => resolve(true)))
  })
}

const config = readDotEnv()
const host = config.HOST || '127.0.0.1'
const port = config.PORT || '3333'

// A second `npm start` (or another program) on the same port: say so at once,
// before building and migrating, instead of announcing the other one's studio.
if (!(await portIsFree(host, port))) {
  console.error(
    `Port ${port} on ${host} is already in use: is the studio already running?\n` +
      `Stop what uses it, or start on another port: PORT=${Number(port) + 1} npm start`
  )
  process.exit(1)
}

ensureAdminBuild()
await ensureApiBuild()

// DEMO_DATA=false: a real install, without the demo agency.
const demo = config.DEMO_DATA !== 'false'
const prepare = spawnSync(
  process.execPath,
  ['build/ace.js', 'studio:prepare', ...(demo ? [] : ['--no-demo'])],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  }
)
if (prepare.status !== 0) process.exit(prepare.status ?? 1)

const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host
const url = `http://${shownHost}:${port}`

// the IPC channel tells the server when this process is gone, even by kill -9
const server = spawn(process.execPath, [...serverNodeFlags(config), 'build/bin/server.js'], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env,
})

// A stop asked for here (Ctrl+C, SIGTERM) ends with the server's own status;
// a server that died any other way (an OOM kill, kill -9) ends non-zero, so
// a restart-on-failure supervisor restarts it.
let stopping = false
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    stopping = true
    server.kill(signal)
  })
}
// Started by npm, whose parent ended (npm killed, its terminal closed): stop as if told to.
const parent = process.ppid
if (process.env.npm_lifecycle_event === 'start') {
  setInterval(() => {
    if (process.ppid !== parent && !stopping) {
      stopping = true
      server.kill('SIGTERM')
    }
  }, 250).unref()
}
server.on('exit', (code, signal) => {
  if (code !== null) process.exit(code)
  if (stopping && (signal === 'SIGTERM' || signal === 'SIGINT' || signal === 'SIGHUP')) {
    process.exit(0)
  }
  console.error(`The server was ended by ${signal}.`)
  process.exit(128 + (constants.signals[signal] ?? 1))
})

async function announce() {
  for (let attempt = 0; attempt < 120 && server.exitCode === null; attempt++) {
    try {
      const response = await fetch(
        `http://${host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host}:${port}/api/health`
      )
      if (response.ok) {
        const line = '─'.repeat(64)
        console.log(`\n${line}\n  MCN Studio is running at ${url}`)
        if (!demo) {
          console.log(
            `  Without demo data: create the first admin with node ace user:create.\n${line}\n`
          )
          return
        }
        console.log(
          `  Demo admin: ${config.DEMO_ADMIN_EMAIL || 'admin@mcn.local'} / ${config.DEMO_ADMIN_PASSWORD || '(see DEMO_ADMIN_PASSWORD in .env)'}`
        )
        if (config.DEMO_SECURITY_CODE) {
          console.log(
            `  Security code (private data): ${config.DEMO_SECURITY_CODE} · termination code: ${config.DEMO_TERMINATION_CODE ?? '—'}`
          )
        }
        console.log(
          `  Other demo accounts (README.md) share that password. Stop with Ctrl+C.\n${line}\n`
        )
        return
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
announce()
