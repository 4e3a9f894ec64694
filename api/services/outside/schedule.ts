import { DateTime } from 'luxon'
import studioConfig from '#config/studio'
import {
  REPLAY_STRATEGIES,
  isCrawlTime,
  type CrawlTrigger,
  type OutsideState,
  type ReplayStrategy,
} from '#shared/outside'

/**
 * The schedule of an outside crawl task (SPEC §3 "Outside crawl task",
 * issue 29), in the studio's time zone (APP_TIMEZONE, config/studio.ts):
 *
 * - **Crawl days** come every `intervalDays` days, counted from the day of
 *   the slot the task last ran (else of its last run, else of `after`: a new
 *   task's first day is the day it is scheduled). A manual crawl does not
 *   move them when the caller passes `lastSlotAt`, as the engine does.
 * - **Slots** of a crawl day: each custom time ('HH:MM', minutes 0/5) and,
 *   when `intervalHours` > 0, 00:00 and every `intervalHours` after it, on the
 *   wall clock. A task with neither runs at 00:00 of its crawl days. A wall
 *   time the clock skips (a spring-forward day) runs when the clock jumps
 *   (02:30 → 03:30 in New York); an hour the clock repeats (fall-back) runs
 *   once, at its first pass; two times landing on one instant are one slot.
 * - **Missed slots** (in the past of `after`, later than the slot last run):
 *   each follows the strategy of its hour, `replayByHour[hour] ??
 *   replayStrategy`: 'late' runs once now, for the newest missed 'late' slot
 *   (older ones are covered by it); 'skip' is dropped; 'catch_up' runs now,
 *   each missed slot in turn, oldest first — at most the newest
 *   REPLAY_MAX missed slots are considered. With nothing to replay, the
 *   next slot at or after `after` is due.
 * - A stopped task has no due time.
 */

/** Missed slots considered for a replay (a catch-up runs at most this many). */
export const REPLAY_MAX = 24
/** How far back missed slots are looked for, in days (a task stopped for years). */
const LOOKBACK_DAYS = 800

/** The task's fields the schedule reads (OutsideCreator's, by name). */
export interface ScheduleSettings {
  state: OutsideState
  intervalDays: number
  intervalHours: number
  customTimes: string[] | null
  replayStrategy: ReplayStrategy
  replayByHour: Record<string, ReplayStrategy> | null
  /** When the task last ran (any trigger); its day anchors the crawl days without `lastSlotAt`. */
  lastRunAt?: DateTime | null
  /** The slot the task last ran for (exclusive: missed slots are later than it). */
  lastSlotAt?: DateTime | null
}

/** When the task runs next, for which slot, and why (a slot on time, or a replay). */
export interface DueRun {
  runAt: DateTime
  slotAt: DateTime
  trigger: Extract<CrawlTrigger, 'schedule' | 'late' | 'catch_up'>
}

/** The day's number since 1970-01-01 of a local calendar date (DST-proof). */
function dayNumber(local: DateTime) {
  return Math.floor(Date.UTC(local.year, local.month - 1, local.day) / 86_400_000)
}

/** Minutes of the day of the task's slots, ascending. */
function slotMinutes(settings: ScheduleSettings) {
  const minutes = new Set<number>()
  for (const time of settings.customTimes ?? []) {
    if (!isCrawlTime(time)) continue
    const [hours, mins] = time.split(':').map(Number)
    minutes.add(hours * 60 + mins)
  }
  const every = Math.floor(settings.intervalHours)
  if (every > 0) for (let hour = 0; hour < 24; hour += every) minutes.add(hour * 60)
  if (!minutes.size) minutes.add(0)
  return [...minutes].sort((a, b) => a - b)
}

function strategyOf(settings: ScheduleSettings, slot: DateTime, zone: string): ReplayStrategy {
  const byHour = settings.replayByHour?.[String(slot.setZone(zone).hour)]
  if (byHour && (REPLAY_STRATEGIES as readonly string[]).includes(byHour)) return byHour
  return settings.replayStrategy
}

/** A wall time the clock shows twice (a fall-back hour) as its first pass; others unchanged. */
function firstPass(wallTime: DateTime) {
  const earlier = wallTime.minus({ minutes: wallTime.minus({ hours: 3 }).offset - wallTime.offset })
  const same =
    earlier < wallTime &&
    earlier.hour === wallTime.hour &&
    earlier.minute === wallTime.minute &&
    earlier.day === wallTime.day
  return same ? earlier : wallTime
}

/**
 * The slots of one task, day by day: `daySlots(local)` answers a crawl
 * day's slots (UTC, ascending, distinct), none on other days.
 */
function calendar(settings: ScheduleSettings, after: DateTime, zone: string) {
  const every = Math.max(1, Math.floor(settings.intervalDays) || 1)
  const anchorAt = settings.lastSlotAt ?? settings.lastRunAt ?? after
  const anchor = dayNumber(anchorAt.setZone(zone))
  const minutes = slotMinutes(settings)
  return {
    every,
    daySlots(local: DateTime): DateTime[] {
      const offset = dayNumber(local) - anchor
      if (((offset % every) + every) % every !== 0) return []
      const seen = new Set<number>()
      const slots: DateTime[] = []
      for (const minute of minutes) {
        const slot = firstPass(
          DateTime.fromObject(
            {
              year: local.year,
              month: local.month,
              day: local.day,
              hour: Math.floor(minute / 60),
              minute: minute % 60,
            },
            { zone }
          )
        ).toUTC()
        // a skipped wall time can land on the next day's first minutes: never
        if (slot.setZone(zone).day !== local.day || seen.has(slot.toMillis())) continue
        seen.add(slot.toMillis())
        slots.push(slot)
      }
      return slots.sort((a, b) => a.toMillis() - b.toMillis())
    },
  }
}

/** The first slot at or after `from`. */
function firstSlotFrom(days: ReturnType<typeof calendar>, from: DateTime, zone: string) {
  let local = from.setZone(zone).startOf('day')
  for (let i = 0; i <= days.every + 1; i++, local = local.plus({ days: 1 })) {
    const slot = days.daySlots(local).find((candidate) => candidate >= from)
    if (slot) return slot
  }
  return null
}

/** The newest slots in (since, before), up to `max`, oldest first. */
function missedSlots(
  days: ReturnType<typeof calendar>,
  since: DateTime,
  before: DateTime,
  zone: string
) {
  const found: DateTime[] = []
  const first = since.setZone(zone).startOf('day')
  let local = before.setZone(zone).startOf('day')
  for (let i = 0; i < LOOKBACK_DAYS && local >= first; i++, local = local.minus({ days: 1 })) {
    const slots = days.daySlots(local).filter((slot) => slot > since && slot < before)
    for (let j = slots.length - 1; j >= 0 && found.length < REPLAY_MAX; j--) found.push(slots[j])
    if (found.length >= REPLAY_MAX) break
  }
  return found.reverse()
}

/** The replay of the missed slots after `since` (or from `since` itself when `inclusive`), else the next slot. */
function plan(
  settings: ScheduleSettings,
  since: DateTime | null,
  after: DateTime,
  zone: string,
  inclusive = false
): DueRun | null {
  const from = after.toUTC()
  const days = calendar(settings, from, zone)
  if (since) {
    const start = inclusive ? since.toUTC().minus({ milliseconds: 1 }) : since.toUTC()
    const missed = missedSlots(days, start, from, zone)
    const strategies = missed.map((slot) => strategyOf(settings, slot, zone))
    const newestLate = strategies.lastIndexOf('late')
    for (const [index, slot] of missed.entries()) {
      if (strategies[index] === 'catch_up')
        return { runAt: from, slotAt: slot, trigger: 'catch_up' }
      if (index === newestLate) return { runAt: from, slotAt: slot, trigger: 'late' }
    }
  }
  // the slot last run is not due again, even when `after` is that very moment
  const start =
    since && since >= from && !inclusive ? since.toUTC().plus({ milliseconds: 1 }) : from
  const slot = firstSlotFrom(days, start, zone)
  return slot ? { runAt: slot, slotAt: slot, trigger: 'schedule' } : null
}

/**
 * When the task runs next (see the top of this file), or null when it is
 * stopped. `after` is now (or the moment a brake lifts); a replay's `runAt`
 * is `after` itself.
 */
export function nextRun(
  settings: ScheduleSettings,
  after: DateTime,
  zone: string = studioConfig.timezone
): DueRun | null {
  if (settings.state !== 'running') return null
  return plan(settings, settings.lastSlotAt ?? settings.lastRunAt ?? null, after, zone)
}

/**
 * What a due task runs now for the slot it was due for (`slotAt`, its
 * next_slot_at): the slot itself when it is at most `graceMs` old (a sweep's
 * normal delay), else that slot and any later missed ones replayed by their
 * strategies — which may be nothing now (all skipped: `runAt` is later).
 */
export function dueNow(
  settings: ScheduleSettings,
  slotAt: DateTime,
  now: DateTime,
  graceMs: number,
  zone: string = studioConfig.timezone
): DueRun | null {
  if (settings.state !== 'running') return null
  if (slotAt >= now.minus({ milliseconds: graceMs })) {
    return { runAt: now.toUTC(), slotAt: slotAt.toUTC(), trigger: 'schedule' }
  }
  return plan({ ...settings, lastSlotAt: slotAt }, slotAt, now, zone, true)
}
