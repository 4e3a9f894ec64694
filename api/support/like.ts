/*
|--------------------------------------------------------------------------
| Literal LIKE matches
|--------------------------------------------------------------------------
|
| A literal (sub)string match on SQLite and MySQL alike: SQLite has no
| default escape character and MySQL reads backslashes in literals, so the
| escape character is named, and is one neither treats specially. Matching
| is case-insensitive on both (SQLite's LIKE for ASCII, MySQL's collations).
|
*/

/** `whereRaw(LIKE, [column, pattern])`. */
export const LIKE = `?? like ? escape '!'`

/** The value with LIKE's wildcards (and the escape character) escaped. */
export function escapeLike(value: string) {
  return value.replace(/[!%_]/g, (char) => `!${char}`)
}

/** A pattern matching values that contain `value`. */
export const containing = (value: string) => `%${escapeLike(value)}%`

/** A pattern matching values that start with `value`. */
export const startingWith = (value: string) => `${escapeLike(value)}%`

interface LikeBuilder {
  where(callback: (builder: LikeBuilder) => void): unknown
  orWhereRaw(sql: string, bindings: unknown[]): unknown
}

/** Rows where any of `columns` matches `pattern` (one group of ORs). */
export function whereAnyLike<Builder>(builder: Builder, columns: string[], pattern: string) {
  ;(builder as unknown as LikeBuilder).where((group) => {
    for (const column of columns) group.orWhereRaw(LIKE, [column, pattern])
  })
  return builder
}
