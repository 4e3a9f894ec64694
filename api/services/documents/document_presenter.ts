import type IssuedDocument from '#models/issued_document'
import { presentPerson } from '#services/people/user_presenter'
import { isoDateTime } from '#support/dates'
import DocumentService from './document_service.js'

/**
 * An issued document as the documents tab lists it; `withLink` adds the
 * public link's path, and who made it, for those who may share this one.
 */
export function presentDocument(document: IssuedDocument, options: { withLink: boolean }) {
  return {
    id: document.id,
    number: document.number,
    kind: document.kind,
    lang: document.lang,
    title: document.title,
    month: document.month,
    tabs: document.tabs,
    note: document.note,
    status: document.status,
    file_size: document.fileSize,
    creator: document.creator
      ? {
          id: document.creator.id,
          channel_name: document.creator.channelName,
          brand_no: document.creator.brandNo,
        }
      : null,
    issued_by: presentPerson(document.issuer) ?? null,
    issued_at: isoDateTime(document.createdAt),
    revoked_at: isoDateTime(document.revokedAt),
    replaces_id: document.replacesId,
    replaced_by_id: document.replacedById,
    shared: document.linkTokenHash !== null,
    ...(options.withLink
      ? {
          link: DocumentService.linkOf(document),
          link_created_by: presentPerson(document.linkCreator) ?? null,
          link_created_at: isoDateTime(document.linkCreatedAt),
        }
      : {}),
  }
}

/** What a public link shows about its document: no private data, no people. */
export function presentPublicDocument(document: IssuedDocument) {
  return {
    number: document.number,
    kind: document.kind,
    lang: document.lang,
    title: document.title,
    month: document.month,
    channel_name: document.creator?.channelName ?? null,
    issued_at: isoDateTime(document.createdAt),
    file_size: document.fileSize,
  }
}
