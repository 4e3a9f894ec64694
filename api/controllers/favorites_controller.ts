import type { HttpContext } from '@adonisjs/core/http'
import FavoriteService from '#services/favorite_service'
import { favoriteQueryValidator, favoriteStoreValidator } from '#validators/creator'
import { API_STATUS } from '#shared/constants'

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
      return {
        status: API_STATUS.OK,
        data: { favorite: await FavoriteService.isFavorite(user, creatorId) },
      }
    }
    return { status: API_STATUS.OK, data: { creator_ids: await FavoriteService.creatorIds(user) } }
  }

  /** POST /api/user/favorites {creator_id} */
  async store({ auth, bouncer, request }: HttpContext) {
    await bouncer.with('CreatorPolicy').authorize('list')
    const { creator_id: creatorId } = await request.validateUsing(favoriteStoreValidator)
    return {
      status: API_STATUS.OK,
      data: await FavoriteService.add(auth.getUserOrFail(), creatorId),
    }
  }

  /** DELETE /api/user/favorites/:creator_id */
  async destroy({ auth, bouncer, params }: HttpContext) {
    await bouncer.with('CreatorPolicy').authorize('list')
    return {
      status: API_STATUS.OK,
      data: await FavoriteService.remove(auth.getUserOrFail(), Number(params.creator_id)),
    }
  }
}
