import {
  INGEST_TARGET_PER_SECOND,
  P95_TARGET_MS,
  RATIO_TARGET,
  type BenchContext,
} from '#bench/context'
import type { DatasetReport } from '#bench/dataset'
import type { ExplainedQuery } from '#bench/explain'
import type { Row } from '#bench/http'
import type { IngestFigure } from '#bench/ingest'
import db from '@adonisjs/lucid/services/db'

const fixed = (value: number, digits = 1) => value.toFixed(digits)

/** InnoDB's buffer pool against the size of metric_snapshots (MySQL/MariaDB). */
export async function storageNote() {
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

export function printDataset(context: BenchContext, dataset: DatasetReport, mysql: boolean) {
  const marker = dataset.marker
  context.logger.log('')
  context.logger.log(
    `dataset: ${marker.creators} creators × 6 platforms (${marker.accounts} accounts) × ` +
      `${marker.days} days (${marker.start} … ${marker.end}) = ` +
      `${marker.rows.toLocaleString('en')} metric_snapshots rows` +
      (mysql
        ? ''
        : ' — SQLite: a SMALLER dataset than the full one of 1,000 creators × 730 days (use MySQL/MariaDB)')
  )
  context.logger.log(
    dataset.reused
      ? `dataset: reused (built ${marker.built_at}: load ${marker.load_seconds} s = ` +
          `${Math.round(marker.rows / marker.load_seconds).toLocaleString('en')} rows/s via ${marker.method}, ` +
          `rollup ${marker.rollup_seconds} s); --rebuild builds it again`
      : `dataset: built now — load ${marker.load_seconds} s = ` +
          `${Math.round(marker.rows / marker.load_seconds).toLocaleString('en')} rows/s via ${marker.method}, ` +
          `rollup ${marker.rollup_seconds} s`
  )
}

export function printHttp(context: BenchContext, rows: Row[]) {
  const width = 46
  context.logger.log('')
  context.logger.log(
    `${'endpoint'.padEnd(width)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ` +
      `${'req/s'.padStart(7)} ${'health'.padStart(7)} ${'ratio'.padStart(6)} ${'cold ms'.padStart(8)} ` +
      `${'err'.padStart(4)}  ${'target'.padEnd(13)} cached`
  )
  for (const row of rows) {
    if (row.skipped) {
      context.logger.log(`${row.name.padEnd(width)} not measured: ${row.skipped}`)
      continue
    }
    const ratio = row.rps / (row.healthRps || 1)
    const misses: string[] = []
    if (row.checked && row.p95 > P95_TARGET_MS) misses.push('p95')
    if (row.checked && ratio < RATIO_TARGET) misses.push('ratio')
    const verdict = row.checked ? (misses.length ? `MISS ${misses.join('+')}` : 'ok') : ''
    const coldText = row.cold ? `${fixed(row.cold.first, 0)}/${fixed(row.cold.max, 0)}` : ''
    context.logger.log(
      `${row.name.padEnd(width)} ${fixed(row.p50).padStart(7)} ${fixed(row.p95).padStart(7)} ` +
        `${fixed(row.rps, 0).padStart(7)} ${fixed(row.healthRps, 0).padStart(7)} ` +
        `${fixed(ratio, 2).padStart(6)} ${coldText.padStart(8)} ` +
        `${String(row.errors).padStart(4)}  ${verdict.padEnd(13)} ${row.cache}`
    )
  }
  context.logger.log('')
  context.logger.log(
    `${context.options.connections} connections; each endpoint ${Math.max(1, context.options.rounds)} rounds of ` +
      `${Math.max(1, Math.round(context.options.duration / Math.max(1, context.options.rounds)))} s, each round next to ` +
      `a /api/health round of the same length; ratio = req/s ÷ the req/s of those health rounds ` +
      `("health"); the first row is every health round together. Several query variants per ` +
      `endpoint (autocannon cycles them). Targets: p95 ≤ ${P95_TARGET_MS} ms and ratio ≥ ${RATIO_TARGET}.`
  )
  context.logger.log(
    'cached: metric answers are kept in memory per data version (MetricsCache) and key — warm ' +
      'figures are mostly cache hits after the first request of each variant. "cold ms" = the ' +
      'first answer of the first variant / the slowest first answer over all variants, right after ' +
      'the data version changed (every cached answer gone; timed one at a time).'
  )
}

export function printIngest(context: BenchContext, figures: IngestFigure[]) {
  context.logger.log('')
  context.logger.log(
    `${'collection write path'.padEnd(48)} ${'rows'.padStart(7)} ${'s'.padStart(7)} ${'rows/s'.padStart(9)}`
  )
  for (const figure of figures) {
    context.logger.log(
      `${figure.name.padEnd(48)} ${String(figure.rows).padStart(7)} ${fixed(figure.seconds, 2).padStart(7)} ` +
        `${fixed(figure.perSecond, 0).padStart(9)}  ${figure.note ?? ''}`
    )
  }
  context.logger.log(`target: ≥ ${INGEST_TARGET_PER_SECOND.toLocaleString('en')} snapshots/s`)
}

export function printExplain(
  context: BenchContext,
  results: (ExplainedQuery & { endpoint: string })[],
  mysql: boolean
) {
  context.logger.log('')
  context.logger.log(
    mysql
      ? 'EXPLAIN / ANALYZE of every query the metric endpoints ran on a cold cache ' +
          '(est = optimizer rows summed over the plan, read = rows actually read, ms = ANALYZE time):'
      : 'EXPLAIN QUERY PLAN of every query the metric endpoints ran on a cold cache (SQLite has no row estimates):'
  )
  let endpoint = ''
  for (const result of results) {
    if (result.endpoint !== endpoint) {
      endpoint = result.endpoint
      context.logger.log(`  ${endpoint}`)
    }
    const sql = result.sql.replace(/\s+/g, ' ').slice(0, 110)
    const figures = mysql
      ? `est ${String(result.estimate ?? '?').padStart(8)}  read ${String(result.actual ?? '?').padStart(8)}  ` +
        `${result.ms === null ? '' : `${fixed(result.ms, 1)} ms`}`
      : ''
    context.logger.log(`    ${figures}  ${sql}`)
    context.logger.log(`      plan: ${result.plan}`)
  }
}
