import vine from '@vinejs/vine'
import type { I18n } from '@adonisjs/i18n'
import type { Infer, MessagesProviderContact } from '@vinejs/vine/types'
import { MAX_ID, blankToUndefined, sortOrder, toList } from '#validators/rules'
import { areaMessages } from '#validators/messages'
import { PLATFORMS } from '#shared/constants'
import {
  OUTSIDE_LIMITS,
  OUTSIDE_PURPOSES,
  OUTSIDE_STATES,
  REPLAY_STRATEGIES,
  isCrawlTime,
  type ReplayStrategy,
} from '#shared/outside'

/*
|--------------------------------------------------------------------------
| Outside creators (SPEC §2 "Outside creators", §3 "Outside crawl task", §5
| "scheduled minutes must end in 0 or 5"; issue 29): /api/outside_creators
| and the SPEC §7 crawler and owner service paths. Field names and messages
| live in resources/lang/<lang>/outside.json. Form-encoded bodies send
| lists as `a,b` text, booleans as text: both are read.
|--------------------------------------------------------------------------
*/

/** The sorts of the list (Refine's `_sort`). */
const OUTSIDE_SORTS = [
  'fans_growth_7d',
  'fans',
  'next_run_at',
  'last_run_at',
  'last_status',
  'opened_count',
  'created_at',
  'name',
] as const

/** 'HH:MM' with minutes ending in 0 or 5 (reported as `crawl_time`). */
const crawlTimes = vine.createRule((value, _options, field) => {
  if (!Array.isArray(value)) return
  for (const item of value) {
    if (typeof item !== 'string' || !isCrawlTime(item.trim())) {
      field.report('Scraping times are HH:MM with minutes ending in 0 or 5', 'crawl_time', field, {
        value: typeof item === 'string' ? item : '',
      })
      return
    }
  }
  field.mutate([...new Set(value.map((item: string) => item.trim()))].sort(), field)
})

/** Hours '0'..'23' → a replay strategy (reported as `replay_hour`). */
const replayHours = vine.createRule((value, _options, field) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return
  const byHour: Record<string, ReplayStrategy> = {}
  for (const [hour, strategy] of Object.entries(value as Record<string, unknown>)) {
    const number = Number(hour)
    if (
      !/^\d{1,2}$/.test(hour) ||
      number > 23 ||
      !(REPLAY_STRATEGIES as readonly unknown[]).includes(strategy)
    ) {
      field.report('Each hour 0–23 takes late, skip or catch_up', 'replay_hour', field)
      return
    }
    byHour[String(number)] = strategy as ReplayStrategy
  }
  field.mutate(byHour, field)
})

/** A JSON text (form-encoded bodies) read as its value; anything else as it is. */
function jsonText(value: unknown) {
  if (value === '' || value === null) return undefined
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

const text = (max: number) => vine.string().trim().maxLength(max).parse(blankToUndefined)
const position = () =>
  vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional()

/** The crawl task's settings, on create and update alike. */
const settings = () => ({
  name: text(OUTSIDE_LIMITS.nameMax).optional(),
  purpose: vine.enum(OUTSIDE_PURPOSES).parse(blankToUndefined).optional(),
  note: text(OUTSIDE_LIMITS.noteMax).nullable().optional(),
  state: vine.enum(OUTSIDE_STATES).parse(blankToUndefined).optional(),
  interval_days: vine
    .number()
    .withoutDecimals()
    .min(1)
    .max(OUTSIDE_LIMITS.intervalDaysMax)
    .parse(blankToUndefined)
    .optional(),
  interval_hours: vine
    .number()
    .withoutDecimals()
    .min(0)
    .max(OUTSIDE_LIMITS.intervalHoursMax)
    .parse(blankToUndefined)
    .optional(),
  custom_times: vine
    .array(vine.string().trim().maxLength(5))
    .maxLength(OUTSIDE_LIMITS.customTimesMax)
    .use(crawlTimes())
    .parse((value) => (value === '' ? [] : (toList(value) ?? value)))
    .optional(),
  replay_strategy: vine.enum(REPLAY_STRATEGIES).parse(blankToUndefined).optional(),
  replay_by_hour: vine.record(vine.any()).use(replayHours()).parse(jsonText).nullable().optional(),
  auto_video_crawl: vine.boolean().parse(blankToUndefined).optional(),
})

/** The creator: a pasted link (`link`), or a platform with its uid. */
const who = {
  platform: vine.enum(PLATFORMS).parse(blankToUndefined).optional(),
  uid: text(OUTSIDE_LIMITS.uidMax).optional(),
  link: text(OUTSIDE_LIMITS.urlMax).optional(),
}

/** POST /api/outside_creators */
export const outsideStoreValidator = vine.compile(
  vine.object({
    ...who,
    ...settings(),
  })
)
export type OutsideStoreInput = Infer<typeof outsideStoreValidator>

/** PATCH /api/outside_creators/:id (platform and uid stay: another creator is another task). */
export const outsideUpdateValidator = vine.compile(vine.object(settings()))
export type OutsideUpdateInput = Infer<typeof outsideUpdateValidator>

/** GET /api/outside_creators */
export const outsideListValidator = vine.compile(
  vine.object({
    q: text(OUTSIDE_LIMITS.nameMax).optional(),
    platform: vine.enum(PLATFORMS).parse(blankToUndefined).optional(),
    state: vine.enum(OUTSIDE_STATES).parse(blankToUndefined).optional(),
    purpose: vine.enum(OUTSIDE_PURPOSES).parse(blankToUndefined).optional(),
    _sort: vine.enum(OUTSIDE_SORTS).parse(blankToUndefined).optional(),
    _order: sortOrder(),
    _start: position(),
    _end: position(),
    offset: position(),
    limit: vine.number().withoutDecimals().min(1).max(100).parse(blankToUndefined).optional(),
  })
)
export type OutsideListParams = Infer<typeof outsideListValidator>

/** GET /api/outside_creators/:id/runs, /videos (pages) */
export const outsidePageValidator = vine.compile(
  vine.object({
    _start: position(),
    _end: position(),
    offset: position(),
    limit: vine.number().withoutDecimals().min(1).max(100).parse(blankToUndefined).optional(),
  })
)
export type OutsidePageParams = Infer<typeof outsidePageValidator>

/** GET /api/outside_creators/:id/figures — the last `days` days (default 90). */
export const outsideFiguresValidator = vine.compile(
  vine.object({
    days: vine.number().withoutDecimals().min(1).max(730).parse(blankToUndefined).optional(),
    mode: vine
      .enum(['value', 'diff'] as const)
      .parse(blankToUndefined)
      .optional(),
  })
)
export type OutsideFiguresParams = Infer<typeof outsideFiguresValidator>

/** POST /api/outside_creators/bulk — one link or uid per line (or a list). */
export const outsideBulkValidator = vine.compile(
  vine.object({
    platform: vine.enum(PLATFORMS).parse(blankToUndefined).optional(),
    lines: vine
      .array(vine.string().maxLength(OUTSIDE_LIMITS.urlMax))
      .minLength(1)
      .maxLength(OUTSIDE_LIMITS.bulkMax)
      .parse((value) =>
        typeof value === 'string'
          ? value
              .split(/\r?\n/)
              .map((line) => line.trim())
              .filter(Boolean)
          : value
      ),
    ...settings(),
  })
)
export type OutsideBulkInput = Infer<typeof outsideBulkValidator>

/** POST /api/outside_creators/parse and /api/scheduler/parse/ — a link (and a bare uid's platform). */
export const outsideParseValidator = vine.compile(
  vine.object({
    link: text(OUTSIDE_LIMITS.urlMax),
    platform: vine.enum(PLATFORMS).parse(blankToUndefined).optional(),
  })
)

/** The SPEC §7 paths' task id (`id` or `task_id`, in the query or the body). */
export const outsideTaskValidator = vine.compile(
  vine.object({
    id: vine.number().withoutDecimals().min(1).max(MAX_ID),
  })
)

/** POST /api/scheduler/api/task/ — a task's state, and the settings given. */
export const outsideTaskUpdateValidator = vine.compile(
  vine.object({
    id: vine.number().withoutDecimals().min(1).max(MAX_ID),
    ...settings(),
  })
)

/** POST /api/scheduler/api/time/ and /api/owner/task/time — a task's scraping times. */
export const outsideTimesValidator = vine.compile(
  vine.object({
    id: vine.number().withoutDecimals().min(1).max(MAX_ID),
    custom_times: settings().custom_times,
    interval_days: settings().interval_days,
    interval_hours: settings().interval_hours,
  })
)

/** POST /api/owner/cookie — a platform's crawler login (cookie JSON as exported). */
export const outsideCookieValidator = vine.compile(
  vine.object({
    platform: vine.enum(PLATFORMS),
    cookie: vine.string().trim().maxLength(20_000).parse(blankToUndefined).nullable().optional(),
  })
)

/** Messages in the caller's language from outside.json. */
export function outsideMessages(i18n: I18n): MessagesProviderContact {
  return areaMessages(i18n, 'outside.validator')
}
