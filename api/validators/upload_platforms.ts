import vine from '@vinejs/vine'
import { UPLOAD_PLATFORMS } from '#shared/uploads'
import { blankToUndefined } from '#validators/rules'
import { id } from '#validators/creator_rules'

/** The longest keyword the tag, topic and event look-ups accept. */
const UPLOAD_KEYWORD_MAX = 50

const creatorId = () => id().parse(blankToUndefined)

/** GET /api/platform_api/check/* and /api/platform_api/{bili,xigua,weibo}: whose login. */
export const platformAccountValidator = vine.compile(vine.object({ creator_id: creatorId() }))

/** GET /api/video/category: a platform's categories (read with the creator's login when given). */
export const uploadCategoryValidator = vine.compile(
  vine.object({
    platform: vine.enum(UPLOAD_PLATFORMS),
    creator_id: creatorId().optional(),
  })
)

/** GET /api/video/tags: tag suggestions for a keyword. */
export const uploadTagsValidator = vine.compile(
  vine.object({
    platform: vine.enum(UPLOAD_PLATFORMS),
    keyword: vine.string().trim().minLength(1).maxLength(UPLOAD_KEYWORD_MAX),
    category: vine.string().trim().maxLength(40).parse(blankToUndefined).optional(),
    creator_id: creatorId().optional(),
  })
)

/** GET /api/upload_video/baidu_topic: Haokan topics matching a keyword (all when none). */
export const uploadTopicValidator = vine.compile(
  vine.object({
    keyword: vine.string().trim().maxLength(UPLOAD_KEYWORD_MAX).parse(blankToUndefined).optional(),
    creator_id: creatorId().optional(),
  })
)

/** GET /api/upload_video/bilibili_event and xigua_event. */
export const uploadEventValidator = vine.compile(
  vine.object({ creator_id: creatorId().optional() })
)
