import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { MAX_ID, blankToUndefined } from '#validators/rules'
import { uploadFields } from '#validators/upload'

/**
 * POST /api/video/upload: the station's submission (uploadFields, the same
 * fields POST /api/uploads/check reads), the video and the thumbnail given
 * as the ids of finished resumable uploads. The station's rules (limits,
 * required fields per platform, lead times) are then checkUpload's, with
 * the video's length read from the stored file.
 */
export const uploadSubmitValidator = vine.compile(
  vine.object({
    ...uploadFields,
    /** One per launch of the form: the same key sent again finds the task already written. */
    request_key: vine
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .parse(blankToUndefined)
      .optional(),
  })
)
export type UploadSubmit = Infer<typeof uploadSubmitValidator>

const page = {
  _start: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
  _end: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
}

/** GET /api/video/upload_record, /api/video/creator_upload_list, /api/creator/v2/uploads */
export const uploadListValidator = vine.compile(
  vine.object({
    creator_id: vine
      .number()
      .withoutDecimals()
      .min(1)
      .max(MAX_ID)
      .parse(blankToUndefined)
      .optional(),
    ...page,
  })
)
export type UploadListParams = Infer<typeof uploadListValidator>

/** GET /api/uploads/:id */
export const uploadTaskValidator = vine.compile(
  vine.object({ id: vine.number().withoutDecimals().min(1).max(MAX_ID) })
)
