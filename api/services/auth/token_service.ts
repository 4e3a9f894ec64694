import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import string from '@adonisjs/core/helpers/string'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import env from '#start/env'
import accessTokenCache from '#auth/access_token_cache'
import AccessToken from '#models/access_token'
import RefreshToken from '#models/refresh_token'
import User from '#models/user'

export interface TokenPair {
  token: string
  refresh_token: string
  expires_at: string
  refresh_expires_at: string
}

type AccessCheck =
  | {
      state: 'valid'
      user: User
      /** The access_tokens row (built on first read). */
      readonly token: AccessToken
      /** What `touch` needs, without building the token model. */
      usage: { hash: string; tokenId: number; lastUsedMs: number | null }
    }
  | { state: 'expired'; token: AccessToken }
  | { state: 'invalid' }

export interface ClientMeta {
  ip?: string | null
  userAgent?: string | null
}

/**
 * Within this window a refresh token that was just rotated may be presented
 * again (two tabs refreshing at the same moment) without being treated as
 * stolen. Outside it, reuse revokes the whole family.
 */
const REUSE_GRACE_SECONDS = 10

/** Expired access tokens are kept this long so that callers get -101 rather than 401. */
const EXPIRED_ACCESS_TOKEN_RETENTION_HOURS = 24

/**
 * Issues, verifies, rotates and revokes the studio's tokens. Token values are
 * random 256-bit strings; only their SHA-256 hashes are stored.
 */
export default class TokenService {
  static accessTtlSeconds() {
    return string.seconds.parse(env.get('ACCESS_TOKEN_TTL') ?? '15m')
  }

  static refreshTtlSeconds() {
    return string.seconds.parse(env.get('REFRESH_TOKEN_TTL') ?? '30d')
  }

  static hash(value: string) {
    return createHash('sha256').update(value).digest('hex')
  }

  static #generate(prefix: string) {
    return `${prefix}_${randomBytes(32).toString('base64url')}`
  }

  /** Issues a new access and refresh token pair; a new family unless one is given. */
  static async issuePair(
    user: User,
    meta: ClientMeta = {},
    familyId: string = randomUUID(),
    trx?: TransactionClientContract
  ): Promise<TokenPair> {
    const token = this.#generate('mat')
    const refreshToken = this.#generate('mrt')
    const now = DateTime.utc()
    const expiresAt = now.plus({ seconds: this.accessTtlSeconds() })
    const refreshExpiresAt = now.plus({ seconds: this.refreshTtlSeconds() })

    await AccessToken.create(
      { userId: user.id, familyId, hash: this.hash(token), expiresAt },
      { client: trx }
    )
    await RefreshToken.create(
      {
        userId: user.id,
        familyId,
        hash: this.hash(refreshToken),
        expiresAt: refreshExpiresAt,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 255) ?? null,
      },
      { client: trx }
    )

    return {
      token,
      refresh_token: refreshToken,
      expires_at: expiresAt.toISO()!,
      refresh_expires_at: refreshExpiresAt.toISO()!,
    }
  }

  /**
   * Tells a valid token from an expired one (status -101) and from garbage
   * (401). A token found valid is trusted for a few seconds without asking
   * the database again (api/auth/access_token_cache.ts: never past its
   * expiry, evicted at once by logout, revocation and user changes in this
   * process); each call gets its own model instances.
   */
  static async verifyAccessToken(value: string): Promise<AccessCheck> {
    if (!value || value.length > 200) return { state: 'invalid' }
    const hash = this.hash(value)
    const cached = accessTokenCache.get(hash)
    if (cached) {
      const user = User.$createFromAdapterResult(cached.userRow)
      if (user) {
        const row = cached.tokenRow
        let token: AccessToken | undefined
        return {
          state: 'valid',
          user,
          get token() {
            token ??= AccessToken.$createFromAdapterResult(row)!
            return token
          },
          usage: { hash, tokenId: cached.tokenId, lastUsedMs: cached.lastUsedMs },
        }
      }
    }

    const epoch = accessTokenCache.epoch
    const tokenRow = await db.from('access_tokens').where('hash', hash).first()
    if (!tokenRow) return { state: 'invalid' }
    const token = AccessToken.$createFromAdapterResult(tokenRow)!
    if (token.expiresAt <= DateTime.utc()) return { state: 'expired', token }

    const userRow = await db.from('users').where('id', token.userId).first()
    const user = userRow ? User.$createFromAdapterResult(userRow) : null
    if (!user || !user.isActive) return { state: 'invalid' }
    const lastUsedMs = token.lastUsedAt?.toMillis() ?? null
    accessTokenCache.set(
      hash,
      {
        tokenRow,
        userRow,
        userId: user.id,
        tokenId: token.id,
        familyId: token.familyId,
        lastUsedMs,
        expiresAt: token.expiresAt.toMillis(),
      },
      epoch
    )
    return { state: 'valid', user, token, usage: { hash, tokenId: token.id, lastUsedMs } }
  }

  /** Records the token's last use (last_used_at), at most once a minute. */
  static async touch(usage: { hash: string; tokenId: number; lastUsedMs: number | null }) {
    const now = Date.now()
    if (usage.lastUsedMs !== null && now - usage.lastUsedMs < 60_000) return
    const at = new Date(now)
    await db
      .from('access_tokens')
      .where('id', usage.tokenId)
      .update({ last_used_at: DateTime.fromJSDate(at).toUTC().toSQL({ includeOffset: false }) })
    accessTokenCache.touch(usage.hash, at)
  }

  /**
   * Exchanges a refresh token for a new pair in the same family. Returns null
   * for an unknown, expired or revoked token, and for a reused one, in which
   * case the whole family (refresh and access tokens) is revoked.
   */
  static async rotate(value: string, meta: ClientMeta = {}) {
    if (!value || value.length > 200) return null
    return db.transaction(async (trx) => {
      const current = await RefreshToken.query({ client: trx })
        .where('hash', this.hash(value))
        .forUpdate()
        .first()
      if (!current || current.revokedAt || current.expiresAt <= DateTime.utc()) {
        return null
      }

      if (current.usedAt) {
        const sinceUse = DateTime.utc().diff(current.usedAt, 'seconds').seconds
        if (sinceUse > REUSE_GRACE_SECONDS) {
          await this.revokeFamily(current.familyId, trx)
          return { reused: true as const, userId: current.userId }
        }
      }

      const user = await User.find(current.userId, { client: trx })
      if (!user || !user.isActive) return null

      if (!current.usedAt) {
        current.usedAt = DateTime.utc()
        await current.useTransaction(trx).save()
      }
      const pair = await this.issuePair(user, meta, current.familyId, trx)
      this.#evictAfter(trx, () => accessTokenCache.evictFamily(current.familyId))
      return { reused: false as const, user, pair }
    })
  }

  /**
   * Runs an eviction now and, inside a transaction, once more after the
   * commit, so that no lookup in between re-caches a row about to go.
   */
  static #evictAfter(trx: TransactionClientContract | undefined, evict: () => void) {
    evict()
    trx?.after('commit', evict)
  }

  static async revokeFamily(familyId: string, trx?: TransactionClientContract) {
    const client = trx ?? db
    this.#evictAfter(trx, () => accessTokenCache.evictFamily(familyId))
    await client
      .from('refresh_tokens')
      .where('family_id', familyId)
      .whereNull('revoked_at')
      .update({ revoked_at: DateTime.utc().toSQL({ includeOffset: false }) })
    await client.from('access_tokens').where('family_id', familyId).delete()
    this.#evictAfter(trx, () => accessTokenCache.evictFamily(familyId))
  }

  /** Signs a user out everywhere (used when an admin disables an account). */
  static async revokeUser(userId: number) {
    accessTokenCache.evictUser(userId)
    const families = await db.from('refresh_tokens').where('user_id', userId).distinct('family_id')
    for (const row of families) {
      await this.revokeFamily(row.family_id)
    }
    await db.from('access_tokens').where('user_id', userId).delete()
    accessTokenCache.evictUser(userId)
  }

  /** Signs a user out of every other session (a changed password), keeping one family. */
  static async revokeUserExcept(userId: number, keepFamilyId: string | undefined) {
    const families = await db
      .from('refresh_tokens')
      .where('user_id', userId)
      .whereNull('revoked_at')
      .distinct('family_id')
    for (const row of families) {
      if (row.family_id !== keepFamilyId) await this.revokeFamily(row.family_id)
    }
    const stray = db.from('access_tokens').where('user_id', userId)
    if (keepFamilyId) stray.whereNot('family_id', keepFamilyId)
    await stray.delete()
    accessTokenCache.evictUser(userId)
  }

  /** Forgets every cached token of this process (tests that rewrite tokens in the database). */
  static clearAccessCache() {
    accessTokenCache.clear()
  }

  /** Removes tokens that can no longer be used; run daily by CleanupTokensJob. */
  static async prune() {
    const now = DateTime.utc()
    const accessCutoff = now.minus({ hours: EXPIRED_ACCESS_TOKEN_RETENTION_HOURS })
    const refreshCutoff = now.minus({ days: 7 })
    const access = await db
      .from('access_tokens')
      .where('expires_at', '<', accessCutoff.toSQL({ includeOffset: false }))
      .delete()
    const refresh = await db
      .from('refresh_tokens')
      .where('expires_at', '<', refreshCutoff.toSQL({ includeOffset: false }))
      .delete()
    return { access: Number(access), refresh: Number(refresh) }
  }
}
