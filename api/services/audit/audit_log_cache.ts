import studioConfig from '#config/studio'
import { TtlLru } from '#support/byte_lru'

/**
 * Pages of the studio log as GET /api/audit-logs answers them, per query,
 * for 5 s within 2 % of the cache budget. Every entry AuditService records
 * clears them (after its transaction commits) in this process and, through
 * the cache registry, in the others.
 */
export default new TtlLru(Math.floor(studioConfig.cacheBudgetBytes * 0.02), 5_000)
