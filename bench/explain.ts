import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type { BenchContext } from '#bench/context'
import type { DatasetReport } from '#bench/dataset'
import { freePort } from '#bench/http'
import { benchAdmin, benchTargets } from '#bench/targets'
import MetricsCache from '#services/metrics/metrics_cache'
import TokenService from '#services/auth/token_service'
import testUtils from '@adonisjs/core/services/test_utils'

export interface CapturedQuery {
  sql: string
  bindings: unknown[]
}

export interface ExplainedQuery {
  sql: string
  /** Rows the optimizer expects to read, summed over the plan's tables (per loop). */
  estimate: number | null
  /** Rows actually read (MariaDB ANALYZE: Σ loops × rows per loop), null where unknown. */
  actual: number | null
  /** Execution time reported by ANALYZE, ms. */
  ms: number | null
  /** table(access type, key) for each table of the plan. */
  plan: string
}

/** Queries of the request machinery, not of the endpoint (token, user, allow-list, version checks). */
const NOISE = /\b(access_tokens|users|ip_allowlist_entries|studio_settings)\b|^select 1$/i

/**
 * Records every query Lucid runs while `run` executes (debug on for the
 * primary connection, `db:query` events), minus the request machinery's.
 */
export async function captureQueries(run: () => Promise<void>): Promise<CapturedQuery[]> {
  const entry = db.manager.get(db.primaryConnectionName)!
  const config = entry.connection!.config as { debug?: boolean }
  const previous = config.debug
  const queries: CapturedQuery[] = []
  const listener = (event: { sql: string; bindings?: unknown[] }) => {
    if (NOISE.test(event.sql.trim())) return
    if (!/^\s*(select|with)\b/i.test(event.sql)) return
    queries.push({ sql: event.sql, bindings: event.bindings ?? [] })
  }
  config.debug = true
  emitter.on('db:query', listener)
  try {
    await run()
  } finally {
    emitter.off('db:query', listener)
    config.debug = previous
  }
  return queries
}

interface PlanNode {
  [key: string]: unknown
}

/** Walks a MariaDB EXPLAIN/ANALYZE FORMAT=JSON tree and visits every table node. */
function tables(node: unknown, visit: (table: PlanNode) => void) {
  if (!node || typeof node !== 'object') return
  if (Array.isArray(node)) {
    for (const item of node) tables(item, visit)
    return
  }
  const object = node as PlanNode
  if (object.table && typeof object.table === 'object' && !Array.isArray(object.table)) {
    visit(object.table as PlanNode)
  }
  for (const [key, value] of Object.entries(object)) {
    if (key === 'table') {
      tables((value as PlanNode)?.['materialized'], visit)
      continue
    }
    tables(value, visit)
  }
}

/**
 * EXPLAIN (and, on MariaDB/MySQL, ANALYZE — it runs the query) of one
 * captured query: estimated and actual rows read, time, and access path.
 */
export async function explain(query: CapturedQuery): Promise<ExplainedQuery> {
  const dialect = db.connection().dialect.name
  if (!dialect.startsWith('mysql')) {
    const rows = await db.rawQuery(`explain query plan ${query.sql}`, query.bindings as any[])
    const plan = (rows as { detail: string }[]).map((row) => row.detail).join('; ')
    return { sql: query.sql, estimate: null, actual: null, ms: null, plan }
  }

  const explained = await db.rawQuery(`explain format=json ${query.sql}`, query.bindings as any[])
  const estimateTree = JSON.parse(Object.values(explained[0][0])[0] as string)
  let estimate = 0
  const plan: string[] = []
  tables(estimateTree, (table) => {
    if (table.message) return
    estimate += Number(table.rows ?? 0)
    plan.push(
      `${table.table_name}(${table.access_type ?? '?'}${table.key ? `:${table.key}` : ''}` +
        `${table.using_index ? ',covering' : ''})`
    )
  })

  let actual: number | null = null
  let ms: number | null = null
  try {
    const analyzed = await db.rawQuery(`analyze format=json ${query.sql}`, query.bindings as any[])
    const tree = JSON.parse(Object.values(analyzed[0][0])[0] as string)
    actual = 0
    tables(tree, (table) => {
      actual! += Number(table.r_loops ?? 1) * Number(table.r_rows ?? 0)
    })
    ms = Number(tree?.query_block?.r_total_time_ms ?? Number.NaN)
    if (Number.isNaN(ms)) ms = null
  } catch {
    // MySQL 8 has no ANALYZE FORMAT=JSON (EXPLAIN ANALYZE is text); the estimate stays
  }
  const message = estimateTree?.query_block?.message ?? estimateTree?.query_block?.table?.message
  return {
    sql: query.sql,
    estimate,
    actual,
    ms,
    plan: plan.length ? plan.join(' → ') : String(message ?? 'no table read'),
  }
}

/**
 * Runs each metric endpoint once on an in-process server with an empty
 * metrics cache, records the SQL it sends, and explains every query.
 */
export async function explainEndpoints(context: BenchContext, dataset: DatasetReport) {
  const admin = await benchAdmin()
  const port = await freePort(context.options.port + 1)
  const previous = { PORT: process.env.PORT, HOST: process.env.HOST }
  process.env.PORT = String(port)
  process.env.HOST = '127.0.0.1'
  const close = await testUtils.httpServer().start()
  const results: (ExplainedQuery & { endpoint: string })[] = []
  try {
    const all = await benchTargets(dataset)
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
