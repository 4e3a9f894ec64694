import { DateTime } from 'luxon'
import { CronExpressionParser } from 'cron-parser'
import QueueSchedule from '#models/queue_schedule'
import type { StudioJobClass } from '#jobs/registry'

export function nextRun(cron: string, timezone: string, after: Date = new Date()) {
  return DateTime.fromJSDate(
    CronExpressionParser.parse(cron, { currentDate: after, tz: timezone }).next().toDate()
  ).toUTC()
}

/**
 * Upserts a schedule's bookkeeping row by key; the next run is recomputed
 * only when the rule changed, so registering on every start is harmless.
 */
export async function upsertSchedule(
  key: string,
  job: StudioJobClass,
  cron: string,
  timezone: string
) {
  const existing = await QueueSchedule.findBy('key', key)
  if (
    existing &&
    existing.cron === cron &&
    existing.timezone === timezone &&
    existing.jobName === job.jobName
  ) {
    return existing
  }
  const row = existing ?? new QueueSchedule()
  row.merge({ key, jobName: job.jobName, cron, timezone, nextRunAt: nextRun(cron, timezone) })
  await row.save()
  return row
}
