import type { HttpContext } from '@adonisjs/core/http'
import FavoriteService from '#services/creators/favorite_service'
import { ok } from '#support/envelope'
import { favoriteQueryValidator, favoriteStoreValidator } from '#validators/creator_account'

/**
 * `/api/user/favorites` (SPEC §7): the signed-in user's favorite creators.
 * Favorites are of creators, so the creator list permission applies.
 */
export default class FavoritesController {
  /** GET /api/user/favorites → {creator_ids}; with ?creator_id= → {favorite}. */
  async index({ auth, bouncer, request }: HttpContext) {
    await bouncer.with('CreatorPolicy').authorize('list')
    const user = auth.getUserOrFail()
    const { creator_id: creatorId } = await request.validateUsing(favoriteQueryValidator, {
      data: request.qs(),
    })
    if (creatorId !== undefined) {
      return ok({ favorite: await FavoriteService.isFavorite(user, creatorId) })
    }
    return ok({ creator_ids: await FavoriteService.creatorIds(user) })
  }

  /** POST /api/user/favorites {creator_id} */
  async store({ auth, bouncer, request }: HttpContext) {
    await bouncer.with('CreatorPolicy').authorize('list')
    const { creator_id: creatorId } = await request.validateUsing(favoriteStoreValidator)
    return ok(await FavoriteService.add(auth.getUserOrFail(), creatorId))
  }

  /** DELETE /api/user/favorites/:creator_id */
  async destroy({ auth, bouncer, params }: HttpContext) {
    await bouncer.with('CreatorPolicy').authorize('list')
    return ok(await FavoriteService.remove(auth.getUserOrFail(), Number(params.creator_id)))
  }
}
