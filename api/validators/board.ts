import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { MAX_ID, blankToUndefined } from '#validators/rules'
import { BOARD_CATEGORIES, BOARD_LIMITS, BOARD_STATUSES } from '#shared/board'

/** GET /api/board/posts */
export const boardListValidator = vine.compile(
  vine.object({
    category: vine.enum(BOARD_CATEGORIES).parse(blankToUndefined).optional(),
    q: vine.string().trim().maxLength(BOARD_LIMITS.searchMax).parse(blankToUndefined).optional(),
    status: vine.enum(BOARD_STATUSES).parse(blankToUndefined).optional(),
    _start: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
    _end: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
  })
)

/** POST /api/board/posts and PUT /api/board/posts/:id */
export const boardPostValidator = vine.compile(
  vine.object({
    category: vine.enum(BOARD_CATEGORIES),
    title: vine.string().trim().minLength(1).maxLength(BOARD_LIMITS.titleMax),
    content: vine.string().maxLength(BOARD_LIMITS.contentMax),
    status: vine.enum(BOARD_STATUSES),
    pinned: vine.boolean().optional(),
    attachment_ids: vine
      .array(vine.number().withoutDecimals().min(1).max(MAX_ID))
      .maxLength(BOARD_LIMITS.attachmentsPerPost)
      .distinct()
      .optional(),
  })
)

export const boardIdValidator = vine.compile(
  vine.object({ id: vine.number().withoutDecimals().min(1).max(MAX_ID) })
)

export type BoardListParams = Infer<typeof boardListValidator>
export type BoardPostInput = Infer<typeof boardPostValidator>
