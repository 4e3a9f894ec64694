import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { MAX_ID, blankToUndefined, isoDay, oneOfEach, toList } from '#validators/rules'
import {
  DATA_EXPORT_FIELDS,
  DATA_EXPORT_GRANULARITIES,
  DATA_EXPORT_LIMITS,
  VIDEO_LINK_MAX,
} from '#shared/labs_downloads'

/*
| The Labs downloads' fields. Messages: resources/lang/<lang>/labs.json
| `data.validator.*` and `video.validator.*`. Whether start ≤ end and the
| period is not too long is DataExportService's check (labs.data.errors).
*/

const day = () => vine.string().trim().use(isoDay())

/** POST /api/labs/data_exports {granularity, start, end, creator_ids[], fields[]} */
export const dataExportValidator = vine.compile(
  vine.object({
    granularity: vine.enum(DATA_EXPORT_GRANULARITIES),
    start: day(),
    end: day(),
    creator_ids: vine
      .array(vine.number().withoutDecimals().min(1).max(MAX_ID))
      .minLength(1)
      .maxLength(DATA_EXPORT_LIMITS.maxCreators)
      .parse(toList),
    fields: vine
      .array(vine.string())
      .minLength(1)
      .use(oneOfEach({ choices: DATA_EXPORT_FIELDS }))
      .parse(toList),
  })
)
export type DataExportParams = Infer<typeof dataExportValidator>

/** POST /api/labs/video_downloads {link} — whether it is YouTube's is the service's check. */
export const videoDownloadValidator = vine.compile(
  vine.object({
    link: vine.string().trim().minLength(1).maxLength(VIDEO_LINK_MAX),
  })
)

/** GET /api/labs/video_downloads?_start=&_end= */
export const videoDownloadListValidator = vine.compile(
  vine.object({
    _start: vine.number().withoutDecimals().min(0).parse(blankToUndefined).optional(),
    _end: vine.number().withoutDecimals().min(0).parse(blankToUndefined).optional(),
  })
)
