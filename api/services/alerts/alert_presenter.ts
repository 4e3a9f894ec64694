import type Alert from '#models/alert'
import { presentPerson } from '#services/people/user_presenter'
import { isCollectErrorCode, splitCollectError } from '#shared/collect_errors'

/**
 * An alert's figures; a failed collection's `error` comes as a code
 * (`error_code`, worded by the admin in the reader's language) and its
 * technical detail (`error`), also for alerts stored as one `code: message` text.
 */
export function figuresOf(alert: Pick<Alert, 'kind' | 'figures'>) {
  const figures = { ...(alert.figures ?? {}) }
  if (alert.kind !== 'collection_failed' || isCollectErrorCode(figures.error_code)) return figures
  const failure = splitCollectError(figures.error === null ? null : String(figures.error ?? ''))
  return { ...figures, error_code: failure?.code ?? 'error', error: failure?.detail ?? null }
}

/** One alert with its creator and the people handling it (relations preloaded). */
export function presentAlert(alert: Alert) {
  return {
    id: alert.id,
    kind: alert.kind,
    severity: alert.severity,
    status: alert.status,
    day: alert.day,
    platform: alert.platform,
    figures: figuresOf(alert),
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
