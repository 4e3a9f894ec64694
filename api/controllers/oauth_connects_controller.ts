import type { HttpContext } from '@adonisjs/core/http'
import CreatorService from '#services/creators/creator_service'
import OAuthConnectService, {
  type ConnectOutcome,
} from '#services/platform_accounts/oauth_connect_service'
import { connectPage } from '#services/platform_accounts/oauth_connect_page'
import { actorOf } from '#support/actor'
import { originOf } from '#support/origin'
import { oauthCallbackValidator, oauthStartValidator } from '#validators/oauth_connect'

/**
 * OAuth connects of open-platform accounts: starting one (behind auth, who
 * may edit the creator) answers the platform's authorise URL; the platform's
 * callback (public: its state is the proof) lands on the creator's edit tab
 * with the result, or on a page of its own for a state never issued.
 */
export default class OAuthConnectsController {
  /** POST /api/creators/:id/accounts/:platform/connect → {platform, url, expires_at}. */
  async start(ctx: HttpContext) {
    const { bouncer, request, params } = ctx
    await bouncer.with('CreatorPolicy').authorize('connect')
    const { platform } = await request.validateUsing(oauthStartValidator, {
      data: { platform: params.platform },
    })
    const actor = actorOf(ctx)
    const creator = await CreatorService.find(Number(params.id), actor.user)
    return OAuthConnectService.start(creator, platform, actor, originOf(ctx))
  }

  /** GET /api/oauth/:platform/callback → a redirect to the edit tab, or a page. */
  async callback(ctx: HttpContext) {
    const { request, response, params } = ctx
    const input = await request.validateUsing(oauthCallbackValidator, {
      data: { ...request.qs(), platform: params.platform },
    })
    const outcome = await OAuthConnectService.callback(input.platform, input, request.ip())
    response.header('Cache-Control', 'no-store')
    response.header('Referrer-Policy', 'no-referrer')
    if (outcome.creatorId === null) {
      return response.status(400).type('text/html').send(connectPage(ctx.i18n, outcome))
    }
    return response.redirect(this.#editTab(ctx, outcome))
  }

  #editTab(ctx: HttpContext, outcome: ConnectOutcome) {
    const query = new URLSearchParams({
      id: String(outcome.creatorId),
      tab: outcome.platform,
      connect: outcome.result,
      ...(outcome.reason ? { reason: outcome.reason } : {}),
    })
    return `${originOf(ctx)}/app/modify_creator?${query}`
  }
}
