import type { HttpContext } from '@adonisjs/core/http'
import type Team from '#models/team'
import TeamService from '#services/people/team_service'
import { presentMember } from '#services/people/team_presenter'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { areaMessages } from '#validators/messages'
import {
  memberAddValidator,
  memberParamValidator,
  memberUpdateValidator,
  teamParamValidator,
} from '#validators/people'

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

  async #members(team: Team) {
    const members = await TeamService.members(team)
    return ok(members.map((member) => presentMember(member)))
  }

  /** GET /api/teams — every team, with my membership and what I may manage. */
  async index(ctx: HttpContext) {
    const teams = ctx.bouncer.with('TeamPolicy')
    await teams.authorize('join')
    const user = ctx.auth.getUserOrFail()
    return ok(await TeamService.overview(user, (team) => teams.allows('manage', team)))
  }

  /** GET /api/teams/:team/members */
  async members(ctx: HttpContext) {
    return this.#members(await this.#team(ctx))
  }

  /** POST /api/teams/:team/members {user_id, is_manager?} */
  async addMember(ctx: HttpContext) {
    const team = await this.#team(ctx)
    const input = await ctx.request.validateUsing(memberAddValidator, this.#messages(ctx))
    if (input.is_manager) await ctx.bouncer.with('TeamPolicy').authorize('appointManager')
    await TeamService.addMember(actorOf(ctx), team, input.user_id, input.is_manager ?? false)
    ctx.response.status(201)
    return this.#members(team)
  }

  /** PUT /api/teams/:team/members/:user_id {is_manager} — admins. */
  async updateMember(ctx: HttpContext) {
    const team = await this.#team(ctx)
    await ctx.bouncer.with('TeamPolicy').authorize('appointManager')
    const { user_id: userId } = await memberParamValidator.validate(ctx.params, this.#messages(ctx))
    const input = await ctx.request.validateUsing(memberUpdateValidator, this.#messages(ctx))
    await TeamService.setManager(actorOf(ctx), team, userId, input.is_manager)
    return this.#members(team)
  }

  /** DELETE /api/teams/:team/members/:user_id */
  async removeMember(ctx: HttpContext) {
    const team = await this.#team(ctx)
    const { user_id: userId } = await memberParamValidator.validate(ctx.params, this.#messages(ctx))
    const mayRemoveManagers = await ctx.bouncer.with('TeamPolicy').allows('removeManager')
    await TeamService.removeMember(actorOf(ctx), team, userId, { mayRemoveManagers })
    return this.#members(team)
  }
}
