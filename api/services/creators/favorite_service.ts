import db from '@adonisjs/lucid/services/db'
import Creator from '#models/creator'
import type User from '#models/user'
import Caches from '#services/caches'
import { sqlDateTime } from '#support/sql'

/** A user's favorite creators (`/api/user/favorites`, used by tracking and the list filter). */
export default class FavoriteService {
  static async creatorIds(user: User): Promise<number[]> {
    const rows = await db
      .from('user_favorites')
      .where('user_id', user.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .select('creator_id')
    return rows.map((row) => Number(row.creator_id))
  }

  /** Which of `creatorIds` the user has marked. */
  static async among(user: User, creatorIds: number[]): Promise<Set<number>> {
    if (!creatorIds.length) return new Set()
    const rows = await db
      .from('user_favorites')
      .where('user_id', user.id)
      .whereIn('creator_id', creatorIds)
      .select('creator_id')
    return new Set(rows.map((row) => Number(row.creator_id)))
  }

  static async isFavorite(user: User, creatorId: number) {
    const found = await this.among(user, [creatorId])
    return found.has(creatorId)
  }

  /** Marks a creator (404 when it does not exist); marking twice changes nothing. */
  static async add(user: User, creatorId: number) {
    await Creator.query()
      .withScopes((scopes) => scopes.visibleTo(user))
      .where('creators.id', creatorId)
      .firstOrFail()
    if (await this.isFavorite(user, creatorId)) return { favorite: true }
    try {
      await db.table('user_favorites').insert({
        user_id: user.id,
        creator_id: creatorId,
        created_at: sqlDateTime(),
      })
    } catch (error) {
      // marked at the same moment by another request: the unique index keeps one row
      if (!(await this.isFavorite(user, creatorId))) throw error
    }
    Caches.clear('creatorList')
    return { favorite: true }
  }

  static async remove(user: User, creatorId: number) {
    await db
      .from('user_favorites')
      .where('user_id', user.id)
      .where('creator_id', creatorId)
      .delete()
    Caches.clear('creatorList')
    return { favorite: false }
  }
}
