import vine from '@vinejs/vine'
import { LOCALES } from '#shared/constants'
import { DOCUMENT_KINDS, DOCUMENT_LIMITS, DOCUMENT_STATUSES, INFO_TABS } from '#shared/documents'
import { MAX_ID, blankToUndefined } from '#validators/rules'

const id = () => vine.number().withoutDecimals().min(1).max(MAX_ID)
const month = () => vine.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)
const code = () => vine.string().trim().minLength(1).maxLength(32)

/** POST /api/documents */
export const documentIssueValidator = vine.compile(
  vine.object({
    creator_id: id(),
    kind: vine.enum(DOCUMENT_KINDS),
    lang: vine.enum(LOCALES),
    tabs: vine
      .array(vine.enum(INFO_TABS))
      .minLength(1)
      .maxLength(INFO_TABS.length)
      .distinct()
      .optional(),
    month: month().optional(),
    note: vine.string().trim().maxLength(DOCUMENT_LIMITS.noteMax).optional(),
    code: code().optional(),
  })
)

/** POST /api/documents/:id/reissue and /api/documents/:id/link: the security code, when asked. */
export const documentCodeValidator = vine.compile(vine.object({ code: code().optional() }))

/** GET /api/documents */
export const documentListValidator = vine.compile(
  vine.object({
    creator_id: id().parse(blankToUndefined).optional(),
    kind: vine.enum(DOCUMENT_KINDS).parse(blankToUndefined).optional(),
    status: vine.enum(DOCUMENT_STATUSES).parse(blankToUndefined).optional(),
    _start: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
    _end: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
  })
)

export const documentIdValidator = vine.compile(vine.object({ id: id() }))

/** The public link's token: 43 base64url characters (32 random bytes). */
export const documentTokenValidator = vine.compile(
  vine.object({
    token: vine
      .string()
      .fixedLength(DOCUMENT_LIMITS.tokenLength)
      .regex(/^[A-Za-z0-9_-]+$/),
  })
)

/** GET/POST /api/letter-events/monthly */
export const monthlyLetterValidator = vine.compile(
  vine.object({
    month: month(),
    lang: vine.enum(LOCALES).optional(),
    creator_ids: vine.array(id()).minLength(1).maxLength(500).distinct().optional(),
  })
)

export const monthlyLetterListValidator = vine.compile(
  vine.object({ month: month().parse(blankToUndefined).optional() })
)
