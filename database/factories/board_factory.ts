import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import BoardAttachment from '#models/board_attachment'
import BoardPost from '#models/board_post'
import { plainText, searchTerms } from '#services/board/board_text'
import { UserFactory } from '#database/factories/user_factory'
import { nextPadded } from '#database/factories/sequence'

/**
 * A published CP analysis with a paragraph of text. Its plain text and
 * search terms are worked out from the title and HTML as the board does,
 * so a merged title is found by search. Relations: author, attachments.
 * States: `draft` (never published), `pinned`, `notice`.
 */
export const BoardPostFactory = factory
  .define(BoardPost, ({ faker }) => ({
    category: 'cp_analysis' as const,
    title: `Weekly numbers ${nextPadded()}`,
    contentHtml: `<p>${faker.lorem.sentence()}</p>`,
    status: 'published' as const,
    pinned: false,
    views: 0,
    publishedAt: DateTime.utc(),
  }))
  .after('make', (_factory, post) => {
    if (post.contentText === undefined) post.contentText = plainText(post.contentHtml)
    if (post.searchTerms === undefined) post.searchTerms = searchTerms(post.title, post.contentText)
  })
  .state('draft', (post) => {
    post.status = 'draft'
    post.publishedAt = null
  })
  .state('pinned', (post) => {
    post.pinned = true
  })
  .state('notice', (post) => {
    post.category = 'notice'
  })
  .relation('author', () => UserFactory)
  .relation('attachments', () => BoardAttachmentFactory)
  .build()

/** A small PDF on the board's disk; without a post it is an upload not yet joined to one. */
export const BoardAttachmentFactory = factory
  .define(BoardAttachment, () => {
    const number = nextPadded()
    return {
      fileKey: `board/${number}-report.pdf`,
      name: `report-${number}.pdf`,
      mime: 'application/pdf',
      size: 24_576,
    }
  })
  .build()
