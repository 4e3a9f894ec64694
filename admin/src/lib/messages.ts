/** A language's words: nested keys, each leaf a text. */
export type Messages = { [key: string]: string | Messages }

/**
 * Merges `source` into `target` key by key, nested objects merged in turn,
 * later texts winning: how a language's shared file and its areas' files
 * become one tree (the admin at run time, the unit tests that read them).
 */
export function mergeMessages(target: Messages, source: Messages): Messages {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key]
    target[key] =
      typeof value === 'object' && typeof current === 'object'
        ? mergeMessages({ ...current }, value)
        : value
  }
  return target
}
