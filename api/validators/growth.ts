import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { MAX_ID, blankToUndefined } from '#validators/rules'
import { videoFilterParams } from '#validators/video'
import { GROWTH_BOARD_DAYS, GROWTH_BOARD_FLAG_FILTERS } from '#shared/growth'

/** GET /api/videos/:id/growth */
export const growthVideoValidator = vine.compile(
  vine.object({ id: vine.number().withoutDecimals().min(1).max(MAX_ID) })
)

/**
 * GET /api/growth-board: `days` (uploads of the last 1–30 days, 7 by
 * default), the video filters platform, creator_id and team, `flag`
 * (out, under, none) and the page (`_start`, `_end`).
 */
export const growthBoardValidator = vine.compile(
  vine.object({
    days: vine
      .number()
      .withoutDecimals()
      .min(GROWTH_BOARD_DAYS.min)
      .max(GROWTH_BOARD_DAYS.max)
      .parse(blankToUndefined)
      .optional(),
    platform: videoFilterParams.platform,
    creator_id: videoFilterParams.creator_id,
    team: videoFilterParams.team,
    flag: vine.enum(GROWTH_BOARD_FLAG_FILTERS).parse(blankToUndefined).optional(),
    _start: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
    _end: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
  })
)
export type GrowthBoardParams = Infer<typeof growthBoardValidator>
