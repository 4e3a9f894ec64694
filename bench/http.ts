import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import type { BenchContext } from '#bench/context'
import type { DatasetReport } from '#bench/dataset'
import type { Measurement, Target } from '#bench/measure'
import { benchAdmin, benchTargets } from '#bench/targets'
import { combine, measure, timeOnce } from '#bench/measure'
import TokenService from '#services/auth/token_service'
import db from '@adonisjs/lucid/services/db'

/** MetricsCache re-reads the data version at most this often (api/services/metrics/metrics_cache.ts). */
const CACHE_VERSION_TTL_MS = 5000

/** One endpoint's figures next to the /api/health rounds measured beside it. */
export interface Row extends Measurement {
  /** Requests/s of /api/health in the rounds alternating with this endpoint's. */
  healthRps: number
  cache: string
  checked: boolean
  cold?: { first: number; median: number; max: number; variants: number }
  skipped?: string
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The first port from `from` on that nothing listens on (127.0.0.1). */
export async function freePort(from: number) {
  for (let port = from; port < from + 50; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    if (free) return port
  }
  throw new Error(`no free port between ${from} and ${from + 49}`)
}

/**
 * Measures every selected endpoint on a server started against the bench
 * database: cold first answers after a data-version change, then rounds of
 * autocannon alternating with /api/health rounds.
 */
export async function measureHttp(context: BenchContext, dataset: DatasetReport): Promise<Row[]> {
  const admin = await benchAdmin()
  const targets = await benchTargets(dataset)
  const only = context.options.only ?? process.env.BENCH_ONLY
  const selected = only ? targets.filter((target) => target.name.includes(only)) : targets
  // never measure somebody else's server: the port must be free before ours starts
  const port = await freePort(context.options.port)
  if (port !== context.options.port)
    context.logger.warning(`port ${context.options.port} is taken; using ${port}`)
  const base = `http://127.0.0.1:${port}`
  const health: Target = {
    name: 'GET /api/health (baseline)',
    paths: ['/api/health'],
    cache: 'none (select 1)',
  }

  const server = await startServer(context, port)
  const rows: Row[] = []
  try {
    const headersFor = async (target: Target): Promise<Record<string, string>> => {
      if (!target.auth) return {}
      const pair = await TokenService.issuePair(admin)
      return { token: pair.token }
    }

    // which endpoints answer at all (the others are reported, not measured); warms the JIT
    const available = new Map<Target, string | null>()
    for (const target of selected) {
      const headers = await headersFor(target)
      let problem: string | null = null
      for (const path of (target.method ?? 'GET') === 'GET' ? target.paths : []) {
        const answer = await timeOnce(`${base}${path}`, headers)
        if (answer.status >= 300) {
          problem = `${answer.status} on ${path}: ${answer.body.slice(0, 120)}`
          break
        }
      }
      available.set(target, problem)
      if (problem) context.logger.warning(`${target.name}: ${problem}`)
    }

    // first answers after the data version changes (every cached answer is gone)
    const cold = new Map<Target, Row['cold']>()
    const coldTargets = selected.filter((target) => target.cold && !available.get(target))
    if (coldTargets.length) {
      await bumpDataVersion()
      context.logger.log(
        `cold pass: data version bumped, waiting ${CACHE_VERSION_TTL_MS / 1000} s for the server to notice …`
      )
      await sleep(CACHE_VERSION_TTL_MS + 500)
      for (const target of coldTargets) {
        const headers = await headersFor(target)
        const times: number[] = []
        for (const path of target.paths) {
          const answer = await timeOnce(`${base}${path}`, headers)
          times.push(answer.ms)
        }
        const sorted = [...times].sort((a, b) => a - b)
        cold.set(target, {
          first: times[0],
          median: sorted[Math.floor(sorted.length / 2)],
          max: sorted[sorted.length - 1],
          variants: times.length,
        })
      }
    }

    // warm-up (not reported): every path of every target, so that the JIT and the pools are warm
    const warmPaths = [health, ...selected]
      .filter((target) => !available.get(target) && (target.method ?? 'GET') === 'GET')
      .flatMap((target) => target.paths)
    await measure(
      base,
      { name: 'warm-up', paths: warmPaths, cache: '' },
      {
        duration: Math.min(5, Math.max(2, context.options.duration)),
        connections: context.options.connections,
        headers: await headersFor({ ...health, auth: true }),
      }
    )

    /*
     * Each endpoint is measured in rounds that alternate with /api/health
     * (health, endpoint, health, endpoint …), and its ratio is taken
     * against the health runs next to it: the machine's load drifts
     * (other processes), and a baseline measured minutes earlier would
     * turn that drift into the ratio.
     */
    const rounds = Math.max(1, context.options.rounds)
    const slice = Math.max(1, Math.round(context.options.duration / rounds))
    const options = { duration: slice, connections: context.options.connections }
    const healthParts: Measurement[] = []
    for (const target of selected) {
      const problem = available.get(target)
      if (problem) {
        rows.push({
          name: target.name,
          requests: 0,
          p50: 0,
          p95: 0,
          p99: 0,
          rps: 0,
          errors: 0,
          statuses: {},
          times: [],
          seconds: 0,
          healthRps: 0,
          cache: target.cache,
          checked: Boolean(target.checked),
          skipped: problem,
        })
        continue
      }
      context.logger.log(`measuring ${target.name} (${target.paths.length} variants) …`)
      const own: Measurement[] = []
      const beside: Measurement[] = []
      for (let round = 0; round < rounds; round++) {
        beside.push(await measure(base, health, { ...options, headers: {} }))
        own.push(await measure(base, target, { ...options, headers: await headersFor(target) }))
      }
      healthParts.push(...beside)
      rows.push({
        ...combine(target.name, own),
        healthRps: combine(health.name, beside).rps,
        cache: target.cache,
        checked: Boolean(target.checked),
        cold: cold.get(target),
      })
    }
    if (healthParts.length) {
      const all = combine(health.name, healthParts)
      rows.unshift({ ...all, healthRps: all.rps, cache: health.cache, checked: false })
    }
  } finally {
    await new Promise((resolve) => {
      server.once('exit', resolve)
      server.kill('SIGTERM')
    })
  }
  return rows
}

/**
 * Changes the data versions the server's MetricsCache and VideosCache watch
 * (the newest metric_daily_totals.updated_at and videos.updated_at), as a
 * collection in another process would; the numbers stay the same.
 */
export async function bumpDataVersion() {
  const now = new Date(Date.now() + 1000).toISOString().slice(0, 19).replace('T', ' ')
  // the metric answers' version and the video answers' (VideosCache: newest videos.updated_at)
  for (const table of ['metric_daily_totals', 'videos']) {
    const row = await db.from(table).orderBy('id', 'desc').select('id').first()
    if (row) await db.from(table).where('id', row.id).update({ updated_at: now })
  }
}

/**
 * Starts the server against the bench database: the compiled build
 * (build/bin/server.js, what `npm start` runs; compiled first when stale)
 * or, with `loader`, the TypeScript sources through the runtime loader;
 * `env` adds to (or overrides) its environment; `sameBuild` starts the
 * build in place without checking it is current (a restart within a run).
 */
export async function startServer(
  context: BenchContext,
  port: number,
  options: { loader?: boolean; env?: Record<string, string>; sameBuild?: boolean } = {}
): Promise<ChildProcess> {
  let script = ['--import=ts-node-maintained/register/esm', 'bin/server.ts']
  if (!options.loader) {
    const { ensureApiBuild } = await import('../scripts/build_api.js')
    if (!options.sameBuild) await ensureApiBuild()
    script = ['build/bin/server.js']
  }
  // the production flags (heap cap) for both, so that only the loader differs
  const { serverNodeFlags } = await import('../scripts/node_flags.js')
  const child = spawn(process.execPath, [...serverNodeFlags(), ...script], {
    cwd: context.options.appRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      QUEUE_WORKER: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  return new Promise<ChildProcess>((resolve, reject) => {
    const started = Date.now()
    const poll = async () => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`)
        if (response.ok && child.exitCode === null) {
          child.off('exit', onEarlyExit)
          return resolve(child)
        }
      } catch {
        // not yet listening
      }
      if (Date.now() - started > 60_000) {
        child.kill('SIGTERM')
        return reject(new Error('the server did not start within 60 s'))
      }
      setTimeout(poll, 250)
    }
    const onEarlyExit = (code: number | null) => reject(new Error(`the server exited with ${code}`))
    child.once('exit', onEarlyExit)
    poll()
  })
}

/**
 * GET /api/health requests/s of the compiled server and of the same sources
 * through the runtime loader, measured one after the other on this run.
 */
export async function compareLoader(context: BenchContext) {
  const health: Target = { name: 'GET /api/health', paths: ['/api/health'], cache: '' }
  const figures: Record<'compiled' | 'loader', Measurement> = {} as never
  for (const kind of ['loader', 'compiled'] as const) {
    const port = await freePort(context.options.port)
    const server = await startServer(context, port, { loader: kind === 'loader' })
    try {
      const base = `http://127.0.0.1:${port}`
      const options = { duration: 2, connections: context.options.connections, headers: {} }
      await measure(base, health, options)
      figures[kind] = await measure(base, health, {
        ...options,
        duration: Math.max(3, context.options.duration),
      })
    } finally {
      server.kill('SIGTERM')
      await new Promise((resolve) => server.once('exit', resolve))
    }
  }
  return figures
}
