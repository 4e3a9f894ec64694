import { hostname } from 'node:os'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { sqlDateTime } from '#support/sql'

/**
 * Leases of long work (a collection run, a backfill, an import): the row
 * names the process that runs it and gets a heartbeat every
 * LEASE_HEARTBEAT_MS (15 s). A row whose heartbeat is older than
 * LEASE_TTL_MS (45 s), or whose owner is a process of this host that no
 * longer exists, was abandoned (api/services/lease_sweeper.ts).
 */
export const LEASE = {
  heartbeatMs: env.get('LEASE_HEARTBEAT_MS') ?? 15_000,
  ttlMs: env.get('LEASE_TTL_MS') ?? 45_000,
}

const HOST = hostname()
const STARTED = Date.now()
/** This process, as lease rows name it: host:pid:start. */
export const LEASE_OWNER = `${HOST}:${process.pid}:${STARTED}`

export type LeasedTable = 'metric_collection_runs' | 'creator_imports'

export interface Lease {
  /** Stops the heartbeat and clears the owner (the row's status says how it ended). */
  release(): Promise<void>
}

/** Takes the lease of `table`'s row `id` for this process and keeps its heartbeat. */
async function holdLease(table: LeasedTable, id: number): Promise<Lease> {
  await db
    .from(table)
    .where('id', id)
    .update({ lease_owner: LEASE_OWNER, heartbeat_at: sqlDateTime() })
  const beat = setInterval(() => {
    db.from(table)
      .where('id', id)
      .where('lease_owner', LEASE_OWNER)
      .update({ heartbeat_at: sqlDateTime() })
      .catch((error) => logger.warn({ err: error, table, id }, 'lease heartbeat failed'))
  }, LEASE.heartbeatMs)
  beat.unref()
  return {
    async release() {
      clearInterval(beat)
      await db
        .from(table)
        .where('id', id)
        .where('lease_owner', LEASE_OWNER)
        .update({ lease_owner: null })
        .catch((error) => logger.warn({ err: error, table, id }, 'lease release failed'))
    },
  }
}

/** Runs `work` under the lease of `table`'s row `id`. */
export async function withLease<T>(table: LeasedTable, id: number, work: () => Promise<T>) {
  const lease = await holdLease(table, id)
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

/** The moment before which a heartbeat is stale. */
export function staleBefore(now: DateTime = DateTime.utc()) {
  return sqlDateTime(now.minus({ milliseconds: LEASE.ttlMs }))
}
