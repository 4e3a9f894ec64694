import type { HttpContext } from '@adonisjs/core/http'
import TeamService from '#services/people/team_service'
import { actorOf } from '#services/actor'
import { areaMessages } from '#validators/messages'
import {
  memberAddValidator,
  memberParamValidator,
  memberUpdateValidator,
  teamParamValidator,
} from '#validators/people'
import { API_STATUS } from '#shared/constants'

/**
 * Member management (SPEC §2 Account): a team's managers add and remove its
 * members, admins every team's, and only admins appoint managers.
 */
export default class TeamsController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'people.validator') }
  }

  async #team(ctx: HttpContext) {
    const { team } = await teamParamValidator.validate(ctx.params, this.#messages(ctx))
    const found = await TeamService.byKey(team)
    await ctx.bouncer.with('TeamPolicy').authorize('manage', found)
    return found
  }

  /** GET /api/teams — every team, with my membership and what I may manage. */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('TeamPolicy').authorize('join')
    return { status: API_STATUS.OK, data: await TeamService.overview(ctx.auth.getUserOrFail()) }
  }

  /** GET /api/teams/:team/members */
  async members(ctx: HttpContext) {
    const team = await this.#team(ctx)
    return { status: API_STATUS.OK, data: await TeamService.members(team) }
  }

  /** POST /api/teams/:team/members {user_id, is_manager?} */
  async addMember(ctx: HttpContext) {
    const team = await this.#team(ctx)
    const input = await ctx.request.validateUsing(memberAddValidator, this.#messages(ctx))
    if (input.is_manager) await ctx.bouncer.with('TeamPolicy').authorize('appointManager')
    await TeamService.addMember(actorOf(ctx), team, input.user_id, input.is_manager ?? false)
    ctx.response.status(201)
    return { status: API_STATUS.OK, data: await TeamService.members(team) }
  }

  /** PUT /api/teams/:team/members/:user_id {is_manager} — admins. */
  async updateMember(ctx: HttpContext) {
    const team = await this.#team(ctx)
    await ctx.bouncer.with('TeamPolicy').authorize('appointManager')
    const { user_id: userId } = await memberParamValidator.validate(ctx.params, this.#messages(ctx))
    const input = await ctx.request.validateUsing(memberUpdateValidator, this.#messages(ctx))
    await TeamService.setManager(actorOf(ctx), team, userId, input.is_manager)
    return { status: API_STATUS.OK, data: await TeamService.members(team) }
  }

  /** DELETE /api/teams/:team/members/:user_id */
  async removeMember(ctx: HttpContext) {
    const team = await this.#team(ctx)
    const { user_id: userId } = await memberParamValidator.validate(ctx.params, this.#messages(ctx))
    await TeamService.removeMember(actorOf(ctx), team, userId)
    return { status: API_STATUS.OK, data: await TeamService.members(team) }
  }
}
