/**
 * The upload station's rules (SPEC §5 'Upload', §9): one source for the API's
 * validators, the publishing job and the admin's form (`@shared/uploads`).
 * Keep it free of Node-only imports.
 */

/** The platforms a video can be uploaded to from the station. */
export const UPLOAD_PLATFORMS = ['bilibili', 'xigua', 'haokan'] as const
export type UploadPlatform = (typeof UPLOAD_PLATFORMS)[number]

/** Titles longer than this are cut (with the spec's notice). */
export const TITLE_MAX: Record<UploadPlatform, number> = { bilibili: 30, xigua: 80, haokan: 80 }
/** Details longer than this are cut (with the spec's notice). */
export const DETAIL_MAX: Record<UploadPlatform, number> = { bilibili: 100, xigua: 400, haokan: 250 }
/** Tags, entered comma-separated (Haokan takes 5). */
export const TAGS_MAX: Record<UploadPlatform, number> = { bilibili: 10, xigua: 10, haokan: 5 }

/** The resumable transfer's path (tus 1.0: POST creates, PATCH appends, HEAD answers the offset). */
export const UPLOAD_TRANSFER_PATH = '/api/video/upload_file'

/** A scheduled time at least this far ahead is sent as a scheduled publication; else immediate. */
export const SCHEDULE_LEAD_HOURS: Record<UploadPlatform, number> = {
  bilibili: 4,
  xigua: 2,
  haokan: 4,
}

/** Each publication attempt's time limit. */
export const PUBLISH_ATTEMPT_LIMIT_MS = 5 * 60_000

/** Xigua's subscribe button shows this long and must start at least this long before the end. */
export const SUBSCRIBE_BUTTON_SECONDS = 5

/** Per platform, which fields the station requires. */
export const REQUIRED_FIELDS: Record<
  UploadPlatform,
  readonly ('category' | 'subcategory' | 'tags' | 'eventTag' | 'original')[]
> = {
  bilibili: ['category', 'subcategory', 'tags', 'eventTag'],
  xigua: ['tags', 'eventTag'],
  haokan: ['category', 'subcategory', 'original'],
}

/** A publication's states as the waiting and result lists show them. */
const PUBLICATION_STATUSES = ['requesting', 'uploading', 'scheduled', 'success', 'failure'] as const
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number]

/** A task runs until every publication ended; then all succeeded, some did, or none. */
const UPLOAD_TASK_STATUSES = ['running', 'success', 'partial', 'failure'] as const
export type UploadTaskStatus = (typeof UPLOAD_TASK_STATUSES)[number]

/*
|--------------------------------------------------------------------------
| The rules of one submission
|--------------------------------------------------------------------------
| One pure function for the API (validator, dry run, publishing) and the
| admin's form: the values each platform gets (cut to its limits), the
| notices (what was cut, which schedule fell back to immediate) and the
| violations, each a message key of uploads.json / the admin's uploads
| locale (`uploads.rules.<key>`) with its parameters.
*/

/**
 * A value the form gives once for every platform, or per platform (each
 * platform has its own categories and events).
 */
export type PerPlatform<T> = T | Partial<Record<UploadPlatform, T>>

/** The value of a PerPlatform field for `platform`. */
function valueFor<T extends string | null>(
  value: PerPlatform<T> | undefined,
  platform: UploadPlatform
): T | null {
  if (value === null || value === undefined || typeof value === 'string') return value ?? null
  return (value as Partial<Record<UploadPlatform, T>>)[platform] ?? null
}

/** The form's values as the station reads them (the validator's output, or the admin's form). */
export interface UploadFormValues {
  platforms: readonly UploadPlatform[]
  title: string
  detail: string
  category: PerPlatform<string | null>
  subcategory: PerPlatform<string | null>
  /** Tags as typed: comma-separated (full-width and ideographic commas count too). */
  tags: string
  /** Bilibili's activity and Xigua's event (ids from each platform's list). */
  eventTag: PerPlatform<string | null>
  /** Haokan's topic. */
  topic: string | null
  share: boolean
  advert: boolean
  /** Haokan: declared original (true), not original (false), not chosen (null). */
  original: boolean | null
  /** The scheduled publication time (ISO 8601 with its offset), or null for "now". */
  scheduledAt: string | null
  /** Xigua: the second the subscribe button starts; null for none. */
  subscribeAtS: number | null
}

/** What the station knows of the files: whether each is chosen and the video's length. */
export interface UploadFilesState {
  video: boolean
  thumbnail: boolean
  /** Seconds, read from the mp4's header; null while unknown. */
  videoDurationS: number | null
}

/** Every rule a submission can break (message keys `uploads.rules.<key>`). */
export const UPLOAD_RULE_KEYS = [
  'platform_required',
  'file_required',
  'title_required',
  'tags_too_many',
  'category_required',
  'subcategory_required',
  'tags_required',
  'event_tag_required',
  'original_required',
  'subscribe_negative',
  'subscribe_too_late',
] as const
type UploadRuleKey = (typeof UPLOAD_RULE_KEYS)[number]

/** Every notice a submission can get (message keys `uploads.notices.<key>`). */
export const UPLOAD_NOTICE_KEYS = [
  'title_cut',
  'detail_cut',
  'schedule_past',
  'schedule_too_soon',
] as const
type UploadNoticeKey = (typeof UPLOAD_NOTICE_KEYS)[number]

export interface UploadViolation {
  key: UploadRuleKey
  /** The form field the violation belongs to. */
  field: string
  platform?: UploadPlatform
  params: Record<string, string | number>
}

export interface UploadNotice {
  key: UploadNoticeKey
  field: string
  platform: UploadPlatform
  params: Record<string, string | number>
}

interface UploadSchedule {
  /** `scheduled`: the platform holds the video until `at`; `immediate`: published at once. */
  mode: 'scheduled' | 'immediate'
  at: string | null
}

/** What one platform is sent (the adapter's PublishRequest fields, without files and account). */
export interface UploadPlatformPlan {
  platform: UploadPlatform
  title: string
  detail: string
  /** The platform's category and subcategory ids (as its adapter's `categories()` lists them). */
  category: string | null
  subcategory: string | null
  tags: string[]
  /** Bilibili/Xigua event tag (an event id from `events()`), Haokan topic. */
  eventTag: string | null
  topic: string | null
  share: boolean
  advert: boolean
  /** Haokan: the creator declares the video original. */
  original: boolean
  /** Xigua: second of the video at which the subscribe button shows (for 5 s). */
  subscribeAtS: number | null
  schedule: UploadSchedule
}

export interface UploadVerdict {
  /** The tags as parsed (trimmed, empty and repeated ones dropped), before any platform's limit. */
  tags: string[]
  plans: UploadPlatformPlan[]
  notices: UploadNotice[]
  violations: UploadViolation[]
}

/** The form field of each required field (as the API and the admin's form name them). */
const REQUIRED_FIELD_NAMES = {
  category: 'category',
  subcategory: 'subcategory',
  tags: 'tags',
  eventTag: 'event_tag',
  original: 'original',
} as const

const REQUIRED_KEYS: Record<keyof typeof REQUIRED_FIELD_NAMES, UploadRuleKey> = {
  category: 'category_required',
  subcategory: 'subcategory_required',
  tags: 'tags_required',
  eventTag: 'event_tag_required',
  original: 'original_required',
}

let graphemeSegmenter: Intl.Segmenter | null = null

/** The characters of `text` as a person counts them (an emoji or a Hangul syllable is one). */
export function characters(text: string): string[] {
  graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  return Array.from(graphemeSegmenter.segment(text), (part) => part.segment)
}

/** How many characters `text` holds, as a person counts them. */
export function characterCount(text: string) {
  return characters(text).length
}

/** `text` cut to its first `max` characters (as a person counts them); whether it was cut. */
export function cutText(text: string, max: number): { text: string; cut: boolean } {
  const parts = characters(text)
  if (parts.length <= max) return { text, cut: false }
  return { text: parts.slice(0, max).join('').trimEnd(), cut: true }
}

/** Tags typed comma-separated (`,`, `，`, `、`): trimmed, empty ones and repeats dropped. */
export function parseTags(value: string | null | undefined): string[] {
  if (!value) return []
  const seen = new Set<string>()
  for (const part of value.split(/[,，、]/)) {
    const tag = part.trim()
    if (tag) seen.add(tag)
  }
  return [...seen]
}

/** The latest second the Xigua subscribe button may start for a video of `durationS` seconds. */
export function latestSubscribeStart(durationS: number) {
  return Math.floor(durationS - SUBSCRIBE_BUTTON_SECONDS)
}

/**
 * When `platform` publishes a video scheduled for `scheduledAt`, seen at
 * `now`: at that time when it is at least the platform's lead time ahead,
 * otherwise at once (a time already past, or too soon, is told).
 */
function scheduleFor(
  platform: UploadPlatform,
  scheduledAt: string | null,
  now: Date | number
): { schedule: UploadSchedule; notice: UploadNoticeKey | null } {
  if (!scheduledAt) return { schedule: { mode: 'immediate', at: null }, notice: null }
  const at = Date.parse(scheduledAt)
  const nowMs = typeof now === 'number' ? now : now.getTime()
  if (Number.isNaN(at)) return { schedule: { mode: 'immediate', at: null }, notice: null }
  if (at <= nowMs) return { schedule: { mode: 'immediate', at: null }, notice: 'schedule_past' }
  if (at - nowMs < SCHEDULE_LEAD_HOURS[platform] * 3_600_000) {
    return { schedule: { mode: 'immediate', at: null }, notice: 'schedule_too_soon' }
  }
  return { schedule: { mode: 'scheduled', at: new Date(at).toISOString() }, notice: null }
}

function given(value: string | null | undefined) {
  return typeof value === 'string' && value.trim() !== ''
}

/**
 * The rules of one submission (SPEC §5 'Upload', §9), for the form's values,
 * the files' state and the time `now` (passed in: the tests' clock).
 */
export function checkUpload(
  values: UploadFormValues,
  files: UploadFilesState,
  now: Date | number
): UploadVerdict {
  const violations: UploadViolation[] = []
  const notices: UploadNotice[] = []
  const plans: UploadPlatformPlan[] = []
  const platforms = UPLOAD_PLATFORMS.filter((platform) => values.platforms.includes(platform))
  const tags = parseTags(values.tags)
  const title = values.title.trim()
  const detail = values.detail.trim()

  if (platforms.length === 0) {
    violations.push({ key: 'platform_required', field: 'platforms', params: { min: 1 } })
  }
  if (!files.video) violations.push({ key: 'file_required', field: 'video', params: {} })
  if (!files.thumbnail) violations.push({ key: 'file_required', field: 'thumbnail', params: {} })
  if (!title) violations.push({ key: 'title_required', field: 'title', params: {} })

  for (const platform of platforms) {
    const params = { platform }
    for (const required of REQUIRED_FIELDS[platform]) {
      const missing =
        required === 'tags'
          ? tags.length === 0
          : required === 'original'
            ? values.original === null
            : !given(valueFor(values[required], platform))
      if (missing) {
        violations.push({
          key: REQUIRED_KEYS[required],
          field: REQUIRED_FIELD_NAMES[required],
          platform,
          params,
        })
      }
    }
    if (tags.length > TAGS_MAX[platform]) {
      violations.push({
        key: 'tags_too_many',
        field: 'tags',
        platform,
        params: { platform, max: TAGS_MAX[platform], count: tags.length },
      })
    }

    let subscribeAtS: number | null = null
    if (platform === 'xigua' && values.subscribeAtS !== null) {
      subscribeAtS = values.subscribeAtS
      const latest =
        files.videoDurationS === null ? null : latestSubscribeStart(files.videoDurationS)
      if (subscribeAtS < 0) {
        violations.push({ key: 'subscribe_negative', field: 'subscribe_at_s', platform, params })
      } else if (latest !== null && subscribeAtS > latest) {
        violations.push({
          key: 'subscribe_too_late',
          field: 'subscribe_at_s',
          platform,
          params: { platform, latest: Math.max(latest, 0), seconds: SUBSCRIBE_BUTTON_SECONDS },
        })
      }
    }

    const cut = (
      field: 'title' | 'detail',
      text: string,
      limits: Record<UploadPlatform, number>
    ) => {
      const result = cutText(text, limits[platform])
      if (result.cut) {
        notices.push({
          key: `${field}_cut`,
          field,
          platform,
          params: { platform, max: limits[platform] },
        })
      }
      return result.text
    }
    const cutTitle = cut('title', title, TITLE_MAX)
    const cutDetail = cut('detail', detail, DETAIL_MAX)
    const { schedule, notice } = scheduleFor(platform, values.scheduledAt, now)
    if (notice) {
      notices.push({
        key: notice,
        field: 'scheduled_at',
        platform,
        params: { platform, hours: SCHEDULE_LEAD_HOURS[platform] },
      })
    }

    plans.push({
      platform,
      title: cutTitle,
      detail: cutDetail,
      category: valueFor(values.category, platform),
      subcategory: valueFor(values.subcategory, platform),
      tags: tags.slice(0, TAGS_MAX[platform]),
      eventTag: platform === 'haokan' ? null : valueFor(values.eventTag, platform),
      topic: platform === 'haokan' ? values.topic : null,
      share: values.share,
      advert: values.advert,
      original: platform === 'haokan' ? values.original === true : false,
      subscribeAtS,
      schedule,
    })
  }

  return { tags, plans, notices, violations }
}
