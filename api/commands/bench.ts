import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import type { DatasetReport } from '#services/bench/dataset'
import type { ExplainedQuery } from '#services/bench/explain'
import type { IngestFigure } from '#services/bench/ingest'
import type { Measurement, Target } from '#services/bench/measure'

/** The bench's own admin account (bench database only). */
const BENCH_ADMIN = { email: 'bench.admin@mcn.local', password: 'bench-password-2026' }

/** Issue 4's speed targets. */
const P95_TARGET_MS = 50
const RATIO_TARGET = 0.5
/** MetricsCache re-reads the data version at most this often (api/services/metrics/metrics_cache.ts). */
const CACHE_VERSION_TTL_MS = 5000

interface Row extends Measurement {
  /** Requests/s of /api/health in the rounds alternating with this endpoint's. */
  healthRps: number
  cache: string
  checked: boolean
  cold?: { first: number; median: number; max: number; variants: number }
  skipped?: string
}

const addDays = (value: string, days: number) => {
  const date = new Date(`${value}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The first port from `from` on that nothing listens on (127.0.0.1). */
async function freePort(from: number) {
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
const fixed = (value: number, digits = 1) => value.toFixed(digits)

/**
 * `npm run bench` (issue 4, "Speed"): builds — or reuses — the bench
 * dataset (api/services/bench/dataset.ts: 1,000 creators × 6 platforms ×
 * 730 days on MySQL/MariaDB, a smaller one on SQLite), starts the server on
 * a spare port against the bench database and measures every endpoint with
 * autocannon: p50, p95, requests/s and the ratio of requests/s to GET
 * /api/health in the same run, several query variants per endpoint, and
 * separately the first (cold) answer of each after the metrics cache is
 * invalidated. Then the collection's write path (snapshots/s) and EXPLAIN /
 * ANALYZE of every query the metric endpoints run. Figures are printed,
 * never asserted; misses of p95 ≤ 50 ms or ratio ≥ 0.5 are marked.
 */
export default class Bench extends BaseCommand {
  static commandName = 'bench'
  static description = 'Build the bench dataset and measure the API (p50/p95, req/s, ratio)'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Seconds per endpoint (split into rounds)', default: 6 })
  declare duration: number

  @flags.number({
    description: 'Rounds per endpoint, each next to a /api/health round',
    default: 3,
  })
  declare rounds: number

  @flags.number({ description: 'Concurrent connections', default: 10 })
  declare connections: number

  @flags.number({ description: 'Port for the measured server', default: 3390 })
  declare port: number

  @flags.boolean({ description: 'Rebuild the dataset even when a complete one exists' })
  declare rebuild: boolean

  @flags.number({ description: 'Creators in the dataset (default 1000 on MySQL, 200 on SQLite)' })
  declare creators?: number

  @flags.number({ description: 'Days of snapshots (default 730 on MySQL, 365 on SQLite)' })
  declare days?: number

  @flags.string({ description: 'Snapshot load on MySQL: infile (LOAD DATA LOCAL) or insert' })
  declare method?: string

  @flags.string({ description: 'Only measure endpoints whose name contains this (or BENCH_ONLY)' })
  declare only?: string

  @flags.boolean({ description: 'Build the dataset only' })
  declare loadOnly: boolean

  @flags.boolean({ description: 'Skip the HTTP measurements' })
  declare skipHttp: boolean

  @flags.boolean({ description: 'Skip the ingest measurement' })
  declare skipIngest: boolean

  @flags.boolean({ description: 'Skip EXPLAIN / ANALYZE' })
  declare skipExplain: boolean

  async run() {
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const { default: BenchDataset } = await import('#services/bench/dataset')
    const { default: ReferenceSeeder } = await import('#database/seeders/01_reference_seeder')
    await ReferenceSeeder.seed()

    const mysql = db.connection().dialect.name.startsWith('mysql')
    const creators = this.creators ?? (mysql ? 1000 : 200)
    const days = this.days ?? (mysql ? 730 : 365)
    const method = this.method === 'insert' ? 'insert' : this.method ? 'infile' : undefined
    const dataset = await BenchDataset.ensure({
      creators,
      days,
      rebuild: this.rebuild,
      method,
      log: (line) => this.logger.log(line),
    })
    this.#printDataset(dataset, mysql)
    if (this.loadOnly) return

    const rows = this.skipHttp ? [] : await this.#measureHttp(dataset)
    const accounts = await BenchDataset.accounts()
    let ingest: IngestFigure[] = []
    if (!this.skipIngest) {
      const { measureIngest } = await import('#services/bench/ingest')
      ingest = await measureIngest(accounts, dataset.marker.end, (line) => this.logger.log(line))
    }
    const explained = this.skipExplain ? [] : await this.#explain(dataset)

    this.#printDataset(dataset, mysql)
    const storage = await this.#storageNote()
    if (storage) this.logger.log(storage)
    if (rows.length) this.#printHttp(rows)
    if (ingest.length) this.#printIngest(ingest)
    if (explained.length) this.#printExplain(explained, mysql)
  }

  /* ---------------------------------------------------------------- */
  /* What is measured                                                  */
  /* ---------------------------------------------------------------- */

  async #targets(dataset: DatasetReport): Promise<Target[]> {
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const { default: studioConfig } = await import('#config/studio')
    const { BENCH_BRAND_PREFIX } = await import('#services/bench/dataset')
    const end = dataset.marker.end
    const brand = studioConfig.brand
    const valid = await db
      .from('creators')
      .where('brand_no', 'like', `${BENCH_BRAND_PREFIX}%`)
      .where('contract_status', 'valid')
      .orderBy('id')
      .limit(25)
      .select('id')
    const ids = valid.map((row) => Number(row.id))
    const week = (weeksBack: number) =>
      `start=${addDays(end, -6 - 7 * weeksBack)}&end=${addDays(end, -7 * weeksBack)}`
    const metricsCache = 'per data version (MetricsCache)'
    const metric = { auth: true, cold: true, checked: true, cache: metricsCache }

    return [
      { name: 'GET /api/client-info', paths: ['/api/client-info'], cache: 'none (no DB)' },
      {
        name: 'GET /api/resource?key=group',
        paths: ['/api/resource?key=group'],
        cache: 'none',
      },
      { name: 'GET /api/user/info', paths: ['/api/user/info'], auth: true, cache: 'token 5 s' },
      {
        name: 'GET /api/user/permissions',
        paths: ['/api/user/permissions'],
        auth: true,
        cache: 'token 5 s, per role',
      },
      {
        ...metric,
        name: `GET /api/${brand}_dashboard`,
        paths: [
          `/api/${brand}_dashboard`,
          `/api/${brand}_dashboard?${week(1)}`,
          `/api/${brand}_dashboard?platform=youtube`,
          `/api/${brand}_dashboard?platform=bilibili&${week(2)}`,
          `/api/${brand}_dashboard?start=${addDays(end, -29)}&end=${end}`,
        ],
      },
      {
        ...metric,
        name: 'GET /api/dashboard/list sort=views',
        paths: [0, 20, 40, 60].flatMap((offset) => [
          `/api/dashboard/list?sort=views&offset=${offset}&limit=20`,
          `/api/dashboard/list?sort=views&offset=${offset}&limit=20&${week(1)}`,
        ]),
      },
      {
        ...metric,
        name: 'GET /api/dashboard/list sort=ad_price',
        paths: [0, 20, 40].flatMap((offset) => [
          `/api/dashboard/list?sort=ad_price&offset=${offset}&limit=20`,
          `/api/dashboard/list?sort=ad_price&order=asc&offset=${offset}&limit=20&platform=youtube`,
        ]),
      },
      {
        ...metric,
        name: 'GET /api/dashboard/list sort=fans',
        paths: [0, 20].map((offset) => `/api/dashboard/list?sort=fans&offset=${offset}&limit=20`),
      },
      {
        ...metric,
        name: 'GET /api/dashboard/chart/weekly',
        paths: [
          '/api/dashboard/chart/weekly',
          `/api/dashboard/chart/weekly?${week(1)}`,
          '/api/dashboard/chart/weekly?platform=youtube',
          `/api/dashboard/chart/weekly?start=${addDays(end, -29)}&end=${end}`,
        ],
      },
      {
        ...metric,
        name: 'GET /api/dashboard/total',
        paths: [
          '/api/dashboard/total',
          `/api/dashboard/total?${week(1)}`,
          `/api/dashboard/total?${week(4)}`,
        ],
      },
      {
        ...metric,
        name: 'GET /api/dashboard/ranking/month',
        paths: [
          '/api/dashboard/ranking/month',
          '/api/dashboard/ranking/month?period=week',
          '/api/dashboard/ranking/month?sort=views',
          '/api/dashboard/ranking/month?platform=bilibili',
          `/api/dashboard/ranking/month?date=${addDays(end, -30)}`,
        ],
      },
      {
        ...metric,
        name: `GET /api/${brand}_dashboard_panel?period=1m`,
        paths: [
          `/api/${brand}_dashboard_panel?period=1m`,
          `/api/${brand}_dashboard_panel?period=1m&platform=youtube`,
          `/api/${brand}_dashboard_panel?period=1m&platform=bilibili`,
          `/api/${brand}_dashboard_panel?period=1m&date=${addDays(end, -7)}`,
        ],
      },
      {
        ...metric,
        name: `GET /api/${brand}_dashboard_panel 1w/3m`,
        paths: [
          `/api/${brand}_dashboard_panel?period=1w`,
          `/api/${brand}_dashboard_panel?period=3m`,
        ],
      },
      {
        ...metric,
        name: 'GET /api/dashboard/category/platform',
        paths: [
          '/api/dashboard/category/platform?period=1w',
          '/api/dashboard/category/platform?period=1m',
          '/api/dashboard/category/platform?period=3m&platform=youtube',
        ],
      },
      {
        ...metric,
        name: 'GET /api/dashboard/fans',
        paths: [
          '/api/dashboard/fans',
          '/api/dashboard/fans?platform_id=youtube',
          '/api/dashboard/fans?platform_id=bilibili',
          '/api/dashboard/fans?platform_id=douyin',
        ],
      },
      {
        ...metric,
        name: 'GET /api/metrics/series (5 creators)',
        paths: [0, 5, 10, 15].map((from, index) => {
          const set = ids.slice(from, from + 5).join(',')
          const granularity = ['day', 'week', 'day', 'month'][index]
          const span = [29, 89, 6, 364][index]
          return (
            `/api/metrics/series?creator_ids=${set}&metrics=fans,views&granularity=${granularity}` +
            `&start=${addDays(end, -span)}&end=${end}`
          )
        }),
      },
      {
        name: 'GET /api/creators (list)',
        auth: true,
        checked: true,
        cache: '≤ 5 s per user and query (CreatorListCache)',
        paths: [
          '/api/creators?_start=0&_end=20',
          '/api/creators?_start=20&_end=40&_sort=total_fans&_order=desc',
          '/api/creators?_start=0&_end=20&contract_status=valid&kind=CR',
          '/api/creators?_start=40&_end=60&_sort=created_at&_order=desc',
          '/api/creators?_start=0&_end=20&platform=bilibili&_sort=total_fans&_order=desc',
        ],
      },
      {
        name: 'GET /api/audit-logs?_start=0&_end=20',
        paths: ['/api/audit-logs?_start=0&_end=20'],
        auth: true,
        cache: 'none',
      },
      {
        name: 'POST /api/user/login (scrypt)',
        method: 'POST',
        paths: ['/api/user/login'],
        body: JSON.stringify({ account: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
        connections: 2,
        cache: 'none (scrypt by design)',
      },
    ]
  }

  /* ---------------------------------------------------------------- */
  /* HTTP                                                              */
  /* ---------------------------------------------------------------- */

  async #measureHttp(dataset: DatasetReport): Promise<Row[]> {
    const { combine, measure, timeOnce } = await import('#services/bench/measure')
    const admin = await this.#admin()
    const { default: TokenService } = await import('#services/auth/token_service')
    const targets = await this.#targets(dataset)
    const only = this.only ?? process.env.BENCH_ONLY
    const selected = only ? targets.filter((target) => target.name.includes(only)) : targets
    // never measure somebody else's server: the port must be free before ours starts
    const port = await freePort(this.port)
    if (port !== this.port) this.logger.warning(`port ${this.port} is taken; using ${port}`)
    const base = `http://127.0.0.1:${port}`
    const health: Target = {
      name: 'GET /api/health (baseline)',
      paths: ['/api/health'],
      cache: 'none (select 1)',
    }

    const server = await this.#startServer(port)
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
        if (problem) this.logger.warning(`${target.name}: ${problem}`)
      }

      // first answers after the data version changes (every cached answer is gone)
      const cold = new Map<Target, Row['cold']>()
      const coldTargets = selected.filter((target) => target.cold && !available.get(target))
      if (coldTargets.length) {
        await this.#bumpDataVersion()
        this.logger.log(
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
          duration: Math.min(5, Math.max(2, this.duration)),
          connections: this.connections,
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
      const rounds = Math.max(1, this.rounds)
      const slice = Math.max(1, Math.round(this.duration / rounds))
      const options = { duration: slice, connections: this.connections }
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
        this.logger.log(`measuring ${target.name} (${target.paths.length} variants) …`)
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

  async #admin() {
    const { default: User } = await import('#models/user')
    const { email, password } = BENCH_ADMIN
    return (
      (await User.findBy('email', email)) ??
      (await User.create({
        email,
        password,
        name: 'Bench Admin',
        role: 'admin',
        accountType: 'staff',
        status: 'active',
        locale: 'en',
      }))
    )
  }

  /**
   * Changes the data version the server's MetricsCache watches (the newest
   * metric_daily_totals.updated_at), as a collection in another process
   * would; the numbers stay the same.
   */
  async #bumpDataVersion() {
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const row = await db.from('metric_daily_totals').orderBy('id', 'desc').select('id').first()
    if (!row) return
    const now = new Date(Date.now() + 1000).toISOString().slice(0, 19).replace('T', ' ')
    await db.from('metric_daily_totals').where('id', row.id).update({ updated_at: now })
  }

  #startServer(port: number): Promise<ChildProcess> {
    const child = spawn(
      process.execPath,
      ['--import=ts-node-maintained/register/esm', 'bin/server.ts'],
      {
        cwd: this.app.makePath(),
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          QUEUE_WORKER: 'false',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      }
    )
    return new Promise((resolve, reject) => {
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
      const onEarlyExit = (code: number | null) =>
        reject(new Error(`the server exited with ${code}`))
      child.once('exit', onEarlyExit)
      poll()
    })
  }

  /* ---------------------------------------------------------------- */
  /* EXPLAIN                                                           */
  /* ---------------------------------------------------------------- */

  /**
   * Runs each metric endpoint once on an in-process server with an empty
   * metrics cache, records the SQL it sends, and explains every query.
   */
  async #explain(dataset: DatasetReport) {
    const { captureQueries, explain } = await import('#services/bench/explain')
    const { default: MetricsCache } = await import('#services/metrics/metrics_cache')
    const { default: TokenService } = await import('#services/auth/token_service')
    const { default: testUtils } = await import('@adonisjs/core/services/test_utils')
    const admin = await this.#admin()
    const port = await freePort(this.port + 1)
    const previous = { PORT: process.env.PORT, HOST: process.env.HOST }
    process.env.PORT = String(port)
    process.env.HOST = '127.0.0.1'
    const close = await testUtils.httpServer().start()
    const results: (ExplainedQuery & { endpoint: string })[] = []
    try {
      const all = await this.#targets(dataset)
      const targets = all.filter((target) => target.checked && target.paths.length)
      const { token } = await TokenService.issuePair(admin)
      for (const target of targets) {
        MetricsCache.bump()
        const path = target.paths[0]
        let status = 0
        const queries = await captureQueries(async () => {
          const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { token } })
          status = response.status
          await response.text()
        })
        if (status >= 300) continue
        const seen = new Set<string>()
        for (const query of queries) {
          const key = `${query.sql}|${JSON.stringify(query.bindings)}`
          if (seen.has(key)) continue
          seen.add(key)
          try {
            results.push({ endpoint: target.name, ...(await explain(query)) })
          } catch (error) {
            results.push({
              endpoint: target.name,
              sql: query.sql,
              estimate: null,
              actual: null,
              ms: null,
              plan: `EXPLAIN failed: ${(error as Error).message.slice(0, 100)}`,
            })
          }
        }
      }
    } finally {
      await close()
      process.env.PORT = previous.PORT
      process.env.HOST = previous.HOST
    }
    return results
  }

  /* ---------------------------------------------------------------- */
  /* Output                                                            */
  /* ---------------------------------------------------------------- */

  /** InnoDB's buffer pool against the size of metric_snapshots (MySQL/MariaDB). */
  async #storageNote() {
    const { default: db } = await import('@adonisjs/lucid/services/db')
    if (!db.connection().dialect.name.startsWith('mysql')) return null
    const [[pool]] = await db.rawQuery('select @@innodb_buffer_pool_size as size')
    const [[table]] = await db.rawQuery(
      `select data_length + index_length as size, data_length as data, index_length as indexes
       from information_schema.tables where table_schema = database() and table_name = 'metric_snapshots'`
    )
    const mb = (value: unknown) => `${Math.round(Number(value) / 1048576)} MB`
    const small = Number(pool.size) < Number(table.size)
    return (
      `storage: innodb_buffer_pool_size ${mb(pool.size)}; metric_snapshots ${mb(table.size)} ` +
      `(rows ${mb(table.data)}, indexes ${mb(table.indexes)})` +
      (small
        ? ' — the pool is smaller than the table: cold queries and the ingest read pages from ' +
          'disk; size the pool to the working set (e.g. SET GLOBAL innodb_buffer_pool_size = 2147483648)'
        : '')
    )
  }

  #printDataset(dataset: DatasetReport, mysql: boolean) {
    const marker = dataset.marker
    this.logger.log('')
    this.logger.log(
      `dataset: ${marker.creators} creators × 6 platforms (${marker.accounts} accounts) × ` +
        `${marker.days} days (${marker.start} … ${marker.end}) = ` +
        `${marker.rows.toLocaleString('en')} metric_snapshots rows` +
        (mysql ? '' : ' — SQLite: a SMALLER dataset than issue 4 asks for (use MySQL/MariaDB)')
    )
    this.logger.log(
      dataset.reused
        ? `dataset: reused (built ${marker.built_at}: load ${marker.load_seconds} s = ` +
            `${Math.round(marker.rows / marker.load_seconds).toLocaleString('en')} rows/s via ${marker.method}, ` +
            `rollup ${marker.rollup_seconds} s); --rebuild builds it again`
        : `dataset: built now — load ${marker.load_seconds} s = ` +
            `${Math.round(marker.rows / marker.load_seconds).toLocaleString('en')} rows/s via ${marker.method}, ` +
            `rollup ${marker.rollup_seconds} s`
    )
  }

  #printHttp(rows: Row[]) {
    const width = 46
    this.logger.log('')
    this.logger.log(
      `${'endpoint'.padEnd(width)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ` +
        `${'req/s'.padStart(7)} ${'health'.padStart(7)} ${'ratio'.padStart(6)} ${'cold ms'.padStart(8)} ` +
        `${'err'.padStart(4)}  ${'target'.padEnd(13)} cached`
    )
    for (const row of rows) {
      if (row.skipped) {
        this.logger.log(`${row.name.padEnd(width)} not measured: ${row.skipped}`)
        continue
      }
      const ratio = row.rps / (row.healthRps || 1)
      const misses: string[] = []
      if (row.checked && row.p95 > P95_TARGET_MS) misses.push('p95')
      if (row.checked && ratio < RATIO_TARGET) misses.push('ratio')
      const verdict = row.checked ? (misses.length ? `MISS ${misses.join('+')}` : 'ok') : ''
      const coldText = row.cold ? `${fixed(row.cold.first, 0)}/${fixed(row.cold.max, 0)}` : ''
      this.logger.log(
        `${row.name.padEnd(width)} ${fixed(row.p50).padStart(7)} ${fixed(row.p95).padStart(7)} ` +
          `${fixed(row.rps, 0).padStart(7)} ${fixed(row.healthRps, 0).padStart(7)} ` +
          `${fixed(ratio, 2).padStart(6)} ${coldText.padStart(8)} ` +
          `${String(row.errors).padStart(4)}  ${verdict.padEnd(13)} ${row.cache}`
      )
    }
    this.logger.log('')
    this.logger.log(
      `${this.connections} connections; each endpoint ${Math.max(1, this.rounds)} rounds of ` +
        `${Math.max(1, Math.round(this.duration / Math.max(1, this.rounds)))} s, each round next to ` +
        `a /api/health round of the same length; ratio = req/s ÷ the req/s of those health rounds ` +
        `("health"); the first row is every health round together. Several query variants per ` +
        `endpoint (autocannon cycles them). Targets: p95 ≤ ${P95_TARGET_MS} ms and ratio ≥ ${RATIO_TARGET}.`
    )
    this.logger.log(
      'cached: metric answers are kept in memory per data version (MetricsCache) and key — warm ' +
        'figures are mostly cache hits after the first request of each variant. "cold ms" = the ' +
        'first answer of the first variant / the slowest first answer over all variants, right after ' +
        'the data version changed (every cached answer gone; timed one at a time).'
    )
  }

  #printIngest(figures: IngestFigure[]) {
    this.logger.log('')
    this.logger.log(
      `${'collection write path'.padEnd(48)} ${'rows'.padStart(7)} ${'s'.padStart(7)} ${'rows/s'.padStart(9)}`
    )
    for (const figure of figures) {
      this.logger.log(
        `${figure.name.padEnd(48)} ${String(figure.rows).padStart(7)} ${fixed(figure.seconds, 2).padStart(7)} ` +
          `${fixed(figure.perSecond, 0).padStart(9)}  ${figure.note ?? ''}`
      )
    }
    this.logger.log('target: ≥ 5,000 snapshots/s')
  }

  #printExplain(results: (ExplainedQuery & { endpoint: string })[], mysql: boolean) {
    this.logger.log('')
    this.logger.log(
      mysql
        ? 'EXPLAIN / ANALYZE of every query the metric endpoints ran on a cold cache ' +
            '(est = optimizer rows summed over the plan, read = rows actually read, ms = ANALYZE time):'
        : 'EXPLAIN QUERY PLAN of every query the metric endpoints ran on a cold cache (SQLite has no row estimates):'
    )
    let endpoint = ''
    for (const result of results) {
      if (result.endpoint !== endpoint) {
        endpoint = result.endpoint
        this.logger.log(`  ${endpoint}`)
      }
      const sql = result.sql.replace(/\s+/g, ' ').slice(0, 110)
      const figures = mysql
        ? `est ${String(result.estimate ?? '?').padStart(8)}  read ${String(result.actual ?? '?').padStart(8)}  ` +
          `${result.ms === null ? '' : `${fixed(result.ms, 1)} ms`}`
        : ''
      this.logger.log(`    ${figures}  ${sql}`)
      this.logger.log(`      plan: ${result.plan}`)
    }
  }
}
