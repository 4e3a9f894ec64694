import type BoardAttachment from '#models/board_attachment'
import type BoardPost from '#models/board_post'
import { presentPerson } from '#services/people/user_presenter'
import { BOARD_LIMITS, type BoardCategory } from '#shared/board'

function excerpt(text: string) {
  return text.length > BOARD_LIMITS.excerptLength
    ? `${text.slice(0, BOARD_LIMITS.excerptLength)}…`
    : text
}

export function presentAttachment(attachment: BoardAttachment) {
  return { id: attachment.id, name: attachment.name, mime: attachment.mime, size: attachment.size }
}

/** A post in the list: an excerpt, its author and how many attachments it has. */
export function presentBoardListItem(post: BoardPost) {
  return {
    id: post.id,
    category: post.category,
    title: post.title,
    excerpt: excerpt(post.contentText),
    status: post.status,
    pinned: post.pinned,
    views: post.views,
    author: presentPerson(post.author),
    attachments: Number(post.$extras.attachments_count ?? 0),
    published_at: post.publishedAt?.toISO() ?? null,
    updated_at: post.updatedAt.toISO(),
  }
}

/** A whole post with its attachments; `canEdit` is what BoardPolicy answered for the reader. */
export function presentBoardPost(post: BoardPost, context: { canEdit: boolean }) {
  return {
    ...presentBoardListItem(post),
    content: post.contentHtml,
    attachments: post.attachments.map((attachment) => presentAttachment(attachment)),
    can_edit: context.canEdit,
  }
}

/** A category the reader reads, and whether they may write in it (BoardPolicy's answer). */
export function presentCategory(key: BoardCategory, canWrite: boolean) {
  return { key, can_write: canWrite }
}
