import type { HttpContext } from '@adonisjs/core/http'
import DocumentService from '#services/documents/document_service'
import { presentDocument } from '#services/documents/document_presenter'
import type IssuedDocument from '#models/issued_document'
import { DEFAULT_TABS, privateLevels } from '#shared/documents'
import type { PrivateLevel } from '#shared/constants'
import { actorOf } from '#support/actor'
import { listResponse, pageWindow } from '#support/pagination'
import { areaMessages } from '#validators/messages'
import {
  documentIdValidator,
  documentIssueValidator,
  documentListValidator,
  documentCodeValidator,
} from '#validators/document'

/** Issued documents (SPEC §2 'Document issuing'): the documents tab of a creator and its list. */
export default class DocumentsController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'documents.validator') }
  }

  async #present(ctx: HttpContext, document: IssuedDocument) {
    const withLink = await ctx.bouncer.with('DocumentPolicy').allows('share', document)
    return presentDocument(document, { withLink })
  }

  async #find(ctx: HttpContext) {
    const { id } = await documentIdValidator.validate(ctx.params, this.#messages(ctx))
    return DocumentService.find(ctx.auth.getUserOrFail(), id)
  }

  /** Each private level the tabs print must be one the user may reveal. */
  async #authorizeLevels(ctx: HttpContext, levels: PrivateLevel[]) {
    for (const level of levels) await ctx.bouncer.with('CreatorPolicy').authorize('reveal', level)
  }

  /** GET /api/documents?creator_id=&kind=&status=&_start=&_end= (x-total-count) */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('DocumentPolicy').authorize('list')
    const params = await ctx.request.validateUsing(documentListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const page = await DocumentService.page(
      ctx.auth.getUserOrFail(),
      params,
      pageWindow(params._start, params._end)
    )
    const policy = ctx.bouncer.with('DocumentPolicy')
    const shares = new Map<number, boolean>()
    for (const row of page.rows) shares.set(row.id, await policy.allows('share', row))
    return listResponse(ctx.response, page, (row) =>
      presentDocument(row, { withLink: shares.get(row.id) === true })
    )
  }

  /** GET /api/documents/:id */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('DocumentPolicy').authorize('list')
    return this.#present(ctx, await this.#find(ctx))
  }

  /** POST /api/documents {creator_id, kind, lang, tabs?, month?, note?, code?} */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('DocumentPolicy').authorize('issue')
    const input = await ctx.request.validateUsing(documentIssueValidator, this.#messages(ctx))
    await this.#authorizeLevels(ctx, privateLevels(input.tabs ?? DEFAULT_TABS[input.kind]))
    const creator = await DocumentService.creator(input.creator_id)
    const document = await DocumentService.issue(actorOf(ctx), creator, input)
    ctx.response.status(201)
    return this.#present(ctx, document)
  }

  /** POST /api/documents/:id/reissue {code?} — a new number, the old document kept. */
  async reissue(ctx: HttpContext) {
    await ctx.bouncer.with('DocumentPolicy').authorize('issue')
    const document = await this.#find(ctx)
    const { code } = await ctx.request.validateUsing(documentCodeValidator, this.#messages(ctx))
    await this.#authorizeLevels(ctx, privateLevels(document.tabs))
    const issued = await DocumentService.reissue(actorOf(ctx), document, code)
    ctx.response.status(201)
    return this.#present(ctx, issued)
  }

  /** POST /api/documents/:id/revoke */
  async revoke(ctx: HttpContext) {
    await ctx.bouncer.with('DocumentPolicy').authorize('revoke')
    const document = await this.#find(ctx)
    return this.#present(ctx, await DocumentService.revoke(actorOf(ctx), document))
  }

  /**
   * POST /api/documents/:id/link {code?} — a new public link (an earlier one
   * stops working); only for those who may read the whole document, with
   * their security code when it prints private data.
   */
  async share(ctx: HttpContext) {
    await ctx.bouncer.with('DocumentPolicy').authorize('share')
    const document = await this.#find(ctx)
    await ctx.bouncer.with('DocumentPolicy').authorize('share', document)
    const { code } = await ctx.request.validateUsing(documentCodeValidator, this.#messages(ctx))
    return this.#present(ctx, await DocumentService.share(actorOf(ctx), document, code))
  }

  /** DELETE /api/documents/:id/link */
  async unshare(ctx: HttpContext) {
    await ctx.bouncer.with('DocumentPolicy').authorize('unshare')
    const document = await this.#find(ctx)
    return this.#present(ctx, await DocumentService.unshare(actorOf(ctx), document))
  }

  /**
   * GET /api/documents/:id/pdf — the stored PDF, as a download. A PDF that
   * prints private data goes only to those who may reveal its levels (and to
   * the creator's own account).
   */
  async pdf(ctx: HttpContext) {
    await ctx.bouncer.with('DocumentPolicy').authorize('list')
    const document = await this.#find(ctx)
    await ctx.bouncer.with('DocumentPolicy').authorize('read', document)
    const bytes = await DocumentService.bytes(document)
    ctx.response.header('content-type', 'application/pdf')
    ctx.response.header('content-disposition', `attachment; filename="${document.number}.pdf"`)
    ctx.response.header('cache-control', 'private, no-store')
    return ctx.response.send(bytes)
  }
}
