import type CreatorMemo from '#models/creator_memo'
import { isoDateTime } from '#support/dates'

/** One memo of a creator's history, with its author (`user` preloaded). */
export function presentMemo(memo: CreatorMemo) {
  const user = memo.$preloaded.user ? memo.user : null
  return {
    id: memo.id,
    body: memo.body,
    user: user ? { id: user.id, name: user.name } : null,
    created_at: isoDateTime(memo.createdAt),
  }
}
