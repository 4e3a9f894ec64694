import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import type { FieldContext } from '@vinejs/vine/types'
import { MAX_ID, blankToUndefined } from '#validators/rules'
import { CONNECT_KINDS, CONNECT_STATES } from '#shared/connect_data'
import { PLATFORMS } from '#shared/constants'

/*
| Connect data (issue 29): the connect itself (and its preview), the lists
| and the pickers. Messages: resources/lang/<lang>/connect_data.json.
*/

const id = () => vine.number().withoutDecimals().min(1).max(MAX_ID)
const ofKind = (kind: string) => (field: FieldContext) => field.parent?.kind === kind
const window = {
  _start: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
  _end: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
}

/**
 * POST /api/connect_data and GET /api/connect_data/preview: an outside
 * creator with a managed creator (or `new_creator`), or an outside video
 * with a managed video.
 */
export const connectValidator = vine.compile(
  vine.object({
    kind: vine.enum(CONNECT_KINDS),
    outside_creator_id: id().parse(blankToUndefined).optional().requiredWhen(ofKind('creator')),
    new_creator: vine.boolean().parse(blankToUndefined).optional(),
    creator_id: id()
      .parse(blankToUndefined)
      .optional()
      .requiredWhen((field) => field.parent?.kind === 'creator' && !field.parent?.new_creator),
    outside_video_id: id().parse(blankToUndefined).optional().requiredWhen(ofKind('video')),
    video_id: id().parse(blankToUndefined).optional().requiredWhen(ofKind('video')),
  })
)
export type ConnectInput = Infer<typeof connectValidator>

/** POST /api/connect_data/:id/confirm and /revert */
export const connectIdValidator = vine.compile(vine.object({ id: id() }))

/** GET /api/connect_data */
export const connectListValidator = vine.compile(
  vine.object({
    ...window,
    kind: vine.enum(CONNECT_KINDS).parse(blankToUndefined).optional(),
    state: vine.enum(CONNECT_STATES).parse(blankToUndefined).optional(),
    creator_id: id().parse(blankToUndefined).optional(),
  })
)
export type ConnectListFilters = Infer<typeof connectListValidator>

/** GET /api/connect_data/tasks */
export const connectTaskValidator = vine.compile(
  vine.object({
    ...window,
    platform: vine.enum(PLATFORMS).parse(blankToUndefined).optional(),
    q: vine.string().trim().maxLength(100).parse(blankToUndefined).optional(),
  })
)
export type ConnectTaskFilters = Infer<typeof connectTaskValidator>

/** GET /api/connect_data/outside?kind=creator|video&q= — the outside side's picker. */
export const connectPickValidator = vine.compile(
  vine.object({
    kind: vine.enum(CONNECT_KINDS),
    q: vine.string().trim().maxLength(100).parse(blankToUndefined).optional(),
    id: id().parse(blankToUndefined).optional(),
    limit: vine.number().withoutDecimals().min(1).max(50).parse(blankToUndefined).optional(),
  })
)
export type ConnectPickFilters = Infer<typeof connectPickValidator>
