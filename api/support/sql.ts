import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** The SQL text of a moment (UTC), as Lucid writes datetime columns. */
export function sqlDateTime(value: DateTime = DateTime.utc()) {
  return value.toUTC().toFormat('yyyy-MM-dd HH:mm:ss')
}

/** `count('* as total')` of a model query (in $extras) or of a plain query, as a number. */
export function countOf(row: unknown) {
  if (!row || typeof row !== 'object') return 0
  const record = row as { $extras?: { total?: unknown }; total?: unknown }
  return Number(record.$extras?.total ?? record.total ?? 0)
}

/** The rows an update or delete changed, whatever shape the driver reports it in. */
export function affectedRows(result: unknown) {
  return Number(Array.isArray(result) ? result[0] : result)
}

/** A unique index refused the write (a race the validators could not see). */
export function isUniqueViolation(error: unknown) {
  const code = (error as { code?: string })?.code
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}

/** Runs `work`; a unique-index violation becomes `refusal()` (a race the validators could not see). */
export async function refuseDuplicates<T>(
  work: () => Promise<T>,
  refusal: () => Error
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal()
    throw error
  }
}

const DEADLOCK_ATTEMPTS = 3
/** MySQL's codes for a transaction that lost a lock: a deadlock's victim (1213), a lock wait timeout (1205). */
const LOCK_LOST = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT'])
const LOCK_LOST_ERRNOS = new Set([1213, 1205])

/** MySQL chose this transaction as a deadlock's victim, or its wait for a lock timed out. */
function isLockLost(error: unknown) {
  const { code, errno } = (error ?? {}) as { code?: string; errno?: number }
  return (
    (code !== undefined && LOCK_LOST.has(code)) ||
    (errno !== undefined && LOCK_LOST_ERRNOS.has(errno))
  )
}

/**
 * `db.transaction(work)`, tried again (up to three times in all) when MySQL
 * chose it as a deadlock's victim or its wait for a lock timed out, and
 * rolled it back — for writers that run more than one transaction at once.
 * A short random wait before each new attempt keeps two victims from
 * meeting again at once.
 */
export async function transactionRetryingDeadlocks<T>(
  work: (trx: TransactionClientContract) => Promise<T>,
  attempts = DEADLOCK_ATTEMPTS
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work)
    } catch (error) {
      if (attempt >= attempts || !isLockLost(error)) throw error
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt))
    }
  }
}
