import { hostname } from 'node:os'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import env from '#start/env'
import { affectedRows, sqlDateTime } from '#support/sql'

/**
 * The one lease of queued and long work: collection runs and backfills,
 * imports, upload publications (docs/architecture.md 'The lease'). A row is
 * claimed with one conditional UPDATE that names this process (host:pid:start),
 * gets a heartbeat every LEASE_HEARTBEAT_MS (15 s) and has lapsed when its
 * owner is a process of this host that no longer exists, or its heartbeat
 * (or its own expiry column) is older than LEASE_TTL_MS (45 s). Sweeps find
 * lapsed rows with `lapsedLeases` and decide what their work becomes.
 */
export const LEASE = {
  heartbeatMs: env.get('LEASE_HEARTBEAT_MS') ?? 15_000,
  ttlMs: env.get('LEASE_TTL_MS') ?? 45_000,
}

const HOST = hostname()
const STARTED = Date.now()
/** This process, as lease rows name it: host:pid:start. */
export const LEASE_OWNER = `${HOST}:${process.pid}:${STARTED}`

type LeasedTable =
  | 'metric_collection_runs'
  | 'creator_imports'
  | 'upload_publications'
  | 'outside_creators'
  | 'outside_videos'
  | 'labs_data_exports'
  | 'labs_video_downloads'

/** Tables whose lease also carries an expiry of its own, renewed by each heartbeat. */
const EXPIRY_COLUMN: Partial<Record<LeasedTable, string>> = {
  upload_publications: 'lease_expires_at',
}

export interface Lease {
  /** `listener` hears once when a heartbeat finds the row no longer this process's. */
  onLost(listener: () => void): void
  /** What each heartbeat does: renews the lease now; false when the row is no longer ours. */
  renew(): Promise<boolean>
  /** Stops the heartbeat; the row keeps its owner until the holder's last UPDATE clears it. */
  stop(): void
  /** Stops the heartbeat and clears the owner (the row's status says how it ended). */
  release(): Promise<void>
}

/** The columns a claim and each heartbeat write. */
function renewal(table: LeasedTable, now: DateTime) {
  const expiry = EXPIRY_COLUMN[table]
  return {
    heartbeat_at: sqlDateTime(now),
    ...(expiry ? { [expiry]: sqlDateTime(now.plus({ milliseconds: LEASE.ttlMs })) } : {}),
  }
}

/**
 * Claims `table`'s row `id` for this process in one conditional UPDATE:
 * `where` narrows which row may be taken (its status, its due time, the
 * lapsed owner it replaces), `set` adds the columns the claim writes too.
 * Answers the lease with its heartbeat running, or null when nothing was
 * taken (another process has it, or it is not due).
 */
export async function claimLease(
  table: LeasedTable,
  id: number,
  options: {
    where?: (query: DatabaseQueryBuilderContract) => void
    set?: Record<string, unknown>
    now?: DateTime
  } = {}
): Promise<Lease | null> {
  const query = db.from(table).where('id', id)
  options.where?.(query)
  const taken = affectedRows(
    await query.update({
      ...options.set,
      lease_owner: LEASE_OWNER,
      ...renewal(table, options.now ?? DateTime.utc()),
    })
  )
  return taken ? keepAlive(table, id) : null
}

function keepAlive(table: LeasedTable, id: number): Lease {
  let lost: (() => void) | null = null
  const renew = async () => {
    const result = await db
      .from(table)
      .where('id', id)
      .where('lease_owner', LEASE_OWNER)
      .update(renewal(table, DateTime.utc()))
    if (affectedRows(result)) return true
    const listener = lost
    lost = null
    listener?.()
    return false
  }
  const beat = setInterval(() => {
    renew().catch((error) => logger.warn({ err: error, table, id }, 'lease heartbeat failed'))
  }, LEASE.heartbeatMs)
  beat.unref()
  const stop = () => clearInterval(beat)
  return {
    onLost: (listener) => (lost = listener),
    renew,
    stop,
    async release() {
      stop()
      await db
        .from(table)
        .where('id', id)
        .where('lease_owner', LEASE_OWNER)
        .update({ lease_owner: null })
        .catch((error) => logger.warn({ err: error, table, id }, 'lease release failed'))
    },
  }
}

/** Runs `work` under the lease of `table`'s row `id` (a row this process just made its own). */
export async function withLease<T>(table: LeasedTable, id: number, work: () => Promise<T>) {
  const lease = (await claimLease(table, id))!
  try {
    return await work()
  } finally {
    await lease.release()
  }
}

/**
 * Whether the lease owner is a process known to be gone: on this host, its
 * pid no longer exists, or it is this pid from an earlier start (a container
 * restarted with the same pid). Owners on other hosts are judged by their
 * heartbeat only.
 */
export function ownerIsGone(owner: string | null) {
  if (!owner) return false
  const parts = owner.split(':')
  const started = Number(parts.pop())
  const pid = Number(parts.pop())
  const host = parts.join(':')
  if (host !== HOST || !Number.isInteger(pid)) return false
  if (pid === process.pid) return started !== STARTED
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

/** A datetime column as read back (a Date on MySQL, text on SQLite, a DateTime from a model). */
type Moment = DateTime | Date | string | null | undefined

function sqlOf(value: Moment) {
  if (!value) return null
  if (value instanceof Date) return sqlDateTime(DateTime.fromJSDate(value))
  if (DateTime.isDateTime(value)) return sqlDateTime(value)
  return String(value)
}

/**
 * Whether a lease has lapsed: no owner, an owner known to be gone, or no
 * renewal within the TTL (by `expiresAt` where the table has one, else by
 * the heartbeat).
 */
export function leaseLapsed(
  row: { owner: string | null; heartbeatAt?: Moment; expiresAt?: Moment },
  table: LeasedTable,
  now: DateTime = DateTime.utc()
) {
  if (!row.owner || ownerIsGone(row.owner)) return true
  if (EXPIRY_COLUMN[table]) {
    const expires = sqlOf(row.expiresAt)
    return !expires || expires < sqlDateTime(now)
  }
  const beat = sqlOf(row.heartbeatAt)
  return !beat || beat < sqlDateTime(now.minus({ milliseconds: LEASE.ttlMs }))
}

/**
 * The rows of `table` that `where` selects (their status: the work in hand)
 * whose lease has lapsed, oldest id first, with the owner they had.
 */
export async function lapsedLeases(
  table: LeasedTable,
  where: (query: DatabaseQueryBuilderContract) => void,
  options: { now?: DateTime; limit?: number } = {}
) {
  const expiry = EXPIRY_COLUMN[table]
  const query = db
    .from(table)
    .select('id', 'lease_owner', 'heartbeat_at', ...(expiry ? [expiry] : []))
    .orderBy('id', 'asc')
  where(query)
  if (options.limit) query.limit(options.limit)
  const rows: Record<string, unknown>[] = await query
  return rows
    .filter((row) =>
      leaseLapsed(
        {
          owner: (row.lease_owner as string | null) ?? null,
          heartbeatAt: row.heartbeat_at as Moment,
          expiresAt: expiry ? (row[expiry] as Moment) : undefined,
        },
        table,
        options.now
      )
    )
    .map((row) => ({ id: Number(row.id), owner: (row.lease_owner as string | null) ?? null }))
}
