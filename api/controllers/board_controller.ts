import type { HttpContext } from '@adonisjs/core/http'
import type BoardPost from '#models/board_post'
import BoardService from '#services/board/board_service'
import {
  presentAttachment,
  presentBoardListItem,
  presentBoardPost,
  presentCategory,
} from '#services/board/board_presenter'
import StudioException from '#exceptions/studio_exception'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { listResponse } from '#support/pagination'
import { areaMessages } from '#validators/messages'
import { boardIdValidator, boardListValidator, boardPostValidator } from '#validators/board'
import { BOARD_ATTACHMENT_EXTENSIONS, BOARD_CATEGORIES, BOARD_LIMITS } from '#shared/board'
import { withUpload } from '#support/uploads'

/** 413 with the attachment limit in the reader's language. */
function tooLarge(): never {
  throw new StudioException('board.errors.attachment_too_large', {
    status: 413,
    data: { max: BOARD_LIMITS.attachmentMaxBytes / 1024 / 1024 },
  })
}

/** The board (SPEC §2 Board, /app/board): list, search, read, write, drafts, attachments. */
export default class BoardController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'board.validator') }
  }

  async #id(ctx: HttpContext) {
    const { id } = await boardIdValidator.validate(ctx.params, this.#messages(ctx))
    return id
  }

  /** GET /api/board/categories → which categories I read and write. */
  async categories(ctx: HttpContext) {
    await ctx.bouncer.with('BoardPolicy').authorize('list')
    const data = []
    for (const key of BOARD_CATEGORIES) {
      const read = await ctx.bouncer.with('BoardPolicy').allows('readCategory', key)
      if (!read) continue
      data.push(presentCategory(key, await ctx.bouncer.with('BoardPolicy').allows('write', key)))
    }
    return ok(data)
  }

  /** GET /api/board/posts?category=&q=&status=draft&_start=&_end= (x-total-count) */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('BoardPolicy').authorize('list')
    const params = await ctx.request.validateUsing(boardListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const page = await BoardService.list(ctx.auth.getUserOrFail(), params)
    return listResponse(ctx.response, page, presentBoardListItem)
  }

  /** GET /api/board/posts/:id */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('BoardPolicy').authorize('list')
    const post = await BoardService.view(ctx.auth.getUserOrFail(), await this.#id(ctx))
    return this.#present(ctx, post)
  }

  /** A whole post, with whether BoardPolicy lets the reader edit it. */
  async #present(ctx: HttpContext, post: BoardPost) {
    const canEdit = await ctx.bouncer.with('BoardPolicy').allows('edit', post)
    return presentBoardPost(post, { canEdit })
  }

  async #input(ctx: HttpContext, currentlyPinned = false) {
    const input = await ctx.request.validateUsing(boardPostValidator, this.#messages(ctx))
    await ctx.bouncer.with('BoardPolicy').authorize('write', input.category)
    const pinned = input.pinned ?? currentlyPinned
    if (pinned !== currentlyPinned) await ctx.bouncer.with('BoardPolicy').authorize('pin')
    return { ...input, pinned }
  }

  /** POST /api/board/posts {category, title, content, status: draft|published, pinned?, attachment_ids?} */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('BoardPolicy').authorize('write')
    const input = await this.#input(ctx)
    const user = ctx.auth.getUserOrFail()
    const post = await BoardService.create(actorOf(ctx), input)
    ctx.response.status(201)
    return this.#present(ctx, await BoardService.readable(user, post.id))
  }

  /** PUT /api/board/posts/:id — the author, or an admin. */
  async update(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const post = await BoardService.readable(user, await this.#id(ctx))
    await ctx.bouncer.with('BoardPolicy').authorize('edit', post)
    const input = await this.#input(ctx, post.pinned)
    await BoardService.update(actorOf(ctx), post, input)
    return this.#present(ctx, await BoardService.readable(user, post.id))
  }

  /** DELETE /api/board/posts/:id */
  async destroy(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const post = await BoardService.readable(user, await this.#id(ctx))
    await ctx.bouncer.with('BoardPolicy').authorize('edit', post)
    await BoardService.remove(actorOf(ctx), post)
    return ok({ id: post.id })
  }

  /** POST /api/board/attachments (multipart `file`) */
  async upload(ctx: HttpContext) {
    await ctx.bouncer.with('BoardPolicy').authorize('write')
    return withUpload(ctx, BOARD_LIMITS.attachmentMaxBytes, () => this.#attach(ctx), tooLarge)
  }

  async #attach(ctx: HttpContext) {
    const file = ctx.request.file('file', { size: BOARD_LIMITS.attachmentMaxBytes })
    if (!file || !file.tmpPath) {
      if (file?.errors.some((error) => error.type === 'size')) {
        return tooLarge()
      }
      throw new StudioException('board.errors.attachment_required', {
        status: 422,
        data: { types: BOARD_ATTACHMENT_EXTENSIONS.join(', ') },
      })
    }
    ctx.response.status(201)
    const attachment = await BoardService.upload(actorOf(ctx), {
      tmpPath: file.tmpPath,
      clientName: file.clientName,
      size: file.size,
      type: file.type,
      subtype: file.subtype,
    })
    return ok(presentAttachment(attachment))
  }

  /** GET /api/board/attachments/:id — a download, never shown inline. */
  async download(ctx: HttpContext) {
    await ctx.bouncer.with('BoardPolicy').authorize('list')
    const attachment = await BoardService.attachmentFor(
      ctx.auth.getUserOrFail(),
      await this.#id(ctx)
    )
    const bytes = await BoardService.bytes(attachment)
    ctx.response.header('content-type', 'application/octet-stream')
    ctx.response.header('x-content-type-options', 'nosniff')
    ctx.response.header(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(attachment.name)}`
    )
    return ctx.response.send(bytes)
  }
}
