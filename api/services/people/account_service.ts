import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import hash from '@adonisjs/core/services/hash'
import drive from '@adonisjs/drive/services/main'
import StudioException from '#exceptions/studio_exception'
import AuditService from '#services/audit/audit_service'
import TokenService from '#services/auth/token_service'
import { limitFailures } from '#services/auth/failure_limiter'
import { codeFailureRules } from '#services/auth/security_code_service'
import type User from '#models/user'
import type { Actor } from '#support/actor'
import ProfileCache from '#services/people/profile_cache'
import { presentUser } from '#services/people/user_presenter'
import type { PasswordInput, ProfileInput } from '#validators/people'
import { AVATAR_FORMATS, AVATAR_SIZE } from '#shared/people'

/** Stored avatars: `avatars/<user id>-<32 hex>.webp`, a name nobody can guess. */
const AVATAR_NAME = /^[0-9]{1,10}-[0-9a-f]{32}\.webp$/

/**
 * A person's own account (SPEC §2 Account): profile, password and picture.
 */
export default class AccountService {
  /** The signed-in person's own profile, with their teams. */
  static async profile(user: User) {
    await user.load('teams')
    return user
  }

  /** The profile as GET /api/user/info shows it, kept a few seconds (ProfileCache). */
  static presentedProfile(user: User) {
    return ProfileCache.remember(String(user.id), async () => presentUser(await this.profile(user)))
  }

  static async updateProfile(actor: Actor, input: ProfileInput) {
    const user = actor.user
    const changed = Object.keys(input).filter((key) => (input as any)[key] !== undefined)
    if (input.name !== undefined) user.name = input.name
    if (input.phone !== undefined) user.phone = input.phone ?? null
    if (input.locale !== undefined) user.locale = input.locale
    await user.save()
    await AuditService.record({
      action: 'user.update_profile',
      userId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      ip: actor.ip,
      meta: { fields: changed },
    })
    return user
  }

  /**
   * Changes the password after checking the current one; every other
   * session of the person is signed out, the one in use stays.
   */
  static async changePassword(actor: Actor, input: PasswordInput, keepFamilyId?: string) {
    const user = actor.user
    // The same budget as the password check before setting a security code: 5 wrong in 15 minutes.
    await limitFailures([codeFailureRules.password(user.id)], async () => {
      if (!(await hash.verify(user.password, input.current_password))) {
        throw new StudioException('security_code.password_wrong', { status: 422 })
      }
    })
    user.password = input.password // hashed on save (withAuthFinder)
    await user.save()
    await TokenService.revokeUserExcept(user.id, keepFamilyId)
    await AuditService.record({
      action: 'user.change_password',
      userId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      ip: actor.ip,
    })
  }

  /**
   * Reads the upload as an image (its content, not its name), turns it into
   * a 256×256 WebP square and stores it on Drive; the previous one goes.
   */
  static async setAvatar(actor: Actor, bytes: Buffer) {
    let format: string | undefined
    try {
      const metadata = await sharp(bytes).metadata()
      format = metadata.format
    } catch {
      format = undefined
    }
    if (!format || !(AVATAR_FORMATS as readonly string[]).includes(format)) {
      throw new StudioException('people.errors.avatar_type', { status: 422 })
    }
    let webp: Buffer
    try {
      webp = await sharp(bytes, { animated: false })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
        .webp({ quality: 82 })
        .toBuffer()
    } catch {
      throw new StudioException('people.errors.avatar_type', { status: 422 })
    }
    const user = actor.user
    const previous = user.avatarPath
    const key = `avatars/${user.id}-${randomBytes(16).toString('hex')}.webp`
    await drive.use().put(key, webp, { contentType: 'image/webp' })
    user.avatarPath = key
    await user.save()
    if (previous)
      await drive
        .use()
        .delete(previous)
        .catch(() => undefined)
    await AuditService.record({
      action: 'user.avatar',
      userId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      ip: actor.ip,
    })
    return user
  }

  static async removeAvatar(actor: Actor) {
    const user = actor.user
    if (user.avatarPath) {
      await drive
        .use()
        .delete(user.avatarPath)
        .catch(() => undefined)
      user.avatarPath = null
      await user.save()
    }
    return user
  }

  /** The stored picture of an avatar name, or null. */
  static async readAvatar(name: string): Promise<Buffer | null> {
    if (!AVATAR_NAME.test(name)) return null
    const key = `avatars/${name}`
    if (!(await drive.use().exists(key))) return null
    return Buffer.from(await drive.use().getBytes(key))
  }
}
