import { spawn, type ChildProcess } from 'node:child_process'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import autocannon from 'autocannon'

interface Target {
  name: string
  method?: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
  connections?: number
}

/**
 * `npm run bench`: starts the server on a spare port against the bench
 * database and measures each endpoint with autocannon, printing p50, p95,
 * requests/s and the ratio of requests/s to GET /api/health measured in the
 * same run. Later issues add their endpoints (dashboard, data center …) to
 * the target list. Figures are printed, never asserted.
 */
export default class Bench extends BaseCommand {
  static commandName = 'bench'
  static description = 'Measure the API endpoints (p50/p95, requests/s, ratio to /api/health)'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Seconds per endpoint', default: 5 })
  declare duration: number

  @flags.number({ description: 'Concurrent connections', default: 10 })
  declare connections: number

  @flags.number({ description: 'Port for the measured server', default: 3390 })
  declare port: number

  async run() {
    const { default: User } = await import('#models/user')
    const { default: TokenService } = await import('#services/token_service')
    const { default: ReferenceSeeder } = await import('#database/seeders/01_reference_seeder')

    await ReferenceSeeder.seed()
    const email = 'bench.admin@mcn.local'
    const password = 'bench-password-2026'
    const admin =
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
    const pair = await TokenService.issuePair(admin)

    const server = await this.#startServer()
    try {
      const auth = { token: pair.token }
      const targets: Target[] = [
        { name: 'GET /api/health (baseline)', path: '/api/health' },
        { name: 'GET /api/client-info', path: '/api/client-info' },
        { name: 'GET /api/resource?key=group', path: '/api/resource?key=group' },
        { name: 'GET /api/user/info', path: '/api/user/info', headers: auth },
        { name: 'GET /api/user/permissions', path: '/api/user/permissions', headers: auth },
        {
          name: 'GET /api/audit-logs?_start=0&_end=20',
          path: '/api/audit-logs?_start=0&_end=20',
          headers: auth,
        },
        {
          name: 'POST /api/user/login (scrypt)',
          method: 'POST',
          path: '/api/user/login',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account: email, password }),
          connections: 2,
        },
      ]

      const rows: { name: string; p50: number; p95: number; rps: number; errors: number }[] = []
      const only = process.env.BENCH_ONLY
      for (const target of only ? targets.filter((entry) => entry.name.includes(only)) : targets) {
        const result = await autocannon({
          url: `http://127.0.0.1:${this.port}${target.path}`,
          method: target.method ?? 'GET',
          headers: target.headers,
          body: target.body,
          connections: target.connections ?? this.connections,
          duration: this.duration,
        })
        rows.push({
          name: target.name,
          p50: result.latency.p50,
          p95:
            (result.latency as any).p97_5 !== undefined ? percentile95(result) : result.latency.p99,
          rps: result.requests.average,
          errors: result.errors + result.non2xx,
        })
      }

      const baseline = rows[0]?.rps || 1
      this.logger.log('')
      this.logger.log(
        `${'endpoint'.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'req/s'.padStart(9)} ${'ratio'.padStart(6)} ${'errors'.padStart(7)}`
      )
      for (const row of rows) {
        this.logger.log(
          `${row.name.padEnd(44)} ${row.p50.toFixed(1).padStart(8)} ${row.p95.toFixed(1).padStart(8)} ${row.rps.toFixed(0).padStart(9)} ${(row.rps / baseline).toFixed(2).padStart(6)} ${String(row.errors).padStart(7)}`
        )
      }
      this.logger.log('')
      this.logger.log(
        `database: ${this.app.config.get('database.connection')}, ${this.connections} connections, ${this.duration}s per endpoint`
      )
    } finally {
      await new Promise((resolve) => {
        server.once('exit', resolve)
        server.kill('SIGTERM')
      })
    }
  }

  #startServer(): Promise<ChildProcess> {
    const child = spawn(
      process.execPath,
      ['--import=ts-node-maintained/register/esm', 'bin/server.ts'],
      {
        cwd: this.app.makePath(),
        env: {
          ...process.env,
          PORT: String(this.port),
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
          const response = await fetch(`http://127.0.0.1:${this.port}/api/health`)
          if (response.ok) {
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
}

/** autocannon reports p90 and p97.5; p95 is read from its histogram. */
function percentile95(result: autocannon.Result) {
  const histogram = (result as any).latency
  return histogram.p90 + (histogram.p97_5 - histogram.p90) * ((95 - 90) / (97.5 - 90))
}
