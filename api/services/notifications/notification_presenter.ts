import type Notification from '#models/notification'

/** One headline notification: the admin words its kind with its params. */
export function presentNotification(item: Notification) {
  return {
    id: item.id,
    kind: item.kind,
    params: item.params ?? {},
    link: item.link,
    read: item.readAt !== null,
    created_at: item.createdAt.toISO(),
  }
}
