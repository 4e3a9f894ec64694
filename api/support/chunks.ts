/**
 * `items` in consecutive slices of at most `size`: `where in` lists below
 * the databases' bound-variable limits, multi-row inserts of a sensible size.
 */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = []
  for (let index = 0; index < items.length; index += size) {
    parts.push(items.slice(index, index + size))
  }
  return parts
}
