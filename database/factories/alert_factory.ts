import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import Alert from '#models/alert'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { nextNumber } from '#database/factories/sequence'

/**
 * An open follower spike seen yesterday (+600 followers, 30 times the week's
 * average), with a dedupe key of its own. Give the creator (`creatorId` or
 * `with('creator')`). States: `acknowledged` (a minute ago), `resolved`.
 */
export const AlertFactory = factory
  .define(Alert, () => ({
    kind: 'follower_spike' as const,
    severity: 'warning' as const,
    accountId: null,
    platform: 'bilibili',
    day: DateTime.utc().minus({ days: 1 }).toISODate()!,
    dedupeKey: `follower_spike:${nextNumber()}`,
    figures: { change: 600, average: 20, ratio: 30, fans: 10_780 },
    status: 'open' as const,
    assigneeId: null,
    acknowledgedBy: null,
    acknowledgedAt: null,
    resolvedAt: null,
    note: null,
    lastSeenAt: DateTime.utc(),
  }))
  .state('acknowledged', (alert) => {
    alert.status = 'acknowledged'
    alert.acknowledgedAt ??= DateTime.utc().minus({ minutes: 1 })
  })
  .state('resolved', (alert) => {
    alert.status = 'resolved'
    alert.resolvedAt ??= DateTime.utc()
  })
  .relation('creator', () => CreatorFactory)
  .relation('assignee', () => UserFactory)
  .relation('acknowledger', () => UserFactory)
  .build()
