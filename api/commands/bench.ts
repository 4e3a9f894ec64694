import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `npm run bench`: builds — or reuses — the bench dataset and measures the
 * API (p50/p95, requests/s, the ratio to /api/health), the collection's write
 * path and the metric queries' plans. The work lives in bench/ (bench/run.ts);
 * this command reads the flags and hands them over.
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

  @flags.boolean({ description: 'Only the soak: distinct dashboard queries while RSS is sampled' })
  declare soak: boolean

  @flags.number({ description: 'Queries of the soak', default: 20_000 })
  declare soakQueries: number

  @flags.number({
    description:
      'MySQL: grow innodb_buffer_pool_size to this many MB (SET GLOBAL; it stays until a restart)',
  })
  declare poolMb: number

  @flags.number({
    description: 'The upload bench: MB of the generated file (default 2048; 0 skips it)',
  })
  declare uploadMb?: number

  @flags.number({
    description: 'The outside bench: crawl tasks due in one hour (default 1000; the issue: 10000)',
  })
  declare outsideTasks?: number

  @flags.number({
    description:
      'The live collection bench: accounts across the twelve fake platforms (default 24; 0 skips it)',
  })
  declare collectAccounts?: number

  async run() {
    const { runBench } = await import('#bench/run')
    await runBench({
      options: {
        duration: this.duration,
        rounds: this.rounds,
        connections: this.connections,
        port: this.port,
        rebuild: this.rebuild,
        creators: this.creators,
        days: this.days,
        method: this.method,
        only: this.only,
        loadOnly: this.loadOnly,
        skipHttp: this.skipHttp,
        skipIngest: this.skipIngest,
        skipExplain: this.skipExplain,
        soak: this.soak,
        poolMb: this.poolMb,
        soakQueries: this.soakQueries,
        uploadMb: this.uploadMb,
        collectAccounts: this.collectAccounts,
        outsideTasks: this.outsideTasks,
        appRoot: this.app.makePath(),
      },
      logger: {
        log: (line) => this.logger.log(line),
        warning: (line) => this.logger.warning(line),
      },
    })
  }
}
