import vine from '@vinejs/vine'
import { MAX_ID, blankToUndefined } from '#validators/rules'
import { PLATFORMS } from '#shared/constants'
import { LOGIN_CHECK_BATCH, LOGIN_GROUPS } from '#shared/login_health'

const id = () => vine.number().withoutDecimals().min(1).max(MAX_ID)

/** GET /api/login_health?platform=&group=&_start=&_end= */
export const loginHealthListValidator = vine.compile(
  vine.object({
    platform: vine.enum(PLATFORMS).parse(blankToUndefined).optional(),
    group: vine.enum(LOGIN_GROUPS).parse(blankToUndefined).optional(),
    _start: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
    _end: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
  })
)

/** GET /api/login_health/summary?platform= */
export const loginHealthSummaryValidator = vine.compile(
  vine.object({
    platform: vine.enum(PLATFORMS).parse(blankToUndefined).optional(),
  })
)

/**
 * POST /api/login_health/check {account_ids?, platform?}: the named
 * accounts (at most LOGIN_CHECK_BATCH; the screen sends its logins in
 * parts), else every login of the platform the user may see.
 */
export const loginHealthCheckValidator = vine.compile(
  vine.object({
    account_ids: vine.array(id()).minLength(1).maxLength(LOGIN_CHECK_BATCH).optional(),
    platform: vine.enum(PLATFORMS).parse(blankToUndefined).optional(),
  })
)
