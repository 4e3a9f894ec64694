import studioConfig from '#config/studio'
import { TtlLru } from '#support/byte_lru'

/**
 * The signed-in person's profile as GET /api/user/info answers it (the user
 * with its teams), per user, for 5 s within 2 % of the cache budget: every
 * screen load asks for it. Cleared through api/services/caches.ts when a
 * user is saved (the User model's `user:changed`) and when a membership
 * changes.
 */
export default new TtlLru(Math.floor(studioConfig.cacheBudgetBytes * 0.02), 5_000)
