import { DateTime } from 'luxon'
import type Creator from '#models/creator'
import AuditService from '#services/audit/audit_service'
import SecurityCodeService from '#services/auth/security_code_service'
import { rateLimit } from '#services/auth/failure_limiter'
import type { Actor } from '#support/actor'
import type { AuditAction } from '#shared/audit'
import { PRIVATE_LEVELS, REVEAL_SECONDS, type PrivateLevel } from '#shared/constants'

/** Successful reveals per user: 60 in 10 minutes (on top of the wrong-code limit). */
export const REVEAL_LIMIT = { requests: 60, duration: '10 mins', blockDuration: '10 mins' }
export const revealLimitKey = (userId: number) => `creator_reveal:${userId}`

/** A creator's private data, one level at a time (SPEC §6). */
export default class RevealService {
  /**
   * Reveals one level of private data with the user's security code (the
   * policy has allowed the level). Wrong codes are audited
   * (`creator.reveal_failed`) and rate limited; reveals are audited
   * (`creator.reveal`, meta {level}) and limited to REVEAL_LIMIT per user.
   */
  static async reveal(creator: Creator, level: PrivateLevel, code: string, actor: Actor) {
    const audit = (action: AuditAction) =>
      AuditService.log(actor, action, ['creator', creator.id], { level })
    await SecurityCodeService.verify(actor.user, code, () => audit('creator.reveal_failed'))
    await rateLimit(REVEAL_LIMIT).consume(revealLimitKey(actor.user.id))

    const fields = Object.fromEntries(
      PRIVATE_LEVELS[level].map((field) => [field, creator.getPrivate(field)])
    )
    await audit('creator.reveal')
    return {
      level,
      fields,
      expires_at: DateTime.utc().plus({ seconds: REVEAL_SECONDS }).toISO(),
    }
  }
}
