import type { HttpContext } from '@adonisjs/core/http'
import RegisterCodeService from '#services/people/register_code_service'
import { presentRegisterCode } from '#services/people/register_code_presenter'
import { actorOf } from '#support/actor'
import { listResponse, wholeList } from '#support/pagination'
import { registerCodeStoreValidator } from '#validators/register_code'

/** Register codes (Settings, admins): list, create, revoke. */
export default class RegisterCodesController {
  /** GET /api/register-codes */
  async index({ bouncer, response }: HttpContext) {
    await bouncer.with('RegisterCodePolicy').authorize('list')
    const codes = await RegisterCodeService.list()
    return listResponse(response, wholeList(codes), presentRegisterCode)
  }

  /** POST /api/register-codes — a given or generated code, optionally bound to a team. */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('RegisterCodePolicy').authorize('create')
    const input = await ctx.request.validateUsing(registerCodeStoreValidator)
    const code = await RegisterCodeService.create(actorOf(ctx), input)
    ctx.response.status(201)
    return presentRegisterCode(code)
  }

  /** DELETE /api/register-codes/:id — revokes (the row stays for the record). */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('RegisterCodePolicy').authorize('delete')
    return presentRegisterCode(
      await RegisterCodeService.revoke(actorOf(ctx), Number(ctx.params.id))
    )
  }
}
