import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import OutsideCrawlService from '#services/outside/crawl_service'
import PlatformBreaker from '#services/platform_breaker/platform_breaker'
import PlatformCircuit from '#services/platform_breaker/platform_circuit'
import { leaseLapsed } from '#support/lease'
import { utcOf } from '#support/dates'
import { sqlDateTime } from '#support/sql'

/**
 * How much one sweep takes on: crawls in flight at once, due rows looked at
 * (the oldest due first, so none waits forever behind busier ones), rows
 * crawled, and the time after which it claims nothing new (the next
 * minute's sweep goes on).
 */
export const OUTSIDE_SWEEP = {
  concurrency: 4,
  candidates: 1_000,
  batch: 240,
  budgetMs: 50_000,
}

/** A due row as the sweep ranks it. */
interface Candidate {
  kind: 'creator' | 'video'
  id: number
  growth: number
  opened: number
  openedAt: number
  dueAt: number
}

function moment(value: unknown) {
  return utcOf(value)?.toMillis() ?? 0
}

/**
 * Priority among due rows: creators growing fastest (fans_growth_7d) first,
 * then those opened most and most recently, then the longest due. Videos by
 * link rank by how long they are due, after creators of equal standing.
 */
function byPriority(a: Candidate, b: Candidate) {
  return (
    b.growth - a.growth ||
    b.opened - a.opened ||
    b.openedAt - a.openedAt ||
    a.dueAt - b.dueAt ||
    a.id - b.id
  )
}

/**
 * 'outside:crawl:sweep' (every minute): the due crawl tasks (running,
 * next_run_at passed) and videos tracked by link, free or whose lease lapsed
 * (a killed worker's are taken over here), in priority order, crawled with
 * bounded concurrency. The lease of each row (OutsideCrawlService's claim)
 * makes two sweeps — two workers — never crawl one row twice; a stopped
 * task is never selected nor claimed. One breaker view serves the sweep, so
 * a platform that trips defers the rest of its rows at once while other
 * platforms' crawls go on.
 */
export default class OutsideCrawlSweep {
  static async run(options: { now?: () => DateTime; limits?: Partial<typeof OUTSIDE_SWEEP> } = {}) {
    const clock = options.now ?? (() => DateTime.utc())
    const limits = { ...OUTSIDE_SWEEP, ...options.limits }
    const started = Date.now()
    const now = clock()
    const candidates = await this.due(now, limits.candidates)
    const due = candidates.sort(byPriority).slice(0, limits.batch)
    const tally = { succeeded: 0, failed: 0, deferred: 0, skipped: 0 }
    if (!due.length) return { due: 0, ...tally }

    const circuit = new PlatformCircuit(OutsideCrawlService.retry)
    await circuit.refresh(now)
    let next = 0
    const worker = async () => {
      while (next < due.length && Date.now() - started < limits.budgetMs) {
        const item = due[next++]
        try {
          const at = clock()
          const run =
            item.kind === 'creator'
              ? await OutsideCrawlService.crawlCreator(item.id, 'schedule', { now: at, circuit })
              : await OutsideCrawlService.crawlVideo(item.id, 'schedule', { now: at, circuit })
          if (!run) tally.skipped++
          else if (run.status === 'succeeded') tally.succeeded++
          else if (run.status === 'deferred') tally.deferred++
          else tally.failed++
        } catch (error) {
          tally.failed++
          logger.error({ err: error, ...item }, 'outside crawl failed')
        }
      }
    }
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(limits.concurrency, due.length)) }, worker)
    )
    for (const platform of circuit.answered) await PlatformBreaker.reset(platform)
    if (tally.succeeded || tally.failed || tally.deferred) {
      logger.info({ due: due.length, ...tally }, 'outside crawls swept')
    }
    return { due: due.length, ...tally }
  }

  /** Due rows that no live worker holds: creators and videos by link, oldest due first. */
  static async due(now: DateTime, limit: number): Promise<Candidate[]> {
    const stamp = sqlDateTime(now)
    const [creators, videos] = await Promise.all([
      db
        .from('outside_creators')
        .where('state', 'running')
        .whereNotNull('next_run_at')
        .where('next_run_at', '<=', stamp)
        .orderBy('next_run_at', 'asc')
        .orderBy('id', 'asc')
        .limit(limit)
        .select(
          'id',
          'next_run_at',
          'lease_owner',
          'heartbeat_at',
          'fans_growth_7d',
          'opened_count',
          'opened_at'
        ),
      db
        .from('outside_videos')
        .where('origin', 'link')
        .where('state', 'running')
        .whereNotNull('next_run_at')
        .where('next_run_at', '<=', stamp)
        .orderBy('next_run_at', 'asc')
        .orderBy('id', 'asc')
        .limit(limit)
        .select('id', 'next_run_at', 'lease_owner', 'heartbeat_at'),
    ])
    const free = (row: Record<string, unknown>, table: 'outside_creators' | 'outside_videos') =>
      !row.lease_owner ||
      leaseLapsed(
        { owner: row.lease_owner as string, heartbeatAt: row.heartbeat_at as string | Date },
        table,
        now
      )
    return [
      ...creators
        .filter((row: Record<string, unknown>) => free(row, 'outside_creators'))
        .map((row: Record<string, unknown>) => ({
          kind: 'creator' as const,
          id: Number(row.id),
          growth: Number(row.fans_growth_7d ?? 0),
          opened: Number(row.opened_count ?? 0),
          openedAt: moment(row.opened_at),
          dueAt: moment(row.next_run_at),
        })),
      ...videos
        .filter((row: Record<string, unknown>) => free(row, 'outside_videos'))
        .map((row: Record<string, unknown>) => ({
          kind: 'video' as const,
          id: Number(row.id),
          growth: 0,
          opened: 0,
          openedAt: 0,
          dueAt: moment(row.next_run_at),
        })),
    ]
  }
}
