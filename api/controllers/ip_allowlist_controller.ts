import type { HttpContext } from '@adonisjs/core/http'
import { Bouncer } from '@adonisjs/bouncer'
import { policies } from '#policies/main'
import { readRequestToken } from '#auth/token_header_guard'
import IpAllowlistService from '#services/auth/ip_allowlist_service'
import { presentIpAllowlistEntry } from '#services/auth/ip_allowlist_presenter'
import TokenService from '#services/auth/token_service'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { listResponse, wholeList } from '#support/pagination'
import {
  ipAllowlistStoreValidator,
  ipAllowlistRemoveValidator,
  whiteIpValidator,
} from '#validators/ip_allowlist'

export default class IpAllowlistController {
  /** GET /api/ip-allowlist (Refine list) */
  async index({ bouncer, response }: HttpContext) {
    await bouncer.with('IpAllowlistPolicy').authorize('list')
    const entries = await IpAllowlistService.list()
    return listResponse(response, wholeList(entries), presentIpAllowlistEntry)
  }

  /** POST /api/ip-allowlist */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('IpAllowlistPolicy').authorize('create')
    const input = await ctx.request.validateUsing(ipAllowlistStoreValidator)
    const entry = await IpAllowlistService.addBy(actorOf(ctx), {
      cidr: input.cidr,
      note: input.note ?? null,
      code: input.security_code,
      confirmWide: input.confirm_wide,
    })
    ctx.response.status(201)
    return presentIpAllowlistEntry(entry)
  }

  /** DELETE /api/ip-allowlist/:id */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('IpAllowlistPolicy').authorize('delete')
    const { security_code: code } = await ctx.request.validateUsing(ipAllowlistRemoveValidator)
    const entry = await IpAllowlistService.removeBy(actorOf(ctx), Number(ctx.params.id), code)
    return presentIpAllowlistEntry(entry)
  }

  /**
   * POST /add/white_ip — the legacy whitelist call. Accepted with the token
   * of somebody IpAllowlistPolicy lets add entries (an admin), or with the
   * fixed whitelist key (WHITE_IP_KEY) for IT scripts; wrong keys are rate
   * limited.
   */
  async whiteIp(ctx: HttpContext) {
    const { request } = ctx
    const input = await request.validateUsing(whiteIpValidator)
    const token = readRequestToken(request)
    const check = token ? await TokenService.verifyAccessToken(token) : null
    const caller = check?.state === 'valid' ? check.user : null
    const mayAdd =
      caller !== null &&
      (await new Bouncer(caller, {}, policies)
        .setContainerResolver(ctx.containerResolver)
        .with('IpAllowlistPolicy')
        .allows('create'))
    const entry = await IpAllowlistService.addByLegacyCall({
      ip: input.ip,
      note: input.note,
      key: input.key,
      securityCode: input.security_code,
      confirmWide: input.confirm_wide,
      admin: mayAdd ? caller : null,
      callerIp: request.ip(),
    })
    return ok(presentIpAllowlistEntry(entry))
  }
}
