/**
 * Work started after a commit and left running (a listener of an announced
 * change, such as planning a new video's growth windows): each is tracked
 * until it settles, so that a stopping process waits for it before the
 * database closes (AppProvider.shutdown) instead of leaving it to reopen a
 * connection or be cut in the middle.
 */
const pending = new Set<Promise<unknown>>()

export function trackWork(work: Promise<unknown>) {
  const tracked = work.catch(() => {}).finally(() => pending.delete(tracked))
  pending.add(tracked)
  return work
}

/** Waits for every tracked piece of work (also what they start meanwhile). */
export async function settleWork() {
  while (pending.size) await Promise.all([...pending])
}
