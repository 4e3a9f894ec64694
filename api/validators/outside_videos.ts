import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { PLATFORMS, type PlatformKey } from '#shared/constants'
import { OUTSIDE_LIMITS, OUTSIDE_STATES, OUTSIDE_VIDEO_ORIGINS } from '#shared/outside'
import { OUTSIDE_VIDEO_SORTS } from '#shared/outside_videos'
import { GROWTH_WINDOWS } from '#shared/videos'
import { isShortLink, parseVideoLink } from '#services/outside/links'
import { blankToUndefined, isoDay, MAX_ID } from '#validators/rules'
import { enumList, id } from '#validators/creator_rules'

/*
| Outside videos (issue 29): the list's filters and sorts, adding one video
| by its link, starting and stopping its tracking. Messages are worded in
| resources/lang/<lang>/outside_videos.json (`outside_videos.validator`).
*/

const windowHours = () =>
  vine
    .number()
    .withoutDecimals()
    .in([...GROWTH_WINDOWS])
    .parse(blankToUndefined)

/**
 * GET /api/outside_videos: q (words of the title and channel name, the
 * managed videos' jieba search), platform, origin, outside_creator_id,
 * state, published_from / published_to (upload days, inclusive), and the
 * sort: views, growth (views at the growth window `window`), published_at,
 * created_at.
 */
export const outsideVideoListValidator = vine.compile(
  vine.object({
    _start: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
    _end: vine.number().withoutDecimals().min(0).max(MAX_ID).parse(blankToUndefined).optional(),
    _sort: vine.enum(OUTSIDE_VIDEO_SORTS).parse(blankToUndefined).optional(),
    _order: vine
      .enum(['asc', 'desc', 'ASC', 'DESC'] as const)
      .parse(blankToUndefined)
      .optional(),
    q: vine.string().trim().maxLength(100).parse(blankToUndefined).optional(),
    platform: enumList(PLATFORMS).optional(),
    origin: vine.enum(OUTSIDE_VIDEO_ORIGINS).parse(blankToUndefined).optional(),
    state: vine.enum(OUTSIDE_STATES).parse(blankToUndefined).optional(),
    outside_creator_id: id().parse(blankToUndefined).optional(),
    published_from: vine.string().trim().use(isoDay()).parse(blankToUndefined).optional(),
    published_to: vine.string().trim().use(isoDay()).parse(blankToUndefined).optional(),
    window: windowHours().optional(),
  })
)
export type OutsideVideoListParams = Infer<typeof outsideVideoListValidator>

/** The link names a video of one of the platforms (of `platform` when that is given). */
const videoLink = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  const parent = field.parent as { platform?: unknown } | undefined
  const platform =
    typeof parent?.platform === 'string' &&
    (PLATFORMS as readonly string[]).includes(parent.platform)
      ? (parent.platform as PlatformKey)
      : null
  if (isShortLink(value)) {
    field.report('Open the short link and paste the address it leads to', 'short_link', field)
  } else if (!parseVideoLink(value, platform)) {
    field.report('The {{ field }} is not a video link of a supported platform', 'video_link', field)
  }
})

/** POST /api/outside_videos {link, platform?}: a video link (or a bare id with its platform). */
export const outsideVideoStoreValidator = vine.compile(
  vine.object({
    link: vine.string().trim().minLength(1).maxLength(OUTSIDE_LIMITS.urlMax).use(videoLink()),
    platform: vine.enum(PLATFORMS).parse(blankToUndefined).optional(),
  })
)
export type OutsideVideoStoreInput = Infer<typeof outsideVideoStoreValidator>

/** PATCH /api/outside_videos/:id {state}: start or stop tracking. */
export const outsideVideoUpdateValidator = vine.compile(
  vine.object({
    state: vine.enum(OUTSIDE_STATES),
  })
)
export type OutsideVideoUpdateInput = Infer<typeof outsideVideoUpdateValidator>

/** The :id of the routes. */
export const outsideVideoIdValidator = vine.compile(vine.object({ id: id() }))
