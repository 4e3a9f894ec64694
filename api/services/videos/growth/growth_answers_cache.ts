import studioConfig from '#config/studio'
import { TtlLru } from '#support/byte_lru'

/**
 * A video's growth windows (GET /api/videos/:id/growth) and the compare of
 * a few videos, kept ≤ 5 s per audience and key within 3 % of the cache
 * budget. Their windows are measured between the daily collections, outside
 * the video cache's data version, so the answers are kept for a moment
 * instead: a window just measured shows within 5 seconds; the ingest clears
 * them with the video answers (registry name `growthAnswers`).
 */
export default new TtlLru(Math.floor(studioConfig.cacheBudgetBytes * 0.03), 5_000)
