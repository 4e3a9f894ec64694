import type { HttpContext } from '@adonisjs/core/http'
import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import RegisterCode from '#models/register_code'
import Team from '#models/team'
import AuditService from '#services/audit_service'
import { registerCodeStoreValidator } from '#validators/register_code'

/** A readable code: capitals and digits without look-alikes (0/O, 1/I). */
function generateCode() {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(10)
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')
}

function present(code: RegisterCode) {
  return {
    id: code.id,
    code: code.code,
    team: code.team?.key ?? null,
    note: code.note,
    max_uses: code.maxUses,
    used_count: code.usedCount,
    expires_at: code.expiresAt?.toISO() ?? null,
    revoked_at: code.revokedAt?.toISO() ?? null,
    usable: code.isUsable,
    created_at: code.createdAt.toISO(),
  }
}

export default class RegisterCodesController {
  /** GET /api/register-codes */
  async index({ bouncer, response }: HttpContext) {
    await bouncer.with('RegisterCodePolicy').authorize('list')
    const codes = await RegisterCode.query().preload('team').orderBy('id', 'desc')
    response.header('x-total-count', String(codes.length))
    return codes.map(present)
  }

  /** POST /api/register-codes — a given or generated code, optionally bound to a team. */
  async store(ctx: HttpContext) {
    const { bouncer, request, response, auth } = ctx
    await bouncer.with('RegisterCodePolicy').authorize('create')
    const input = await request.validateUsing(registerCodeStoreValidator)
    const team = input.team ? await Team.findByOrFail('key', input.team) : null
    const code = await RegisterCode.create({
      code: input.code ?? generateCode(),
      teamId: team?.id ?? null,
      maxUses: input.max_uses ?? null,
      usedCount: 0,
      expiresAt: input.expires_at ? DateTime.fromJSDate(input.expires_at).endOf('day') : null,
      note: input.note ?? null,
      createdBy: auth.user!.id,
    })
    await code.load('team')
    await AuditService.fromRequest(ctx, {
      action: 'register_code.create',
      subjectType: 'register_code',
      subjectId: code.id,
    })
    response.status(201)
    return present(code)
  }

  /** DELETE /api/register-codes/:id — revokes (the row stays for the record). */
  async destroy(ctx: HttpContext) {
    const { bouncer, params } = ctx
    await bouncer.with('RegisterCodePolicy').authorize('delete')
    const code = await RegisterCode.findOrFail(params.id)
    if (!code.revokedAt) {
      code.revokedAt = DateTime.utc()
      await code.save()
    }
    await code.load('team')
    await AuditService.fromRequest(ctx, {
      action: 'register_code.revoke',
      subjectType: 'register_code',
      subjectId: code.id,
    })
    return present(code)
  }
}
