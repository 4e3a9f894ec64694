import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { chunks } from '#support/chunks'
import { SNAPSHOT_COLUMNS, VIDEO_COLUMNS, type Cell } from '#services/videos/ingest/video_rows'

/*
|--------------------------------------------------------------------------
| The upserts of `videos` and `video_snapshots`
|--------------------------------------------------------------------------
|
| Multi-row inserts that update what is there: insert … on duplicate key
| update on MySQL and MariaDB, on conflict … do update on SQLite. Videos on
| their unique key (account_id, platform_video_id), or on their id when they
| are stored already; snapshots on (video_id, snapshot_date), so writing a
| day again rewrites its rows. A video's title, counters, gains and
| last_seen_at are updated and deleted_on cleared (a video that came back);
| the fields of KEPT_WHEN_NULL keep their value when the new row has none.
| The caller gives the client (its transaction).
|
*/

/** Rows per insert statement (see SnapshotWriter: SQLite parses long statements slowly). */
const ROWS_PER_STATEMENT = { sqlite: 200, other: 1000 }

/** Kept when the new answer has none (a listing without them). */
const KEPT_WHEN_NULL = new Set(['published_at', 'duration_s', 'thumbnail_url', 'url', 'category'])
const NOT_UPDATED = new Set([
  'account_id',
  'platform_video_id',
  'platform',
  'first_seen_at',
  'created_at',
])

/**
 * Rows of `videos` (every column of VIDEO_COLUMNS), upserted on
 * (account_id, platform_video_id), or with `byId` on their `id` (rows of
 * stored videos).
 */
export async function upsertVideos(
  client: QueryClientContract,
  rows: Record<string, Cell>[],
  options: { byId?: boolean } = {}
) {
  const sqlite = client.dialect.name.includes('sqlite')
  const perStatement = sqlite ? ROWS_PER_STATEMENT.sqlite : ROWS_PER_STATEMENT.other
  const byId = options.byId ?? false
  const columns = byId ? ['id', ...VIDEO_COLUMNS] : VIDEO_COLUMNS
  for (const part of chunks(rows, perStatement)) {
    await upsert(client, 'videos', columns, part, videoConflict(sqlite, byId))
  }
}

/** Rows of `video_snapshots` (every column of SNAPSHOT_COLUMNS), upserted on (video_id, snapshot_date). */
export async function upsertSnapshots(client: QueryClientContract, rows: Record<string, Cell>[]) {
  const sqlite = client.dialect.name.includes('sqlite')
  const perStatement = sqlite ? ROWS_PER_STATEMENT.sqlite : ROWS_PER_STATEMENT.other
  for (const part of chunks(rows, perStatement)) {
    await upsert(client, 'video_snapshots', SNAPSHOT_COLUMNS, part, snapshotConflict(sqlite))
  }
}

/** The videos' conflict clauses, built once per dialect and key. */
const conflicts = new Map<string, string>()

function videoConflict(sqlite: boolean, byId: boolean) {
  const key = `videos|${sqlite}|${byId}`
  let sql = conflicts.get(key)
  if (!sql) {
    const updated = VIDEO_COLUMNS.filter((column) => !NOT_UPDATED.has(column))
    const value = (column: string) => (sqlite ? `excluded.${column}` : `values(${column})`)
    const assignments = updated.map((column) =>
      KEPT_WHEN_NULL.has(column)
        ? `${column} = coalesce(${value(column)}, ${sqlite ? 'videos.' : ''}${column})`
        : `${column} = ${value(column)}`
    )
    sql = sqlite
      ? `on conflict (${byId ? 'id' : 'account_id, platform_video_id'}) do update set ${assignments.join(', ')}`
      : `on duplicate key update ${assignments.join(', ')}`
    conflicts.set(key, sql)
  }
  return sql
}

function snapshotConflict(sqlite: boolean) {
  const updated = SNAPSHOT_COLUMNS.filter(
    (column) => column !== 'video_id' && column !== 'snapshot_date'
  )
  return sqlite
    ? `on conflict (video_id, snapshot_date) do update set ${updated
        .map((column) => `${column} = excluded.${column}`)
        .join(', ')}`
    : `on duplicate key update ${updated.map((column) => `${column} = values(${column})`).join(', ')}`
}

async function upsert(
  client: QueryClientContract,
  table: string,
  columns: readonly string[],
  rows: Record<string, Cell>[],
  conflict: string
) {
  if (rows.length === 0) return
  const bindings: (string | number | null)[] = []
  for (const row of rows) for (const column of columns) bindings.push(row[column] ?? null)
  const placeholders = `(${columns.map(() => '?').join(', ')})`
  await client.rawQuery(
    `insert into ${table} (${columns.join(', ')}) values ${Array.from(
      { length: rows.length },
      () => placeholders
    ).join(', ')} ${conflict}`,
    // null is a valid binding for the drivers (knex's type leaves it out)
    bindings as (string | number)[]
  )
}
