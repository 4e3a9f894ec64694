import { createHash, randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import encryption from '@adonisjs/core/services/encryption'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Creator from '#models/creator'
import IssuedDocument from '#models/issued_document'
import StudioException from '#exceptions/studio_exception'
import AuditService from '#services/audit/audit_service'
import SecurityCodeService from '#services/auth/security_code_service'
import { rateLimit } from '#services/auth/failure_limiter'
import { REVEAL_LIMIT, revealLimitKey } from '#services/creators/reveal_service'
import type { Locale } from '#shared/constants'
import {
  DEFAULT_TABS,
  DOCUMENT_PREFIXES,
  PUBLIC_PAGES,
  privateLevels,
  type DocumentKind,
  type DocumentStatus,
  type InfoTab,
} from '#shared/documents'
import type { Actor } from '#support/actor'
import { paginate, type PageWindow } from '#support/pagination'
import type User from '#models/user'
import { documentSpec, documentTitle } from './document_content.js'
import { renderPdf } from './pdf_renderer.js'

interface IssueInput {
  creator_id: number
  kind: DocumentKind
  lang: Locale
  tabs?: InfoTab[]
  month?: string
  note?: string
  code?: string
}

interface DocumentFilters {
  creator_id?: number
  kind?: DocumentKind
  status?: DocumentStatus
}

/** A document's columns with no public link. */
const NO_LINK = {
  linkTokenHash: null,
  linkTokenEncrypted: null,
  linkCreatedBy: null,
  linkCreatedAt: null,
} as const

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The month before the one of `day` (`2026-10` on any day of November 2026). */
const previousMonth = (day: DateTime) => day.minus({ months: 1 }).toFormat('yyyy-MM')

/**
 * Issued documents (SPEC §2 'Document issuing'): numbered per kind and year,
 * rendered once to PDF (api/services/documents/pdf_renderer.ts) and stored
 * on Drive under documents/, listed, downloaded, re-issued under a new
 * number (the old one kept) and revoked. A document is public only through
 * its link's random token; revoking the link or the document ends it.
 */
export default class DocumentService {
  /** One page of the documents `user` may see, newest first. */
  static page(user: User, filters: DocumentFilters, window: PageWindow) {
    const query = IssuedDocument.query().withScopes((scopes) => scopes.visibleTo(user))
    if (filters.creator_id) query.where('creator_id', filters.creator_id)
    if (filters.kind) query.where('kind', filters.kind)
    if (filters.status) query.where('status', filters.status)
    return paginate(query, window, (filtered) =>
      filtered.preload('creator').preload('issuer').preload('linkCreator').orderBy('id', 'desc')
    )
  }

  /** A document `user` may see (404 otherwise). */
  static async find(user: User, id: number) {
    const document = await IssuedDocument.query()
      .withScopes((scopes) => scopes.visibleTo(user))
      .where('id', id)
      .preload('creator')
      .preload('issuer')
      .preload('linkCreator')
      .firstOrFail()
    return document
  }

  /** The creator a document is issued for (422 when there is none). */
  static async creator(id: number) {
    const creator = await Creator.find(id)
    if (!creator) throw new StudioException('documents.errors.creator_unknown', { status: 422 })
    return creator
  }

  /**
   * Checks the issuer's security code once for the private levels a
   * document prints (the caller's policy has allowed each level), counts it
   * against the reveal limit and logs one `creator.reveal` per level, with
   * its purpose: printing a document, or handing it out by a public link.
   */
  static async revealForDocument(
    actor: Actor,
    creator: Pick<Creator, 'id'>,
    levels: string[],
    code: string | undefined,
    purpose: 'document' | 'document_link' = 'document'
  ) {
    if (!levels.length) return
    if (!code) throw new StudioException('documents.errors.code_required', { status: 422 })
    await SecurityCodeService.verify(actor.user, code, () =>
      AuditService.log(actor, 'creator.reveal_failed', ['creator', creator.id], { levels })
    )
    await rateLimit(REVEAL_LIMIT).consume(revealLimitKey(actor.user.id))
    for (const level of levels) {
      await AuditService.log(actor, 'creator.reveal', ['creator', creator.id], {
        level,
        purpose,
      })
    }
  }

  /** Issues a document (the caller has checked the policy and the private levels). */
  static async issue(actor: Actor, creator: Creator, input: IssueInput, replaces?: IssuedDocument) {
    const tabs = input.tabs ?? DEFAULT_TABS[input.kind]
    const month =
      input.kind === 'monthly_letter' ? (input.month ?? previousMonth(DateTime.utc())) : null
    await this.revealForDocument(actor, creator, privateLevels(tabs), input.code)
    await creator.load('accounts')
    const accounts = creator.accounts.sort((a, b) => a.platform.localeCompare(b.platform))
    const now = DateTime.utc()
    const token = PUBLIC_PAGES[input.kind] ? randomBytes(32).toString('base64url') : null
    const written: string[] = []
    try {
      const document = await db.transaction(async (trx) => {
        const sequence = await this.nextNumber(input.kind, now.year, trx)
        const number = `${DOCUMENT_PREFIXES[input.kind]}-${now.year}-${String(sequence).padStart(4, '0')}`
        const pdf = await renderPdf(
          documentSpec({
            kind: input.kind,
            lang: input.lang,
            number,
            issuedOn: now.toISODate()!,
            month,
            creator,
            accounts,
            tabs,
          })
        )
        const fileKey = `documents/${now.year}/${number}-${randomBytes(8).toString('hex')}.pdf`
        await drive.use().put(fileKey, pdf, { contentType: 'application/pdf' })
        written.push(fileKey)
        const created = await IssuedDocument.create(
          {
            number,
            kind: input.kind,
            year: now.year,
            sequence,
            lang: input.lang,
            creatorId: creator.id,
            title: documentTitle(input.kind, input.lang, month),
            month,
            tabs,
            note: input.note ?? null,
            fileKey,
            fileSize: pdf.length,
            status: 'issued',
            linkTokenHash: token ? hashToken(token) : null,
            linkTokenEncrypted: token
              ? encryption.encrypt(token, undefined, 'document.link')
              : null,
            linkCreatedBy: token ? actor.user.id : null,
            linkCreatedAt: token ? now : null,
            replacesId: replaces?.id ?? null,
            issuedBy: actor.user.id,
          },
          { client: trx }
        )
        if (replaces) {
          // the superseded PDF is no longer handed out: its link ends with it
          replaces.merge({ replacedById: created.id, ...NO_LINK })
          await replaces.useTransaction(trx).save()
        }
        await AuditService.log(
          actor,
          replaces ? 'document.reissue' : 'document.issue',
          ['issued_document', created.id],
          {
            number,
            kind: input.kind,
            lang: input.lang,
            tabs,
            replaces: replaces?.number ?? null,
            link: token !== null,
          },
          trx
        )
        return created
      })
      await document.load('creator')
      await document.load('issuer')
      await document.load('linkCreator')
      return document
    } catch (error) {
      for (const key of written)
        await drive
          .use()
          .delete(key)
          .catch(() => undefined)
      throw error
    }
  }

  /**
   * The next number of `kind` in `year`: the counter row is bumped first (the
   * update holds its row lock until the transaction ends, so a second issuer
   * waits), then read. The year's first document inserts the row; when two
   * issuers insert it at once, the loser's duplicate key sends it back to the
   * update, which then waits for the winner.
   */
  static async nextNumber(kind: DocumentKind, year: number, trx: TransactionClientContract) {
    const counter = () => trx.from('document_counters').where({ kind, year })
    for (let attempt = 0; ; attempt++) {
      const bumped: unknown = await counter().increment('last_number', 1)
      if (Number(Array.isArray(bumped) ? bumped[0] : bumped) > 0) {
        const row = await counter().select('last_number').firstOrFail()
        return Number(row.last_number)
      }
      try {
        await trx.table('document_counters').insert({ kind, year, last_number: 1 })
        return 1
      } catch (error) {
        if (attempt > 0) throw error
      }
    }
  }

  /** Issues `document` again from today's data: a new number; the old one is kept. */
  static async reissue(actor: Actor, document: IssuedDocument, code?: string) {
    if (document.status === 'revoked')
      throw new StudioException('documents.errors.revoked', { status: 409 })
    if (document.replacedById)
      throw new StudioException('documents.errors.already_reissued', { status: 409 })
    const creator = await this.creator(document.creatorId)
    return this.issue(
      actor,
      creator,
      {
        creator_id: creator.id,
        kind: document.kind,
        lang: document.lang,
        tabs: document.tabs,
        month: document.month ?? undefined,
        note: document.note ?? undefined,
        code,
      },
      document
    )
  }

  /** Revokes a document: it stays listed and downloadable inside the studio, its link ends. */
  static async revoke(actor: Actor, document: IssuedDocument) {
    if (document.status === 'revoked') return document
    document.merge({
      status: 'revoked',
      revokedAt: DateTime.utc(),
      revokedBy: actor.user.id,
      ...NO_LINK,
    })
    await db.transaction(async (trx) => {
      await document.useTransaction(trx).save()
      await AuditService.log(
        actor,
        'document.revoke',
        ['issued_document', document.id],
        { number: document.number },
        trx
      )
    })
    return document
  }

  /**
   * A new public link for a document (any earlier link stops working). The
   * link hands the PDF to whoever holds it, so a document that prints
   * private data is shared only with the sharer's security code, counted
   * and audited like a reveal (the caller's policy has allowed each level).
   */
  static async share(actor: Actor, document: IssuedDocument, code?: string) {
    if (document.status === 'revoked')
      throw new StudioException('documents.errors.revoked', { status: 409 })
    if (document.replacedById)
      throw new StudioException('documents.errors.already_reissued', { status: 409 })
    if (!PUBLIC_PAGES[document.kind])
      throw new StudioException('documents.errors.no_public_page', { status: 422 })
    const levels = privateLevels(document.tabs)
    await this.revealForDocument(actor, document.creator, levels, code, 'document_link')
    const token = randomBytes(32).toString('base64url')
    document.merge({
      linkTokenHash: hashToken(token),
      linkTokenEncrypted: encryption.encrypt(token, undefined, 'document.link'),
      linkCreatedBy: actor.user.id,
      linkCreatedAt: DateTime.utc(),
    })
    await db.transaction(async (trx) => {
      await document.useTransaction(trx).save()
      await AuditService.log(
        actor,
        'document.share',
        ['issued_document', document.id],
        { number: document.number, levels },
        trx
      )
    })
    await document.load('linkCreator')
    return document
  }

  /** Ends a document's public link. */
  static async unshare(actor: Actor, document: IssuedDocument) {
    document.merge(NO_LINK)
    await db.transaction(async (trx) => {
      await document.useTransaction(trx).save()
      await AuditService.log(
        actor,
        'document.unshare',
        ['issued_document', document.id],
        { number: document.number },
        trx
      )
    })
    return document
  }

  /** The public link's path (`/bilidoc?t=…`), or null when it has none. */
  static linkOf(document: IssuedDocument) {
    const page = PUBLIC_PAGES[document.kind]
    if (!page || !document.linkTokenEncrypted) return null
    const token = encryption.decrypt<string>(document.linkTokenEncrypted, 'document.link')
    return token ? `/${page}?t=${token}` : null
  }

  /**
   * The document a public link's token opens (404 when unknown, revoked,
   * unshared or superseded by a re-issue).
   */
  static async byToken(token: string) {
    const document = await IssuedDocument.query()
      .where('link_token_hash', hashToken(token))
      .where('status', 'issued')
      .whereNull('replaced_by_id')
      .preload('creator')
      .first()
    if (!document) throw new StudioException('documents.errors.link_unknown', { status: 404 })
    return document
  }

  /** A stored document's PDF. */
  static async bytes(document: IssuedDocument) {
    return Buffer.from(await drive.use().getBytes(document.fileKey))
  }
}
