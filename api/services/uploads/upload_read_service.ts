import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import UploadTask from '#models/upload_task'
import type User from '#models/user'
import { paginate, pageWindow } from '#support/pagination'
import { sqlDateTime } from '#support/sql'
import type { UploadListParams } from '#validators/upload_ledger'

/**
 * The upload records (SPEC §7 upload_record, creator_upload_list,
 * /api/creator/v2/uploads) and one task for polling. Rows are those
 * UploadTask.visibleTo(user) allows.
 */
export default class UploadReadService {
  static #visible(user: User) {
    return UploadTask.query().withScopes((scopes) => scopes.visibleTo(user))
  }

  static #page(query: ModelQueryBuilderContract<typeof UploadTask>, params: UploadListParams) {
    return paginate(query, pageWindow(params._start, params._end), (rows) =>
      rows
        .preload('publications', (publications) => publications.orderBy('id', 'asc'))
        .preload('creator')
        .orderBy('upload_tasks.created_at', 'desc')
        .orderBy('upload_tasks.id', 'desc')
    )
  }

  /** The tasks the user submitted (a creator account: its creators' tasks), newest first. */
  static records(user: User, params: UploadListParams) {
    const query = this.#visible(user)
    if (user.role !== 'creator') query.where('upload_tasks.user_id', user.id)
    if (params.creator_id) query.where('upload_tasks.creator_id', params.creator_id)
    return this.#page(query, params)
  }

  /** One creator's tasks (every creator's the user may see when none is given), newest first. */
  static ofCreator(user: User, params: UploadListParams) {
    const query = this.#visible(user)
    if (params.creator_id) query.where('upload_tasks.creator_id', params.creator_id)
    return this.#page(query, params)
  }

  /** One task with its publications' live states and progress. */
  static async show(user: User, id: number) {
    return this.#visible(user)
      .where('upload_tasks.id', id)
      .preload('publications', (publications) => publications.orderBy('id', 'asc'))
      .preload('creator')
      .firstOrFail()
  }

  /**
   * The upload stats (SPEC §2): tasks in all, tasks of the last 7 days, the
   * published videos the platforms no longer list, and the published
   * videos' average views.
   */
  static async stats(user: User, params: UploadListParams, now: DateTime = DateTime.utc()) {
    const tasks = this.#visible(user)
    if (params.creator_id) tasks.where('upload_tasks.creator_id', params.creator_id)
    const ids = tasks.clone().select('upload_tasks.id')
    const [total, recent] = await Promise.all([
      tasks.clone().count('* as total').first(),
      tasks
        .clone()
        .where('upload_tasks.created_at', '>=', sqlDateTime(now.minus({ days: 7 })))
        .count('* as total')
        .first(),
    ])
    const videos = await db
      .from('upload_publications as p')
      .join('videos as v', 'v.id', 'p.video_id')
      .whereIn('p.task_id', ids)
      .select(
        db.raw('COUNT(DISTINCT v.id) as videos'),
        db.raw('SUM(CASE WHEN v.deleted_on IS NULL THEN 0 ELSE 1 END) as deleted'),
        db.raw('AVG(v.views) as average')
      )
      .first()
    return {
      total_uploads: Number(total?.$extras.total ?? 0),
      uploads_last_7_days: Number(recent?.$extras.total ?? 0),
      deleted_videos: Number(videos?.deleted ?? 0),
      average_views: Math.round(Number(videos?.average ?? 0)),
      published_videos: Number(videos?.videos ?? 0),
    }
  }
}
