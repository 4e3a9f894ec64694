import vine from '@vinejs/vine'
import { MAX_ID, blankToUndefined } from '#validators/rules'

const id = () => vine.number().withoutDecimals().min(1).max(MAX_ID)

const LETTER_LIMITS = { subjectMax: 200, bodyMax: 10_000 } as const

/** GET /api/letters?box=inbox|sent */
export const letterListValidator = vine.compile(
  vine.object({
    box: vine
      .enum(['inbox', 'sent'] as const)
      .parse(blankToUndefined)
      .optional(),
    _start: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
    _end: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
  })
)

/** POST /api/letters */
export const letterSendValidator = vine.compile(
  vine.object({
    recipient_id: id(),
    subject: vine.string().trim().minLength(1).maxLength(LETTER_LIMITS.subjectMax),
    body: vine.string().trim().minLength(1).maxLength(LETTER_LIMITS.bodyMax),
    reply_to_id: id().optional(),
  })
)

export const letterIdValidator = vine.compile(vine.object({ id: id() }))

export const recipientSearchValidator = vine.compile(
  vine.object({ q: vine.string().trim().maxLength(100).parse(blankToUndefined).optional() })
)
