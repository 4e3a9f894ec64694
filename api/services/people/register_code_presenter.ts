import type RegisterCode from '#models/register_code'

/** A register code with its team key and whether it can still be used. */
export function presentRegisterCode(code: RegisterCode) {
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
