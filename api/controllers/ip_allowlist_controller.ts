import type { HttpContext } from '@adonisjs/core/http'
import { timingSafeEqual, createHash } from 'node:crypto'
import env from '#start/env'
import IpAllowlistEntry from '#models/ip_allowlist_entry'
import StudioException from '#exceptions/studio_exception'
import { readRequestToken } from '#auth/token_header_guard'
import AuditService from '#services/audit_service'
import IpAllowlistService from '#services/ip_allowlist_service'
import TokenService from '#services/token_service'
import { limitFailures } from '#services/failure_limiter'
import { ipAllowlistStoreValidator, whiteIpValidator } from '#validators/ip_allowlist'
import { API_STATUS } from '#shared/constants'

function sameSecret(given: string, expected: string) {
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

export default class IpAllowlistController {
  /** GET /api/ip-allowlist (Refine list) */
  async index({ bouncer, response }: HttpContext) {
    await bouncer.with('IpAllowlistPolicy').authorize('list')
    const entries = await IpAllowlistEntry.query().orderBy('id', 'asc')
    response.header('x-total-count', String(entries.length))
    return entries.map((entry) => entry.serialize())
  }

  /** POST /api/ip-allowlist */
  async store(ctx: HttpContext) {
    const { bouncer, request, auth, response } = ctx
    await bouncer.with('IpAllowlistPolicy').authorize('create')
    const { cidr, note } = await request.validateUsing(ipAllowlistStoreValidator)
    const entry = await IpAllowlistService.add(cidr, note ?? null, auth.user!.id)
    await AuditService.fromRequest(ctx, {
      action: 'ip.add',
      subjectType: 'ip',
      subjectId: entry.id,
      meta: { cidr: entry.cidr },
    })
    response.status(201)
    return entry.serialize()
  }

  /** DELETE /api/ip-allowlist/:id */
  async destroy(ctx: HttpContext) {
    const { bouncer, params } = ctx
    await bouncer.with('IpAllowlistPolicy').authorize('delete')
    const entry = await IpAllowlistEntry.findOrFail(params.id)
    await IpAllowlistService.remove(entry)
    await AuditService.fromRequest(ctx, {
      action: 'ip.remove',
      subjectType: 'ip',
      subjectId: entry.id,
      meta: { cidr: entry.cidr },
    })
    return entry.serialize()
  }

  /**
   * POST /add/white_ip — the legacy whitelist call. Accepted with an admin's
   * token, or with the fixed whitelist key (WHITE_IP_KEY) for IT scripts;
   * wrong keys are rate limited.
   */
  async whiteIp(ctx: HttpContext) {
    const { request } = ctx
    const input = await request.validateUsing(whiteIpValidator)
    const ip = request.ip()

    let actorId: number | null = null
    const token = readRequestToken(request)
    if (token) {
      const check = await TokenService.verifyAccessToken(token)
      if (check.state === 'valid' && check.user.role === 'admin') actorId = check.user.id
    }

    if (actorId === null) {
      const expected = env.get('WHITE_IP_KEY')
      await limitFailures(
        [{ key: `white_ip:${ip}`, failures: 5, duration: '15 mins', blockDuration: '1 hour' }],
        async () => {
          if (!expected || !input.key || !sameSecret(input.key, expected)) {
            throw new StudioException('auth.access_check_fail', { status: 401 })
          }
        }
      )
    }

    const entry = await IpAllowlistService.add(input.ip, input.note ?? null, actorId)
    await AuditService.record({
      action: 'ip.add',
      userId: actorId,
      ip,
      subjectType: 'ip',
      subjectId: entry.id,
      meta: { cidr: entry.cidr, via: actorId ? 'admin' : 'key' },
    })
    return { status: API_STATUS.OK, data: entry.serialize() }
  }
}
