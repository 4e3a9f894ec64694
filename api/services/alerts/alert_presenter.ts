import type Alert from '#models/alert'
import { presentPerson } from '#services/people/user_presenter'

/** One alert with its creator and the people handling it (relations preloaded). */
export function presentAlert(alert: Alert) {
  return {
    id: alert.id,
    kind: alert.kind,
    severity: alert.severity,
    status: alert.status,
    day: alert.day,
    platform: alert.platform,
    figures: alert.figures,
    creator: alert.creator
      ? { id: alert.creator.id, name: alert.creator.channelName, brand_no: alert.creator.brandNo }
      : null,
    assignee: presentPerson(alert.assignee),
    acknowledged_by: presentPerson(alert.acknowledger),
    acknowledged_at: alert.acknowledgedAt?.toISO() ?? null,
    resolved_at: alert.resolvedAt?.toISO() ?? null,
    note: alert.note,
    created_at: alert.createdAt.toISO(),
    last_seen_at: alert.lastSeenAt.toISO(),
  }
}
