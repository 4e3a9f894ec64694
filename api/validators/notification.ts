import vine from '@vinejs/vine'
import { MAX_ID, blankToUndefined } from '#validators/rules'

const HEADLINE_PAGE_MAX = 100

/** GET /api/headline-notifications?offset=0&limit=20 (SPEC §7, §9). */
export const headlinePageValidator = vine.compile(
  vine.object({
    offset: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
    limit: vine
      .number()
      .withoutDecimals()
      .min(1)
      .max(HEADLINE_PAGE_MAX)
      .parse(blankToUndefined)
      .optional(),
  })
)

export const notificationIdValidator = vine.compile(
  vine.object({ id: vine.number().withoutDecimals().min(1).max(MAX_ID) })
)
