import studioConfig from '#config/studio'
import { TtlLru } from '#support/byte_lru'

/**
 * The creator list's and summary's answers, kept for 5 s (which bounds what
 * time-based statuses, a token expiring, lag) within 21 % of the cache
 * budget. The list is what staff open all day and paging through it
 * re-reads the same pages; building one page costs ~15 ms of model work.
 * Every service that changes what the list shows clears it through
 * api/services/caches.ts once its transaction commits (creator, account and
 * ad-price writes, favorites, and CreatorTotalsService.recompute, which
 * every bulk path — import, collection, backfill — ends with); the registry
 * tells the other instances through Redis when it is configured.
 */
export default new TtlLru(Math.floor(studioConfig.cacheBudgetBytes * 0.21), 5_000)
