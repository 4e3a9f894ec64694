import vine from '@vinejs/vine'
import {
  accountFields,
  adPriceList,
  codeInput,
  id,
  optionalText,
  type AccountMeta,
} from '#validators/creator_rules'
import { CREATOR_LIMITS, LIMITS, PLATFORMS } from '#shared/constants'
import { newPassword } from '#validators/rules'

/* A creator's accounts, ad prices, Baidu token, memos, and the user's favorites. */

/** PUT /api/creators/:id/accounts/:platform */
export const creatorAccountValidator = vine.withMetaData<AccountMeta>().compile(
  vine.object({
    platform: vine.enum(PLATFORMS),
    ...accountFields(),
    security_code: codeInput(),
  })
)

/** PUT /api/creators/:id/ad-prices: the whole list (replaces the stored one). */
export const creatorAdPricesValidator = vine.compile(vine.object({ prices: adPriceList() }))

/** PUT /api/creators/:id/account-password */
export const creatorAccountPasswordValidator = vine.compile(
  vine.object({
    password: newPassword().confirmed(),
    email: vine.string().trim().maxLength(LIMITS.emailMax).email().toLowerCase().optional(),
    security_code: codeInput(),
  })
)

const baiduFields = () => ({
  baidu_app_id: optionalText(64),
  baidu_token: vine.string().trim().maxLength(CREATOR_LIMITS.tokenMax).nullable().optional(),
  security_code: codeInput(),
})

/** PUT /api/creators/:id/baidu-token */
export const creatorBaiduTokenValidator = vine.compile(vine.object(baiduFields()))

/** POST /api/creator/modifiy_baidu_token (SPEC §7 spelling): the same with the id. */
export const creatorAliasBaiduTokenValidator = vine.compile(
  vine.object({ id: id(), ...baiduFields() })
)

const memoBody = () => vine.string().trim().minLength(1).maxLength(CREATOR_LIMITS.memoMax)

/** POST /api/creators/:id/memos */
export const creatorMemoValidator = vine.compile(vine.object({ body: memoBody() }))

/** POST /api/creator/remark/add */
export const creatorAliasMemoValidator = vine.compile(
  vine.object({ creator_id: id(), body: memoBody() })
)

/** GET /api/creator/remark/list?creator_id= */
export const creatorMemoListValidator = vine.compile(vine.object({ creator_id: id() }))

/** GET /api/user/favorites (?creator_id=) */
export const favoriteQueryValidator = vine.compile(vine.object({ creator_id: id().optional() }))

/** POST /api/user/favorites */
export const favoriteStoreValidator = vine.compile(vine.object({ creator_id: id() }))
