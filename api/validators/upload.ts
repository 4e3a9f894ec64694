import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import { UPLOAD_PLATFORMS } from '#shared/uploads'
import { blankToUndefined, isoDay, toList } from '#validators/rules'
import { enumList, id, numberToText, toArray } from '#validators/creator_rules'

/*
| The station's submission, form-encoded or JSON. The validator checks the
| shape (types, sizes, formats); the station's rules (limits, required
| fields per platform, lead times) are checkUpload's in api/shared/uploads.ts,
| shared with the admin's form.
*/

/** Input bounds: far above every platform's limit (longer texts are cut, not refused). */
const UPLOAD_INPUT_MAX = {
  title: 1_000,
  detail: 10_000,
  tags: 2_000,
  choice: 100,
  uploadId: 200,
} as const

/** A platform's category, subcategory or event id (platforms send numbers or text). */
const choice = () =>
  vine
    .string()
    .trim()
    .maxLength(UPLOAD_INPUT_MAX.choice)
    .parse((value) => blankToUndefined(numberToText(value)))

/**
 * One value for every platform (`category=160`) or one per platform
 * (`category[bilibili]=160&category[haokan]=food`, or a JSON object); read
 * as one value per platform either way.
 */
const perPlatform = () =>
  vine
    .object({
      bilibili: choice().nullable().optional(),
      xigua: choice().nullable().optional(),
      haokan: choice().nullable().optional(),
    })
    .parse((value) => {
      const single = numberToText(value)
      if (typeof single !== 'string') return value
      return Object.fromEntries(UPLOAD_PLATFORMS.map((platform) => [platform, single]))
    })

/** 1/0, true/false (form fields and JSON alike). */
const flag = () => vine.boolean().parse(blankToUndefined)

/** An ISO 8601 date and time with its offset (`2026-06-01T16:00:00+09:00`). */
const moment = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  const parsed = DateTime.fromISO(value, { setZone: true })
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(value)
  if (!parsed.isValid || !hasOffset || !/T\d{2}:\d{2}/.test(value)) {
    field.report('The {{ field }} field must be a date and time with its offset', 'moment', field)
  }
})

/** An upload id of the resumable transfer. */
const uploadId = () =>
  vine
    .string()
    .trim()
    .maxLength(UPLOAD_INPUT_MAX.uploadId)
    .regex(/^[\w.-]+$/)
    .parse(blankToUndefined)

/** A submission's fields (POST /api/uploads/check, and the upload itself). */
export const uploadFields = {
  creator_id: id().exists(async (db, value) => {
    const creator = await db
      .from('creators')
      .where('id', value)
      .where('contract_status', 'valid')
      .first()
    return Boolean(creator)
  }),
  platforms: enumList(UPLOAD_PLATFORMS)
    .parse((value) => toArray(toList(value)) ?? [])
    .optional(),
  title: vine.string().trim().maxLength(UPLOAD_INPUT_MAX.title).optional(),
  detail: vine.string().trim().maxLength(UPLOAD_INPUT_MAX.detail).optional(),
  category: perPlatform().optional(),
  subcategory: perPlatform().optional(),
  /** Comma-separated, or a list (joined). */
  tags: vine
    .string()
    .maxLength(UPLOAD_INPUT_MAX.tags)
    .parse((value) => (Array.isArray(value) ? value.map(String).join(',') : value))
    .optional(),
  event_tag: perPlatform().optional(),
  topic: choice().optional(),
  share: flag().optional(),
  advert: flag().optional(),
  original: flag().optional(),
  /** The scheduled time as one moment, or as a date and a time of the studio's time zone. */
  scheduled_at: vine.string().trim().maxLength(40).use(moment()).parse(blankToUndefined).optional(),
  scheduled_date: vine.string().trim().use(isoDay()).parse(blankToUndefined).optional(),
  scheduled_time: vine
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/)
    .parse(blankToUndefined)
    .optional()
    .requiredIfExists('scheduled_date'),
  subscribe_at_s: vine
    .number()
    .withoutDecimals()
    .min(-86_400)
    .max(86_400)
    .parse(blankToUndefined)
    .optional(),
  video: uploadId().optional(),
  thumbnail: uploadId().optional(),
}

/**
 * POST /api/uploads/check: the submission without its files being read —
 * the length the browser read from the chosen video may come along
 * (`video_duration_s`) for the subscribe button's rule.
 */
export const uploadCheckValidator = vine.compile(
  vine.object({
    ...uploadFields,
    video_duration_s: vine.number().min(0).max(86_400).parse(blankToUndefined).optional(),
  })
)
export type UploadCheckInput = Infer<typeof uploadCheckValidator>
