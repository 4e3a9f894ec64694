import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import Letter from '#models/letter'
import { UserFactory } from '#database/factories/user_factory'

/**
 * An unread letter; give its sender and recipient (`senderId`/`recipientId`
 * or `with('sender')`/`with('recipient')`). States: `read`, and each side's
 * copy deleted.
 */
export const LetterFactory = factory
  .define(Letter, ({ faker }) => ({
    replyToId: null,
    subject: faker.lorem.sentence({ min: 3, max: 6 }),
    body: faker.lorem.paragraph(),
    readAt: null,
    senderDeletedAt: null,
    recipientDeletedAt: null,
  }))
  .state('read', (letter) => {
    letter.readAt ??= DateTime.utc()
  })
  .state('deletedBySender', (letter) => {
    letter.senderDeletedAt ??= DateTime.utc()
  })
  .state('deletedByRecipient', (letter) => {
    letter.recipientDeletedAt ??= DateTime.utc()
  })
  .relation('sender', () => UserFactory)
  .relation('recipient', () => UserFactory)
  .build()
