import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { PLATFORMS, TEAMS } from '#shared/constants'
import {
  VIDEO_COMPARE_MAX,
  VIDEO_FIELD_MAX,
  VIDEO_SORTS,
  VIDEO_SUGGEST_MAX,
  VIDEO_VIEW_TIERS,
} from '#shared/videos'
import { listParams } from '#validators/list'
import { blankToUndefined, idEach, isoDay, toList } from '#validators/rules'
import { enumList, id, toArray } from '#validators/creator_rules'

/** Ids given as `?ids=1,2`, `?ids=1&ids=2` or a JSON array. */
const idList = (max: number) =>
  vine
    .array(vine.number())
    .parse((value) => toArray(toList(value)))
    .maxLength(max)
    .use(idEach())

/** Free-text list values (`?category=vlog,game`), each at most `max` characters. */
const textList = (max: number) =>
  vine
    .array(vine.string().trim().maxLength(max))
    .parse((value) => toArray(toList(value)))
    .maxLength(50)

/**
 * The video filters every video screen shares (list, dashboard, search,
 * export): platform, creator_id, team, category, published_from/published_to
 * (upload days, YYYY-MM-DD, inclusive), tier (index into VIDEO_VIEW_TIERS: the
 * videos of that views bucket), q (words of titles and tags) and deleted
 * (true: only videos the platform stopped listing, false: only listed ones).
 */
export const videoFilterParams = {
  platform: enumList(PLATFORMS).optional(),
  creator_id: idList(200).optional(),
  team: enumList(TEAMS).optional(),
  category: textList(VIDEO_FIELD_MAX.category).optional(),
  published_from: vine.string().trim().use(isoDay()).parse(blankToUndefined).optional(),
  published_to: vine.string().trim().use(isoDay()).parse(blankToUndefined).optional(),
  tier: vine
    .number()
    .withoutDecimals()
    .min(0)
    .max(VIDEO_VIEW_TIERS.length - 1)
    .parse(blankToUndefined)
    .optional(),
  q: vine.string().trim().maxLength(100).parse(blankToUndefined).optional(),
  deleted: vine.boolean().parse(blankToUndefined).optional(),
}

/** GET /api/videos, /api/video/list, /api/video/search and the list's export. */
export const videoListValidator = vine.compile(
  vine.object({
    ...listParams,
    ...videoFilterParams,
    _sort: vine.enum(VIDEO_SORTS).parse(blankToUndefined).optional(),
    id: idList(200).optional(),
  })
)
export type VideoListParams = Infer<typeof videoListValidator>

/** The filters alone (GET /api/videos/dashboard, /api/video/dashboard). */
export const videoDashboardValidator = vine.compile(vine.object({ ...videoFilterParams }))
export type VideoFilters = Infer<typeof videoDashboardValidator>

/** GET /api/videos/suggest, /api/video/suggest_words: a prefix. */
export const videoSuggestValidator = vine.compile(
  vine.object({
    q: vine.string().trim().minLength(1).maxLength(50),
    limit: vine.number().withoutDecimals().min(1).max(VIDEO_SUGGEST_MAX).optional(),
  })
)

/** GET /api/videos/:id, /api/video/detailData?id= */
export const videoIdValidator = vine.compile(vine.object({ id: id() }))

/** GET /api/videos/compare?ids=1,2,3 (at most VIDEO_COMPARE_MAX). */
export const videoCompareValidator = vine.compile(
  vine.object({ ids: idList(VIDEO_COMPARE_MAX).minLength(1) })
)
