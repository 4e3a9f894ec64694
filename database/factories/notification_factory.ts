import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import Notification from '#models/notification'

/**
 * An unread board notice for one person (merge `userId`; the model names
 * no relation). State: `read`.
 */
export const NotificationFactory = factory
  .define(Notification, ({ faker }) => ({
    kind: 'board_notice' as const,
    params: { title: faker.lorem.sentence({ min: 2, max: 5 }) },
    link: null,
    dedupeKey: null,
    readAt: null,
  }))
  .state('read', (notification) => {
    notification.readAt ??= DateTime.utc()
  })
  .build()
