import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type AddressInfo } from 'node:net'
import app from '@adonisjs/core/services/app'
import type { Group } from '@japa/runner/core'

/**
 * Real processes for the tests that play the operator: a studio server, an
 * ace command, a Redis of the test's own (started and stopped by the test,
 * never the machine's). Everything started here is killed by `stopAll`.
 */
export type Env = Record<string, string | undefined>

const started = new Set<ChildProcess>()

/** A port the system has free (an ephemeral one: never on fetch's list of refused ports). */
export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Checks `condition` every 100 ms until it holds or `timeoutMs` passed; answers whether it held. */
export async function eventually(condition: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await condition()) return true
    await sleep(100)
  }
  return condition()
}

/**
 * Tag of the groups whose processes bring their own SQLite database and
 * Redis (sqliteEnv, a Redis of the test's own) whatever the suite runs on,
 * and of those that use no database at all (the platform adapters against
 * their fake servers and pages): a second run of the suite on MySQL + Redis
 * (.ci/run) skips them with `--tags=~@own-setup`, since it would run the
 * very same thing again.
 */
const OWN_SETUP = '@own-setup'
export function ownSetup(group: Group) {
  group.tap((test) => test.tags([OWN_SETUP], 'append'))
}

/** A temporary folder and an SQLite database in it, migrated; `cleanup` removes both. */
export function sqliteEnv(extra: Env = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'mcn-proc-'))
  const env: Env = {
    ...process.env,
    NODE_ENV: 'production',
    DB_CONNECTION: 'sqlite',
    SQLITE_PATH: join(folder, 'db.sqlite3'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...extra,
  }
  if (!extra.REDIS_HOST) delete env.REDIS_HOST
  return { folder, env, cleanup: () => rmSync(folder, { recursive: true, force: true }) }
}

/** Runs `node ace …` to the end; throws with its output when it fails. */
export function ace(args: string[], env: Env) {
  const result = spawnSync(process.execPath, ['ace', ...args], {
    cwd: app.makePath(),
    env,
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    throw new Error(
      `node ace ${args.join(' ')} → ${result.status}\n${result.stdout}${result.stderr}`
    )
  }
  return result.stdout
}

/**
 * Prepares a spawned studio's database (`studio:prepare`, with or without
 * the demo agency) and, when given, creates an admin who can sign in.
 */
export function prepareStudio(
  env: Env,
  options: { demo?: boolean; admin?: { account: string; password: string } } = {}
) {
  ace(['studio:prepare', ...(options.demo ? [] : ['--no-demo'])], env)
  if (!options.admin) return
  ace(
    [
      'user:create',
      '--admin',
      `--email=${options.admin.account}`,
      `--password=${options.admin.password}`,
      '--name=Operator',
    ],
    env
  )
}

/** A process this test owns, with its output so far. */
export interface Owned {
  child: ChildProcess
  output: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export function own(child: ChildProcess): Owned {
  started.add(child)
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      started.delete(child)
      resolve({ code, signal })
    })
  )
  return { child, output: () => output, exited }
}

/** `node ace <args>` in the background (a CLI run the test may kill). */
export function spawnAce(args: string[], env: Env) {
  return own(spawn(process.execPath, ['ace', ...args], { cwd: app.makePath(), env }))
}

/** The studio's HTTP server (TypeScript sources, as the tests run them) on `port`. */
export async function startServer(port: number, env: Env) {
  const server = own(
    spawn(process.execPath, ['--import=ts-node-maintained/register/esm', 'bin/server.ts'], {
      cwd: app.makePath(),
      env: { ...env, PORT: String(port) },
    })
  )
  const alive = await eventually(
    () =>
      fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(500) })
        .then((response) => response.ok)
        .catch(() => false),
    60_000
  )
  if (!alive) throw new Error(`the server on ${port} never answered\n${server.output()}`)
  return server
}

/** A Redis of the test's own on `port`, without persistence (as CI's). */
export async function startRedis(port: number) {
  const redis = own(
    spawn('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ])
  )
  const up = await eventually(
    () =>
      spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.includes(
        'PONG'
      ),
    10_000
  )
  if (!up) throw new Error(`redis-server on ${port} did not start\n${redis.output()}`)
  return redis
}

/** Ends a process with `signal` and waits for it (SIGKILL after 15 s). */
export async function stop(owned: Owned, signal: NodeJS.Signals = 'SIGTERM') {
  if (owned.child.exitCode !== null || owned.child.signalCode !== null) return owned.exited
  owned.child.kill(signal)
  const timer = setTimeout(() => owned.child.kill('SIGKILL'), 15_000)
  const result = await owned.exited
  clearTimeout(timer)
  return result
}

/** Kills whatever this file started and is still running. */
export function stopAll() {
  for (const child of [...started]) child.kill('SIGKILL')
  started.clear()
}

/** A JSON request to a spawned server. */
export async function call(
  port: number,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; lang?: string } = {}
) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { token: options.token } : {}),
      ...(options.lang ? { lang: options.lang } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(20_000),
  })
  const text = await response.text()
  let body: any = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON
  }
  return { status: response.status, body }
}

let probes = 0

/**
 * Reads the SQLite database of a spawned process (a Lucid connection of
 * its own, closed after `read`).
 */
export async function readSqlite<T>(
  path: string,
  read: (
    client: ReturnType<typeof import('@adonisjs/lucid/services/db').default.connection>
  ) => Promise<T>
) {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const name = `probe_${++probes}`
  db.manager.add(name, {
    client: 'better-sqlite3',
    connection: { filename: path },
    useNullAsDefault: true,
  })
  try {
    return await read(db.connection(name))
  } finally {
    await db.manager.close(name)
    db.manager.release(name)
  }
}
