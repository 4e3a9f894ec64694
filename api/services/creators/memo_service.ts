import type Creator from '#models/creator'
import CreatorMemo from '#models/creator_memo'
import type User from '#models/user'
import CreatorReadService from '#services/creators/creator_read_service'
import type { Actor } from '#support/actor'

/** The most memos one creator's history returns. */
const MEMO_HISTORY_MAX = 500

/** A creator's memo history (SPEC §2 detail "memo", §3 "text history per creator"). */
export default class MemoService {
  /** The memos of a creator `user` may see, newest first (404 otherwise). */
  static async list(creatorId: number, user: User) {
    const creator = await CreatorReadService.visibleTo(user)
      .where('creators.id', creatorId)
      .firstOrFail()
    return CreatorMemo.query()
      .where('creator_id', creator.id)
      .preload('user')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MEMO_HISTORY_MAX)
  }

  /** One memo, kept with its author and time. */
  static async add(creator: Creator, body: string, actor: Actor) {
    const memo = await CreatorMemo.create({ creatorId: creator.id, userId: actor.user.id, body })
    await memo.load('user')
    return memo
  }
}
