import type { HttpContext } from '@adonisjs/core/http'
import DocumentService from '#services/documents/document_service'
import { presentPublicDocument } from '#services/documents/document_presenter'
import { rateLimit } from '#services/auth/failure_limiter'
import StudioException from '#exceptions/studio_exception'
import { documentTokenValidator } from '#validators/document'

/** Requests per address to the public document pages: 30 a minute, then 5 minutes' wait. */
const PUBLIC_DOCUMENT_LIMIT = { requests: 30, duration: '1 min', blockDuration: '5 mins' }

/**
 * The public document pages (/bilidoc, /bilidoc_hh, /authorization_doc,
 * /xiguaright_doc, /xiguasignup_doc): an issued document by its link's
 * token, nothing else. Every request is counted per address before the
 * token is looked at; an unknown, malformed, unshared or revoked token
 * answers the same 404.
 */
export default class PublicDocumentsController {
  async #document(ctx: HttpContext) {
    await rateLimit(PUBLIC_DOCUMENT_LIMIT).consume(`public_document:${ctx.request.ip()}`)
    const [error, params] = await documentTokenValidator.tryValidate(ctx.params)
    if (error) throw new StudioException('documents.errors.link_unknown', { status: 404 })
    ctx.response.header('cache-control', 'no-store')
    ctx.response.header('x-robots-tag', 'noindex')
    return DocumentService.byToken(params.token)
  }

  /** GET /api/public/documents/:token */
  async show(ctx: HttpContext) {
    return presentPublicDocument(await this.#document(ctx))
  }

  /** GET /api/public/documents/:token/pdf — shown in the page. */
  async pdf(ctx: HttpContext) {
    const document = await this.#document(ctx)
    const bytes = await DocumentService.bytes(document)
    ctx.response.header('content-type', 'application/pdf')
    ctx.response.header('content-disposition', `inline; filename="${document.number}.pdf"`)
    return ctx.response.send(bytes)
  }
}
