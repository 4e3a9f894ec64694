import { performance } from 'node:perf_hooks'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import studioConfig from '#config/studio'
import type { BenchContext } from '#bench/context'
import { percentile } from '#bench/measure'
import platforms from '#platforms/main'
import SimulatedAdapter from '#platforms/simulated'
import OutsideCrawlSweep, { OUTSIDE_SWEEP } from '#services/outside/crawl_sweep'
import { nextRun } from '#services/outside/schedule'
import { claimLease } from '#support/lease'
import { sqlDateTime } from '#support/sql'

/** Outside tasks of a default run (a few seconds); `--outside-tasks 10000` for the issue's figure. */
export const OUTSIDE_DEFAULT_TASKS = 1_000
const UID_PREFIX = 'bench-outside-'
const CHUNK = 400
/** One task in ten also reads its first page of uploads (auto video crawl). */
const AUTO_VIDEO_SHARE = 10

function summary(times: number[], unit: string, digits = 2) {
  const sorted = [...times].sort((a, b) => a - b)
  return `p50 ${percentile(sorted, 50).toFixed(digits)} ${unit}, p95 ${percentile(sorted, 95).toFixed(digits)} ${unit}`
}

async function clear() {
  const ids = db.from('outside_creators').where('uid', 'like', `${UID_PREFIX}%`).select('id')
  await db.from('outside_crawl_runs').whereIn('outside_creator_id', ids).delete()
  await db.from('outside_videos').whereIn('outside_creator_id', ids).delete()
  await db.from('outside_creator_snapshots').whereIn('outside_creator_id', ids).delete()
  await db.from('outside_creators').where('uid', 'like', `${UID_PREFIX}%`).delete()
}

/**
 * `npm run bench -- --only outside [--outside-tasks N]`: N outside crawl
 * tasks (default 1,000) with custom times spread over one hour of the studio's
 * day (minutes 0/5), all due by its end. Prints the scheduling overhead per
 * task — nextRun's computation, and the sweep's claim (one conditional
 * UPDATE under the lease) — and the crawl throughput of the sweep against
 * the simulated platform (no network wait: the engine's own cost), with the
 * runs' p50/p95. Figures are printed, never asserted.
 */
export async function measureOutside(context: BenchContext) {
  const tasks = Math.max(10, context.options.outsideTasks ?? OUTSIDE_DEFAULT_TASKS)
  const log = (line: string) => context.logger.log(line)
  await clear()

  const zone = studioConfig.timezone
  const hour = DateTime.now().setZone(zone).startOf('hour')
  const stamp = sqlDateTime(DateTime.utc())
  const scheduled: number[] = []
  const rows: Record<string, unknown>[] = []
  for (let i = 0; i < tasks; i++) {
    const minute = (i % 12) * 5
    const settings = {
      state: 'running' as const,
      intervalDays: 1 + (i % 3),
      intervalHours: i % 4 === 0 ? 6 : 0,
      customTimes: [hour.set({ minute }).toFormat('HH:mm')],
      replayStrategy: 'late' as const,
      replayByHour: null,
    }
    const started = performance.now()
    const due = nextRun(settings, hour, zone)!
    scheduled.push((performance.now() - started) * 1000)
    rows.push({
      platform: 'bilibili',
      uid: `${UID_PREFIX}${i}`,
      name: `Bench outside ${i}`,
      state: 'running',
      interval_days: settings.intervalDays,
      interval_hours: settings.intervalHours,
      custom_times: JSON.stringify(settings.customTimes),
      replay_strategy: 'late',
      auto_video_crawl: i % AUTO_VIDEO_SHARE === 0,
      next_run_at: sqlDateTime(due.runAt),
      next_slot_at: sqlDateTime(due.slotAt),
      fans_growth_7d: (i * 7919) % 5000,
      opened_count: i % 7,
      created_at: stamp,
      updated_at: stamp,
    })
  }
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.table('outside_creators').multiInsert(rows.slice(i, i + CHUNK))
  }
  log(
    `outside: ${tasks} crawl tasks due within ${hour.toFormat('HH:00')}–${hour.toFormat('HH')}:55 (${zone})`
  )
  log(`outside: nextRun per task ${summary(scheduled, 'µs')}`)

  // the sweep at the end of the hour: every task due
  const end = hour.plus({ minutes: 59 }).toUTC()
  const listStarted = performance.now()
  const due = await OutsideCrawlSweep.due(end, tasks)
  const listMs = performance.now() - listStarted
  const claims: number[] = []
  for (const candidate of due) {
    const started = performance.now()
    const lease = await claimLease('outside_creators', candidate.id, {
      where: (query) =>
        query
          .whereNull('lease_owner')
          .where('state', 'running')
          .where('next_run_at', '<=', sqlDateTime(end)),
      now: end,
    })
    claims.push(performance.now() - started)
    await lease?.release()
  }
  log(
    `outside: the sweep's due list of ${due.length} in ${listMs.toFixed(0)} ms; ` +
      `its claim per task ${summary(claims, 'ms')}`
  )

  platforms.fake('bilibili', new SimulatedAdapter({ latencyMs: 0 }))
  try {
    const started = performance.now()
    let crawled = 0
    for (let round = 0; round < 100; round++) {
      const result = await OutsideCrawlSweep.run({
        now: () => end,
        limits: { batch: tasks, candidates: tasks, budgetMs: 30 * 60_000 },
      })
      crawled += result.succeeded + result.failed + result.deferred
      if (!result.due) break
    }
    const seconds = (performance.now() - started) / 1000
    const ids = db.from('outside_creators').where('uid', 'like', `${UID_PREFIX}%`).select('id')
    const runs = await db
      .from('outside_crawl_runs')
      .whereIn('outside_creator_id', ids)
      .select('status', 'duration_ms')
    const byStatus = new Map<string, number>()
    for (const run of runs) byStatus.set(run.status, (byStatus.get(run.status) ?? 0) + 1)
    log(
      `outside: crawled ${crawled} tasks in ${seconds.toFixed(1)} s — ${(crawled / seconds).toFixed(0)} tasks/s ` +
        `at concurrency ${OUTSIDE_SWEEP.concurrency}; ` +
        `per crawl ${summary(
          runs.map((run) => Number(run.duration_ms ?? 0)),
          'ms',
          0
        )}; ${[...byStatus].map(([status, count]) => `${count} ${status}`).join(', ')}`
    )
  } finally {
    platforms.restore('bilibili')
    await clear()
  }
}
