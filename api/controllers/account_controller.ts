import type { HttpContext } from '@adonisjs/core/http'
import { readFile } from 'node:fs/promises'
import AccountService from '#services/people/account_service'
import TeamService from '#services/people/team_service'
import { presentUser } from '#services/people/user_presenter'
import StudioException from '#exceptions/studio_exception'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { areaMessages } from '#validators/messages'
import { passwordValidator, profileValidator, setTeamValidator } from '#validators/people'
import { API_STATUS } from '#shared/constants'
import { AVATAR_MAX_BYTES } from '#shared/people'
import { withUpload } from '#support/uploads'

/** 413 with the picture limit in the reader's language. */
function avatarTooLarge(): never {
  throw new StudioException('people.errors.avatar_too_large', {
    status: 413,
    data: { max: AVATAR_MAX_BYTES / 1024 / 1024 },
  })
}

/** My own account (SPEC §2 Account, /app/account and /app/modify_account). */
export default class AccountController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'people.validator') }
  }

  async #me(ctx: HttpContext) {
    return ok(presentUser(await AccountService.profile(ctx.auth.getUserOrFail())))
  }

  /** PUT|POST /api/user/update {name?, phone?, locale?} */
  async update(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(profileValidator, this.#messages(ctx))
    await AccountService.updateProfile(actorOf(ctx), input)
    return this.#me(ctx)
  }

  /** PUT /api/user/password {current_password, password, password_confirmation} */
  async password(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(passwordValidator, this.#messages(ctx))
    const guard = ctx.auth.use('api') as unknown as { familyId?: string }
    await AccountService.changePassword(actorOf(ctx), input, guard.familyId)
    return { status: API_STATUS.OK, message: ctx.i18n.t('people.account.password_changed') }
  }

  /** POST /api/user/avatar (multipart `avatar`): a JPEG, PNG, WebP or GIF picture. */
  async avatar(ctx: HttpContext) {
    return withUpload(ctx, AVATAR_MAX_BYTES, () => this.#setAvatar(ctx), avatarTooLarge)
  }

  async #setAvatar(ctx: HttpContext) {
    const file = ctx.request.file('avatar', { size: AVATAR_MAX_BYTES })
    if (!file || !file.tmpPath) {
      if (file?.errors.some((error) => error.type === 'size')) {
        return avatarTooLarge()
      }
      throw new StudioException('people.errors.avatar_required', { status: 422 })
    }
    await AccountService.setAvatar(actorOf(ctx), await readFile(file.tmpPath))
    return this.#me(ctx)
  }

  /** DELETE /api/user/avatar */
  async removeAvatar(ctx: HttpContext) {
    await AccountService.removeAvatar(actorOf(ctx))
    return this.#me(ctx)
  }

  /** GET /api/avatars/:file — public: the names cannot be guessed; cached for good. */
  async showAvatar({ params, response }: HttpContext) {
    const bytes = await AccountService.readAvatar(String(params.file ?? ''))
    if (!bytes) throw new StudioException('errors.not_found', { status: 404 })
    response.header('content-type', 'image/webp')
    response.header('cache-control', 'public, max-age=31536000, immutable')
    response.header('x-content-type-options', 'nosniff')
    return response.send(bytes)
  }

  /** POST /api/user/set_team {team, action: import|export} — join or leave a team. */
  async setTeam(ctx: HttpContext) {
    await ctx.bouncer.with('TeamPolicy').authorize('join')
    const input = await ctx.request.validateUsing(setTeamValidator, this.#messages(ctx))
    await TeamService.setTeam(actorOf(ctx), input.team, input.action)
    const me = await this.#me(ctx)
    return {
      ...me,
      message: ctx.i18n.t(
        input.action === 'import' ? 'people.account.joined' : 'people.account.left'
      ),
    }
  }
}
