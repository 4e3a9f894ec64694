import vine from '@vinejs/vine'
import { blankToUndefined } from '#validators/rules'
import { codeInput, cookie, id, requiredCookie, UID_PATTERN } from '#validators/creator_rules'
import { CREATOR_LIMITS, PLATFORMS } from '#shared/constants'

/*
| The crawler, cookie and token service paths (SPEC §7): whose account
| (creator_id, the platform, optionally the account's uid) and what is
| stored. Secrets and codes keep the edit tab's limits.
*/

const creatorId = () => id().parse(blankToUndefined)
const platform = () => vine.enum(PLATFORMS).parse(blankToUndefined)

/** GET /all_platform/status?platform= */
export const crawlerStatusValidator = vine.compile(vine.object({ platform: platform().optional() }))

/** GET /all_platform/cookie and /all_platform/token ?creator_id=&platform= */
export const crawlerAccountsValidator = vine.compile(
  vine.object({ creator_id: creatorId(), platform: platform().optional() })
)

/** POST /all_platform/cookie {creator_id, platform, uid?, cookie, cookie_2?, security_code} */
export const crawlerCookieValidator = vine.compile(
  vine.object({
    creator_id: creatorId(),
    platform: platform(),
    uid: vine
      .string()
      .trim()
      .maxLength(CREATOR_LIMITS.uidMax)
      .regex(UID_PATTERN)
      .parse(blankToUndefined)
      .optional(),
    cookie: requiredCookie(),
    cookie_2: cookie(),
    security_code: codeInput(),
  })
)

/** POST /all_platform/token {creator_id, platform}: a refresh of that account's login. */
export const crawlerRefreshValidator = vine.compile(
  vine.object({ creator_id: creatorId(), platform: platform() })
)

/** GET|POST /<platform>/code, GET /<platform>/api/token, POST /<platform>/api/crawler */
export const crawlerCreatorValidator = vine.compile(vine.object({ creator_id: creatorId() }))

/** GET /<platform>/task?creator_id=&limit= */
export const crawlerTaskValidator = vine.compile(
  vine.object({
    creator_id: creatorId(),
    limit: vine.number().withoutDecimals().min(1).max(50).parse(blankToUndefined).optional(),
  })
)

/**
 * POST /<platform>/api/token {creator_id, token, security_code}: a pasted
 * token (Baidu's app token with its app id, for Haokan).
 */
export const crawlerTokenValidator = vine.compile(
  vine.object({
    creator_id: creatorId(),
    token: vine.string().trim().minLength(1).maxLength(CREATOR_LIMITS.tokenMax),
    baidu_app_id: vine.string().trim().maxLength(64).parse(blankToUndefined).optional(),
    security_code: codeInput(),
  })
)
