import i18nManager from '@adonisjs/i18n/services/main'
import db from '@adonisjs/lucid/services/db'
import Creator from '#models/creator'
import IssuedDocument from '#models/issued_document'
import User from '#models/user'
import LetterService from '#services/letters/letter_service'
import type { Locale } from '#shared/constants'
import type { Actor } from '#support/actor'
import { countOf } from '#support/sql'
import DocumentService from './document_service.js'

/**
 * At most this many letters are issued by one request (about 150 ms each);
 * `more` in the answer says that another request goes on with the rest.
 */
const MONTHLY_LETTER_BATCH = 100

interface MonthlyLetterInput {
  month: string
  lang?: Locale
  creator_ids?: number[]
}

/**
 * The monthly letter (/api/letter-events/monthly): for each creator, the
 * month's letter issued as a document (kind `monthly_letter`, numbered
 * `ML-…`) and, when the creator has an account, a private letter to that
 * account naming it, in the account's language. A creator who already has
 * the month's letter (not revoked) is skipped, so sending twice sends once,
 * and a month of many creators is sent by calling again while `more`.
 */
export default class MonthlyLetterService {
  /** The month's letters `user` may see, newest first. */
  static list(user: User, month?: string) {
    const query = IssuedDocument.query()
      .withScopes((scopes) => scopes.visibleTo(user))
      .where('kind', 'monthly_letter')
    if (month) query.where('month', month)
    return query
      .preload('creator')
      .preload('issuer')
      .orderBy('id', 'desc')
      .limit(MONTHLY_LETTER_BATCH)
  }

  static async send(actor: Actor, input: MonthlyLetterInput) {
    const hasLetter = () =>
      db
        .from('issued_documents')
        .whereColumn('issued_documents.creator_id', 'creators.id')
        .where('kind', 'monthly_letter')
        .where('month', input.month)
        .where('status', 'issued')
    const mine = () => {
      const query = Creator.query().where('contract_status', 'valid')
      if (input.creator_ids) query.whereIn('id', input.creator_ids)
      return query
    }
    const skipped = await mine().whereExists(hasLetter()).count('* as total').first()
    const waiting = await mine()
      .whereNotExists(hasLetter())
      .preload('user')
      .orderBy('id')
      .limit(MONTHLY_LETTER_BATCH + 1)
    const issued: IssuedDocument[] = []
    let letters = 0
    for (const creator of waiting.slice(0, MONTHLY_LETTER_BATCH)) {
      const account = creator.user?.status === 'active' ? creator.user : null
      const lang = input.lang ?? account?.locale ?? 'ko'
      const document = await DocumentService.issue(actor, creator, {
        creator_id: creator.id,
        kind: 'monthly_letter',
        lang,
        month: input.month,
      })
      issued.push(document)
      if (account && account.id !== actor.user.id) {
        const i18n = i18nManager.locale(account.locale)
        await LetterService.send(actor, account, {
          subject: document.title,
          body: i18n.t('documents.monthly_letter.body', {
            name: creator.contractorName,
            number: document.number,
          }),
        })
        letters++
      }
    }
    return {
      issued,
      skipped: countOf(skipped),
      letters,
      more: waiting.length > MONTHLY_LETTER_BATCH,
    }
  }
}
