/**
 * The rows a list asks for, as Refine's simple-rest sends them (`_start`,
 * `_end`) or as offset/limit: never negative, never more than `max`.
 */
export function pageWindow(
  start: number | undefined,
  end: number | undefined,
  size = 20,
  max = 100
) {
  const offset = start ?? 0
  return { offset, limit: Math.max(0, Math.min((end ?? offset + size) - offset, max)) }
}
