import { Readable } from 'node:stream'
import db from '@adonisjs/lucid/services/db'
import { simulateSeries } from '#platforms/simulated_model'
import type { ChannelStats } from '#platforms/types'
import {
  INSERT_ROWS,
  PENDING_INDEXES_KEY,
  SNAPSHOT_COLUMNS,
  STREAM_CHUNK,
  WINDOW_DAYS,
  addDays,
  isMysql,
  stamp,
  type BenchAccount,
  type DatasetSpec,
  type Log,
} from '#bench/dataset_shape'
import { chunks } from '#support/chunks'
import { METRICS } from '#shared/constants'

/*
| Loading the bench dataset's snapshots: LOAD DATA LOCAL INFILE on
| MySQL/MariaDB (secondary indexes dropped during the load and rebuilt in one
| ALTER TABLE), multi-row INSERTs when that is refused, one prepared
| statement in a transaction on SQLite; then the accounts' and creators' fans.
*/

/**
 * The simulated snapshots, day by day for every account, as text lines
 * (tab-separated, in SNAPSHOT_COLUMNS order). Differences to the day
 * before; 0 on an account's first day. Also reports each account's
 * values on the last day (for the accounts' and creators' fans).
 */
export function* snapshotLines(
  spec: DatasetSpec,
  accounts: BenchAccount[],
  last: Map<number, ChannelStats>
): Generator<string[]> {
  const start = addDays(spec.end, -(spec.days - 1))
  for (let offset = 0; offset < spec.days; offset += WINDOW_DAYS) {
    const from = addDays(start, offset)
    const to = addDays(start, Math.min(spec.days, offset + WINDOW_DAYS) - 1)
    const first = offset === 0
    // one day before the window, for the first day's differences
    const series = accounts.map((account) => {
      const points = simulateSeries(
        { id: account.id, platform: account.platform, uid: account.uid },
        first ? from : addDays(from, -1),
        to
      )
      return first ? [null, ...points] : points
    })
    const length = series[0].length - 1
    for (let index = 1; index <= length; index++) {
      const date = series[0][index]!.date
      const collected = `${addDays(date, 1)} 04:00:00`
      const lines: string[] = []
      for (const [a, account] of accounts.entries()) {
        const point = series[a][index]!
        const previous = series[a][index - 1]
        const stats = point.stats
        let line = `${account.id}\t${account.creatorId}\t${account.platform}\t${point.date}`
        for (const metric of METRICS) line += `\t${stats[metric]}`
        for (const metric of METRICS) {
          line += `\t${previous ? stats[metric] - previous.stats[metric] : 0}`
        }
        line += `\tsimulated\tsimulated\t${collected}\n`
        lines.push(line)
        if (date === spec.end) last.set(account.id, stats)
      }
      yield lines
    }
  }
}

export async function loadSnapshots(
  spec: DatasetSpec,
  accounts: BenchAccount[],
  method: 'infile' | 'insert' | undefined,
  log: Log
) {
  const expected = accounts.length * spec.days
  log(
    `bench dataset: loading ${expected.toLocaleString('en')} snapshots ` +
      `(${accounts.length} accounts × ${spec.days} days) …`
  )
  const last = new Map<number, ChannelStats>()
  const started = performance.now()
  let used: string
  let rows: number
  if (isMysql()) {
    const outcome = await loadMysql(spec, accounts, last, method, log, started)
    used = outcome.method
    rows = outcome.rows
  } else {
    rows = await loadSqlite(spec, accounts, last, log, started)
    used = 'sqlite prepared insert'
  }
  const seconds = (performance.now() - started) / 1000
  log(
    `bench dataset: ${rows.toLocaleString('en')} snapshots in ${seconds.toFixed(1)} s = ` +
      `${Math.round(rows / seconds).toLocaleString('en')} rows/s (${used})`
  )
  await updateFans(accounts, last)
  return { rows, seconds, method: used }
}

function progress(log: Log, rows: number, expected: number, started: number) {
  const seconds = (performance.now() - started) / 1000
  log(
    `  ${rows.toLocaleString('en')} / ${expected.toLocaleString('en')} rows, ` +
      `${Math.round(rows / seconds).toLocaleString('en')} rows/s`
  )
}

/**
 * A MySQL/MariaDB session of its own for a load (LOAD DATA LOCAL INFILE
 * streams through `infileStreamFactory`); end it with `connection.end()`.
 */
export async function loadSession() {
  const { default: mysql } = await import('mysql2')
  const config = db.manager.get(db.primaryConnectionName)!.config.connection as Record<
    string,
    unknown
  >
  const connection = mysql.createConnection({
    host: config.host as string,
    port: Number(config.port ?? 3306),
    user: config.user as string,
    password: (config.password as string) ?? '',
    database: config.database as string,
    charset: 'utf8mb4',
    timezone: 'Z',
  })
  const query = (sql: string, options: Record<string, unknown> = {}) =>
    new Promise<any>((resolve, reject) =>
      connection.query({ sql, ...options }, (error: Error | null, result: unknown) =>
        error ? reject(error) : resolve(result)
      )
    )
  return { connection, query }
}

/** MySQL/MariaDB: one LOAD DATA LOCAL INFILE per window of days on a session of its own. */
async function loadMysql(
  spec: DatasetSpec,
  accounts: BenchAccount[],
  last: Map<number, ChannelStats>,
  method: 'infile' | 'insert' | undefined,
  log: Log,
  started: number
) {
  const { connection, query } = await loadSession()
  const expected = accounts.length * spec.days
  const columns = SNAPSHOT_COLUMNS.join(', ')
  try {
    await query('set session unique_checks = 0')
    await query('set session foreign_key_checks = 0')
    await dropIndexes(query, log)
    let rows = 0
    let useInfile = method !== 'insert'
    const days = snapshotLines(spec, accounts, last)
    const perStatement = Math.max(1, Math.floor(200_000 / accounts.length))
    const insertLines = async (lines: string[]) => {
      for (const part of chunks(lines, INSERT_ROWS)) {
        const values = part.map((line) => {
          const fields = line.slice(0, -1).split('\t')
          const sql = fields.map((field, index) =>
            index === 2 || index === 3 || index >= 24 ? connection.escape(field) : field
          )
          return `(${sql.join(',')})`
        })
        const result = await query(
          `insert into metric_snapshots (${columns}) values ${values.join(',')}`
        )
        rows += Number(result.affectedRows)
      }
    }
    let reported = 0
    let done = false
    while (!done) {
      // the days of one statement, simulated while the server reads the stream
      const taken: string[][] = []
      const take = function* () {
        while (taken.length < perStatement) {
          const next = days.next()
          if (next.done) {
            done = true
            return
          }
          taken.push(next.value)
          yield next.value
        }
      }
      if (useInfile) {
        try {
          const result = await query(
            `load data local infile 'bench_snapshots.tsv' into table metric_snapshots
             character set utf8mb4 fields terminated by '\\t' lines terminated by '\\n'
             (${columns})`,
            { infileStreamFactory: () => stream(take()) }
          )
          rows += Number(result.affectedRows)
        } catch (error) {
          if (rows > 0) throw error
          log(
            `bench dataset: LOAD DATA LOCAL INFILE refused (${(error as Error).message}); ` +
              `using multi-row INSERTs of ${INSERT_ROWS} rows`
          )
          useInfile = false
          Array.from(take()) // the rest of this statement's days
          await insertLines(taken.flat())
        }
      } else {
        Array.from(take()) // simulate this statement's days
        await insertLines(taken.flat())
      }
      if (rows - reported >= 500_000) {
        reported = rows
        progress(log, rows, expected, started)
      }
    }
    progress(log, rows, expected, started)
    const indexed = performance.now()
    await restorePendingIndexes(log, query)
    const indexSeconds = (performance.now() - indexed) / 1000
    const used = useInfile ? 'LOAD DATA LOCAL INFILE' : 'multi-row INSERT'
    return {
      rows,
      method: `${used} without secondary indexes + index build ${indexSeconds.toFixed(1)} s`,
    }
  } finally {
    await new Promise((resolve) => connection.end(() => resolve(null)))
  }
}

/** Drops every secondary index of `table`, remembering them first (restorePendingIndexes builds them again). */
export async function dropIndexes(
  query: (sql: string) => Promise<any>,
  log: Log,
  table = 'metric_snapshots'
) {
  const rows: {
    Key_name: string
    Non_unique: number
    Column_name: string
    Seq_in_index: number
  }[] = await query(`show index from ${table}`)
  const indexes = new Map<string, { name: string; unique: boolean; columns: string[] }>()
  for (const row of [...rows].sort((a, b) => a.Seq_in_index - b.Seq_in_index)) {
    if (row.Key_name === 'PRIMARY') continue
    const index = indexes.get(row.Key_name) ?? {
      name: row.Key_name,
      unique: Number(row.Non_unique) === 0,
      columns: [],
    }
    index.columns.push(row.Column_name)
    indexes.set(row.Key_name, index)
  }
  if (indexes.size === 0) return
  await db.from('studio_settings').where('key', pendingKey(table)).delete()
  await db.table('studio_settings').insert({
    key: pendingKey(table),
    value: JSON.stringify([...indexes.values()]),
    updated_at: stamp(),
  })
  await query(
    `alter table ${table} ${[...indexes.keys()].map((name) => `drop index \`${name}\``).join(', ')}`
  )
  log(`bench dataset: dropped ${indexes.size} secondary indexes of ${table} for the load`)
}

/** Builds again the indexes a load dropped (also after an interrupted one). */
export async function restorePendingIndexes(
  log: Log,
  query?: (sql: string) => Promise<any>,
  table = 'metric_snapshots'
) {
  const row = await db.from('studio_settings').where('key', pendingKey(table)).first()
  if (!row?.value) return
  const wanted = JSON.parse(row.value) as { name: string; unique: boolean; columns: string[] }[]
  const [shown] = await db.rawQuery(`show index from ${table}`)
  const present = new Set(shown.map((index: { Key_name: string }) => index.Key_name))
  const missing = wanted.filter((index) => !present.has(index.name))
  if (missing.length) {
    log(`bench dataset: building ${missing.length} indexes of ${table} …`)
    const sql = `alter table ${table} ${missing
      .map(
        (index) =>
          `add ${index.unique ? 'unique ' : ''}index \`${index.name}\` (${index.columns.map((column) => `\`${column}\``).join(', ')})`
      )
      .join(', ')}`
    if (query) await query(sql)
    else await db.rawQuery(sql)
  }
  await db.from('studio_settings').where('key', pendingKey(table)).delete()
}

/** The studio_settings key remembering a table's dropped indexes (metric_snapshots' keeps its old name). */
function pendingKey(table: string) {
  return table === 'metric_snapshots' ? PENDING_INDEXES_KEY : `${PENDING_INDEXES_KEY}.${table}`
}

/** Text lines as a readable byte stream in chunks of STREAM_CHUNK (LOAD DATA LOCAL INFILE's input). */
export function stream(dayLines: Iterable<string[]>) {
  return Readable.from(
    (function* () {
      let buffer = ''
      for (const lines of dayLines) {
        for (const line of lines) {
          buffer += line
          if (buffer.length >= STREAM_CHUNK) {
            yield Buffer.from(buffer)
            buffer = ''
          }
        }
      }
      if (buffer) yield Buffer.from(buffer)
    })(),
    { objectMode: false }
  )
}

/** SQLite: one prepared statement, one transaction per window of days. */
async function loadSqlite(
  spec: DatasetSpec,
  accounts: BenchAccount[],
  last: Map<number, ChannelStats>,
  log: Log,
  started: number
) {
  const knex = db.connection().getWriteClient()
  const connection = await (knex as any).client.acquireConnection()
  const expected = accounts.length * spec.days
  try {
    const statement = connection.prepare(
      `insert into metric_snapshots (${SNAPSHOT_COLUMNS.join(', ')})
       values (${SNAPSHOT_COLUMNS.map(() => '?').join(', ')})`
    )
    const insertDays = connection.transaction((dayLines: string[][]) => {
      for (const lines of dayLines) {
        for (const line of lines) {
          const fields: (string | number)[] = line.slice(0, -1).split('\t')
          for (let index = 0; index < fields.length; index++) {
            if (index !== 2 && index !== 3 && index < 24) fields[index] = Number(fields[index])
          }
          statement.run(fields)
        }
      }
    })
    let rows = 0
    let batch: string[][] = []
    for (const lines of snapshotLines(spec, accounts, last)) {
      batch.push(lines)
      rows += lines.length
      if (batch.length >= 30) {
        insertDays(batch)
        batch = []
        progress(log, rows, expected, started)
      }
    }
    if (batch.length) insertDays(batch)
    return rows
  } finally {
    await (knex as any).client.releaseConnection(connection)
  }
}

/** The accounts' and creators' fans as of the last day, as a collection leaves them. */
async function updateFans(accounts: BenchAccount[], last: Map<number, ChannelStats>) {
  const byCreator = new Map<number, number>()
  for (const account of accounts) {
    const fans = last.get(account.id)?.fans ?? 0
    byCreator.set(account.creatorId, (byCreator.get(account.creatorId) ?? 0) + fans)
  }
  const collected = stamp()
  for (const part of chunks(accounts, 500)) {
    const cases = part.map(
      (account) => `when ${account.id} then ${last.get(account.id)?.fans ?? 0}`
    )
    await db.rawQuery(
      `update creator_platform_accounts set fans = case id ${cases.join(' ')} end,
       last_collected_at = ? where id in (${part.map((account) => account.id).join(',')})`,
      [collected]
    )
  }
  for (const part of chunks([...byCreator], 500)) {
    const cases = part.map(([id, fans]) => `when ${id} then ${fans}`)
    await db.rawQuery(
      `update creators set total_fans = case id ${cases.join(' ')} end
       where id in (${part.map(([id]) => id).join(',')})`
    )
  }
}
