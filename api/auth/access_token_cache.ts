import studioConfig from '#config/studio'
import { ByteLru, estimateBytes } from '#support/byte_lru'

/**
 * A short-lived, in-process cache of verified access tokens, so that an
 * authenticated request does not look up its token and its user in the
 * database every time (TokenService.verifyAccessToken reads it).
 *
 * What it keeps, keyed by the token's SHA-256 (never the token itself): the
 * access_tokens row and the users row as the database returned them; every
 * request hydrates fresh model instances from them, so no request sees
 * another's changes to its user object.
 *
 * How long: at most `ttlMs` (5 s) after the database said the token was
 * valid and the user active, and never past the token's own expiry — an
 * expired token is looked up again and answers -101 as before.
 *
 * Eviction, immediate in this process: logout and refresh-token reuse
 * (TokenService.revokeFamily), signing a user out everywhere
 * (TokenService.revokeUser, e.g. a creator's password change), refresh
 * (the rotated family), and every save or delete of a User model (status,
 * role or password changes: the User model announces `user:changed`, which
 * api/start/events.ts forwards to the cache registry, api/services/caches.ts).
 *
 * Other processes (a second API instance, a CLI command): with Redis, every
 * eviction is sent to them through the cache registry
 * (api/services/caches.ts) and applied at once. Without Redis — or for a
 * change made with a plain UPDATE — a revoked token or a disabled user may
 * still be accepted elsewhere for at most `ttlMs` after the change. Set
 * `ttlMs = 0` to switch the cache off.
 *
 * Races: an eviction bumps `epoch`; a lookup that started before it does not
 * store its (possibly stale) answer.
 */
export type TokenEviction =
  { hash: string } | { familyId: string } | { userId: number } | { all: true }

interface CachedAccess {
  /** The access_tokens row as read (column names). */
  tokenRow: Record<string, unknown>
  /** The users row as read (column names). */
  userRow: Record<string, unknown>
  userId: number
  tokenId: number
  familyId: string
  /** When the token was last recorded as used (last_used_at), epoch ms. */
  lastUsedMs: number | null
  /** The token's expiry, epoch ms. */
  expiresAt: number
  /** When this entry stops being used, epoch ms (≤ expiresAt). */
  until: number
}

class AccessTokenCache {
  /** How long a verified token is trusted without asking the database; 0 = off. */
  ttlMs = 5_000

  /** Within 15 % of the cache budget; the least recently used goes first. */
  #entries = new ByteLru<CachedAccess>(Math.floor(studioConfig.cacheBudgetBytes * 0.15))
  #epoch = 0
  /** Told of every eviction made here (the registry forwards it to the other instances). */
  onEvict: ((eviction: TokenEviction) => void) | null = null

  /** Changes on every eviction; read before a lookup and pass it to `set`. */
  get epoch() {
    return this.#epoch
  }

  get size() {
    return this.#entries.size
  }

  get(hash: string, now = Date.now()): CachedAccess | null {
    const entry = this.#entries.get(hash)
    if (!entry) return null
    if (now >= entry.until || now >= entry.expiresAt) {
      this.#entries.delete(hash)
      return null
    }
    return entry
  }

  /**
   * Stores a verified token unless the cache is off or something was evicted
   * since the lookup began (`epochAtStart`).
   */
  set(
    hash: string,
    entry: Omit<CachedAccess, 'until'>,
    epochAtStart: number,
    now = Date.now()
  ): void {
    if (this.ttlMs <= 0 || epochAtStart !== this.#epoch) return
    const until = Math.min(now + this.ttlMs, entry.expiresAt)
    if (until <= now) return
    this.#entries.set(
      hash,
      { ...entry, until },
      estimateBytes(entry.tokenRow) + estimateBytes(entry.userRow) + hash.length * 2
    )
  }

  /** Records a new last_used_at on a cached token (so it is not written again at once). */
  touch(hash: string, lastUsedAt: Date) {
    const entry = this.#entries.peek(hash)
    if (!entry) return
    entry.lastUsedMs = lastUsedAt.getTime()
    entry.tokenRow = { ...entry.tokenRow, last_used_at: lastUsedAt }
  }

  evictHash(hash: string) {
    this.apply({ hash })
    this.onEvict?.({ hash })
  }

  evictFamily(familyId: string) {
    this.apply({ familyId })
    this.onEvict?.({ familyId })
  }

  evictUser(userId: number) {
    this.apply({ userId })
    this.onEvict?.({ userId })
  }

  clear() {
    this.apply({ all: true })
    this.onEvict?.({ all: true })
  }

  /** Applies an eviction here only (one made by another instance, or by the methods above). */
  apply(eviction: TokenEviction) {
    this.#epoch++
    if ('all' in eviction) this.#entries.clear()
    else if ('hash' in eviction) this.#entries.delete(eviction.hash)
    else if ('familyId' in eviction) {
      this.#entries.deleteWhere((entry) => entry.familyId === eviction.familyId)
    } else {
      this.#entries.deleteWhere((entry) => entry.userId === eviction.userId)
    }
  }
}

const accessTokenCache = new AccessTokenCache()
export default accessTokenCache
