import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import RegisterCode from '#models/register_code'
import Team from '#models/team'
import AuditService from '#services/audit/audit_service'
import type { Actor } from '#support/actor'
import type { RegisterCodeInput } from '#validators/register_code'

/** A readable code: capitals and digits without look-alikes (0/O, 1/I). */
function generateCode() {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(10)
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')
}

/** Register codes: what a staff sign-up needs, optionally bound to a team (admins manage them). */
export default class RegisterCodeService {
  /** Every code, newest first, with its team. */
  static list() {
    return RegisterCode.query().preload('team').orderBy('id', 'desc')
  }

  /** A given or generated code, optionally bound to a team and limited in uses and time. */
  static async create(actor: Actor, input: RegisterCodeInput) {
    const team = input.team ? await Team.findByOrFail('key', input.team) : null
    const code = await RegisterCode.create({
      code: input.code ?? generateCode(),
      teamId: team?.id ?? null,
      maxUses: input.max_uses ?? null,
      usedCount: 0,
      expiresAt: input.expires_at ? DateTime.fromJSDate(input.expires_at).endOf('day') : null,
      note: input.note ?? null,
      createdBy: actor.user.id,
    })
    await code.load('team')
    await AuditService.log(actor, 'register_code.create', ['register_code', code.id])
    return code
  }

  /** Revokes a code (the row stays for the record); 404 when there is none. */
  static async revoke(actor: Actor, id: number) {
    const code = await RegisterCode.findOrFail(id)
    if (!code.revokedAt) {
      code.revokedAt = DateTime.utc()
      await code.save()
    }
    await code.load('team')
    await AuditService.log(actor, 'register_code.revoke', ['register_code', code.id])
    return code
  }
}
