import { randomBytes } from 'node:crypto'
import { extname } from 'node:path'
import { readFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import BoardPost from '#models/board_post'
import BoardAttachment from '#models/board_attachment'
import type User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import AuditService from '#services/audit/audit_service'
import NotificationService from '#services/notifications/notification_service'
import { LIKE, containing, escapeLike } from '#support/like'
import { pageWindow, paginate } from '#support/pagination'
import type { Actor } from '#support/actor'
import type { BoardListParams, BoardPostInput } from '#validators/board'
import { plainText, sanitizeBoardHtml, searchTerms, wordsOf } from '#services/board/board_text'
import { BOARD_ATTACHMENT_EXTENSIONS, BOARD_LIMITS } from '#shared/board'
import { ROLES } from '#shared/constants'

/**
 * The board (SPEC §2 Board): list (pinned notices first), CJK-aware search,
 * drafts only their author sees, sanitised HTML, attachments on Drive and a
 * headline notification the first time a notice is published.
 */
export default class BoardService {
  /** One page of the posts `user` reads (published, or their drafts), pinned first. */
  static list(user: User, params: BoardListParams) {
    const query = BoardPost.query().withScopes((scopes) => scopes.visibleTo(user))
    if (params.status === 'draft') {
      query.where('status', 'draft').where('author_id', user.id)
    } else {
      query.where('status', 'published')
    }
    if (params.category) query.where('category', params.category)
    if (params.q) {
      const words = wordsOf(params.q, 'query')
      const phrase = containing(params.q)
      query.where((match) => {
        if (words.length) {
          match.where((all) => {
            for (const word of words)
              all.whereRaw(LIKE, ['search_terms', `% ${escapeLike(word)} %`])
          })
        }
        match.orWhereRaw(LIKE, ['title', phrase]).orWhereRaw(LIKE, ['content_text', phrase])
      })
    }
    const window = pageWindow(params._start, params._end, { max: BOARD_LIMITS.pageMax })
    return paginate(query, window, (filtered) =>
      filtered
        .preload('author')
        .withCount('attachments')
        .orderBy('pinned', 'desc')
        .orderByRaw('COALESCE(published_at, updated_at) DESC')
        .orderBy('id', 'desc')
    )
  }

  /** A post the user may read: published (in a category they read) or their own draft. */
  static async readable(user: User, id: number) {
    const post = await BoardPost.query()
      .withScopes((scopes) => scopes.visibleTo(user))
      .where('id', id)
      .preload('author')
      .preload('attachments')
      .firstOrFail()
    return post
  }

  static async view(user: User, id: number) {
    const post = await this.readable(user, id)
    if (post.status === 'published' && post.authorId !== user.id) {
      await db.from('board_posts').where('id', post.id).increment('views', 1)
      post.views += 1
    }
    return post
  }

  static #fill(post: BoardPost, input: BoardPostInput) {
    const html = sanitizeBoardHtml(input.content)
    const text = plainText(html)
    if (!text && !/<img\s/i.test(html)) {
      throw new StudioException('board.errors.content_required', { status: 422 })
    }
    post.category = input.category
    post.title = input.title
    post.contentHtml = html
    post.contentText = text
    post.searchTerms = searchTerms(input.title, text)
    post.status = input.status
    if (input.status === 'published' && !post.publishedAt) post.publishedAt = DateTime.utc()
  }

  static async #attach(
    post: BoardPost,
    ids: number[] | undefined,
    user: User,
    trx: TransactionClientContract
  ) {
    if (ids === undefined) return
    const rows = ids.length ? await BoardAttachment.query({ client: trx }).whereIn('id', ids) : []
    const foreign = rows.filter(
      (row) =>
        (row.postId !== null && row.postId !== post.id) ||
        (row.postId === null && row.uploadedBy !== user.id)
    )
    if (rows.length !== ids.length || foreign.length) {
      throw new StudioException('board.errors.attachment_unknown', { status: 422 })
    }
    const dropped = await BoardAttachment.query({ client: trx })
      .where('post_id', post.id)
      .whereNotIn('id', ids.length ? ids : [0])
    for (const row of dropped) {
      await row.useTransaction(trx).delete()
      trx.after('commit', () =>
        drive
          .use()
          .delete(row.fileKey)
          .catch(() => undefined)
      )
    }
    if (ids.length) {
      await BoardAttachment.query({ client: trx }).whereIn('id', ids).update({ post_id: post.id })
    }
  }

  static async #announce(
    post: BoardPost,
    wasPublished: boolean,
    actor: Actor,
    trx: TransactionClientContract
  ) {
    if (post.status !== 'published' || wasPublished || post.category !== 'notice') return
    const recipients = await trx
      .from('users')
      .where('status', 'active')
      .whereIn('role', [...ROLES])
      .whereNot('id', actor.user.id)
      .select('id')
    await NotificationService.notify(
      {
        kind: 'board_notice',
        userIds: recipients.map((row) => row.id),
        params: { title: post.title, name: actor.user.name },
        link: `/app/board?id=${post.id}`,
        dedupeKey: `board:${post.id}`,
      },
      trx
    )
  }

  static async create(actor: Actor, input: BoardPostInput & { pinned: boolean }) {
    return db.transaction(async (trx) => {
      const post = new BoardPost().useTransaction(trx)
      this.#fill(post, input)
      post.pinned = input.pinned
      post.authorId = actor.user.id
      post.views = 0
      await post.save()
      await this.#attach(post, input.attachment_ids, actor.user, trx)
      await this.#announce(post, false, actor, trx)
      await AuditService.log(
        actor,
        'board.create',
        ['board_post', post.id],
        { status: post.status },
        trx
      )
      return post
    })
  }

  static async update(actor: Actor, post: BoardPost, input: BoardPostInput & { pinned: boolean }) {
    return db.transaction(async (trx) => {
      const wasPublished = post.status === 'published'
      post.useTransaction(trx)
      if (wasPublished && input.status === 'draft') {
        throw new StudioException('board.errors.unpublish', { status: 422 })
      }
      this.#fill(post, input)
      post.pinned = input.pinned
      await post.save()
      await this.#attach(post, input.attachment_ids, actor.user, trx)
      await this.#announce(post, wasPublished, actor, trx)
      await AuditService.log(actor, 'board.update', ['board_post', post.id], null, trx)
      return post
    })
  }

  static async remove(actor: Actor, post: BoardPost) {
    const attachments = await BoardAttachment.query().where('post_id', post.id)
    const keys = attachments.map((row) => row.fileKey)
    await db.transaction(async (trx) => {
      await post.useTransaction(trx).delete()
      await AuditService.log(actor, 'board.delete', ['board_post', post.id], null, trx)
    })
    for (const key of keys)
      await drive
        .use()
        .delete(key)
        .catch(() => undefined)
  }

  /** Stores an upload before its post is saved; it joins the post on save. */
  static async upload(
    actor: Actor,
    file: { tmpPath: string; clientName: string; size: number; type?: string; subtype?: string }
  ) {
    const extension = extname(file.clientName).slice(1).toLowerCase()
    if (!(BOARD_ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension)) {
      throw new StudioException('board.errors.attachment_type', {
        status: 422,
        data: { types: BOARD_ATTACHMENT_EXTENSIONS.join(', ') },
      })
    }
    const key = `board/${DateTime.utc().toFormat('yyyyLL')}/${randomBytes(16).toString('hex')}.${extension}`
    await drive.use().put(key, await readFile(file.tmpPath))
    // Path separators and control characters never reach a download's file name.
    const name = [...file.clientName]
      .map((char) => (char === '/' || char === '\\' || char.charCodeAt(0) < 32 ? '_' : char))
      .join('')
      .slice(0, 255)
    const attachment = await BoardAttachment.create({
      postId: null,
      uploadedBy: actor.user.id,
      fileKey: key,
      name,
      mime:
        file.type && file.subtype
          ? `${file.type}/${file.subtype}`.slice(0, 100)
          : 'application/octet-stream',
      size: file.size,
    })
    return attachment
  }

  /** An attachment the user may download: of a post they can read, or their own fresh upload. */
  static async attachmentFor(user: User, id: number) {
    const attachment = await BoardAttachment.findOrFail(id)
    if (attachment.postId === null) {
      if (attachment.uploadedBy !== user.id)
        throw new StudioException('errors.not_found', { status: 404 })
    } else {
      await this.readable(user, attachment.postId)
    }
    return attachment
  }

  static async bytes(attachment: BoardAttachment) {
    return Buffer.from(await drive.use().getBytes(attachment.fileKey))
  }
}
