import hash from '@adonisjs/core/services/hash'
import StudioException from '#exceptions/studio_exception'
import StudioSetting from '#models/studio_setting'
import type User from '#models/user'
import AuditService from '#services/audit/audit_service'
import type { Actor } from '#support/actor'
import { limitFailures, type FailureRule } from '#services/auth/failure_limiter'

/** The studio_settings key of the hashed contract termination (unregister) code. */
export const TERMINATION_CODE_KEY = 'termination_code'

/** Wrong codes and passwords: 5 failures per user in 15 minutes, then 15 minutes blocked. */
const FAILURES = { failures: 5, duration: '15 mins', blockDuration: '15 mins' }

export const codeFailureRules = {
  securityCode: (userId: number): FailureRule => ({ key: `security_code:${userId}`, ...FAILURES }),
  terminationCode: (userId: number): FailureRule => ({
    key: `termination_code:${userId}`,
    ...FAILURES,
  }),
  password: (userId: number): FailureRule => ({ key: `password_check:${userId}`, ...FAILURES }),
}

/** Compares a typed code with a stored scrypt hash; a malformed hash never matches. */
async function matches(hashed: string, plain: string) {
  try {
    return await hash.verify(hashed, plain)
  } catch {
    return false
  }
}

/**
 * Personal security codes (6–12 digits, each user's own; they reveal private
 * data and confirm creator changes) and the studio's termination code. Only
 * scrypt hashes are stored; wrong codes are rate limited per user.
 */
export default class SecurityCodeService {
  /**
   * Checks the user's personal code: 409 when none is set, 422
   * `creator.security_code_wrong` when wrong (429 after 5 failures).
   * `onWrong` runs for a wrong code (for example to audit a failed reveal).
   */
  static async verify(user: User, code: string, onWrong?: () => Promise<unknown>) {
    const stored = user.securityCodeHash
    if (!stored) throw new StudioException('creator.security_code_missing', { status: 409 })
    await limitFailures([codeFailureRules.securityCode(user.id)], async () => {
      if (!(await matches(stored, code))) {
        await onWrong?.()
        throw new StudioException('creator.security_code_wrong', { status: 422 })
      }
    })
  }

  /** Sets or changes the user's own code after checking the current password. */
  static async setPersonal(actor: Actor, input: { current_password: string; code: string }) {
    const user = actor.user
    await limitFailures([codeFailureRules.password(user.id)], async () => {
      if (!(await matches(user.password, input.current_password))) {
        throw new StudioException('security_code.password_wrong', { status: 422 })
      }
    })
    const changed = Boolean(user.securityCodeHash)
    user.securityCodeHash = await hash.make(input.code)
    await user.save()
    await AuditService.record({
      action: changed ? 'security_code.change' : 'security_code.set',
      userId: user.id,
      ip: actor.ip,
      subjectType: 'user',
      subjectId: user.id,
    })
    return { configured: true }
  }

  static personalStatus(user: User) {
    return { configured: Boolean(user.securityCodeHash) }
  }

  static async terminationStatus() {
    const setting = await StudioSetting.find(TERMINATION_CODE_KEY)
    return {
      configured: Boolean(setting?.value),
      updated_at: setting?.value ? (setting.updatedAt?.toISO() ?? null) : null,
    }
  }

  /** Sets the studio's termination code (admins), confirmed by the admin's own security code. */
  static async setTermination(actor: Actor, input: { code: string; security_code: string }) {
    await this.verify(actor.user, input.security_code)
    const value = await hash.make(input.code)
    const setting =
      (await StudioSetting.find(TERMINATION_CODE_KEY)) ??
      new StudioSetting().merge({ key: TERMINATION_CODE_KEY })
    setting.value = value
    setting.updatedBy = actor.user.id
    await setting.save()
    await AuditService.log(actor, 'termination_code.set', ['studio_setting', TERMINATION_CODE_KEY])
    return this.terminationStatus()
  }

  /**
   * Checks a termination code: 409 when the studio has none, 422
   * `creator.termination_code_error` ('Termination code error', SPEC §8) when
   * wrong (429 after 5 failures).
   */
  static async verifyTermination(user: User, code: string, onWrong?: () => Promise<unknown>) {
    const setting = await StudioSetting.find(TERMINATION_CODE_KEY)
    const stored = setting?.value
    if (!stored) throw new StudioException('creator.termination_code_missing', { status: 409 })
    await limitFailures([codeFailureRules.terminationCode(user.id)], async () => {
      if (!(await matches(stored, code))) {
        await onWrong?.()
        throw new StudioException('creator.termination_code_error', { status: 422 })
      }
    })
  }
}
