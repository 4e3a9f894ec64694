import studioConfig from '#config/studio'
import { TtlLru } from '#support/byte_lru'

/**
 * The Upload Station's platform look-ups (categories, tag suggestions,
 * events; per platform, account and keyword) for 5 minutes within 3 % of
 * the cache budget. Nothing the studio writes changes them: they age out.
 */
export default new TtlLru(Math.floor(studioConfig.cacheBudgetBytes * 0.03), 5 * 60_000)
