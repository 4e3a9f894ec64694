import type { HttpContext } from '@adonisjs/core/http'
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import db from '@adonisjs/lucid/services/db'
import { countOf } from '#support/sql'

/*
|--------------------------------------------------------------------------
| Lists: one page of a query and Refine's simple-rest answer
|--------------------------------------------------------------------------
|
| Every list endpoint counts its filtered query, reads one window of it
| (`_start`/`_end` as simple-rest sends them, or offset/limit) and answers
| the page's rows with the total in `x-total-count`.
|
*/

export interface PageWindow {
  offset: number
  limit: number
}

interface PageOptions {
  /** Rows when the request names no end. */
  size?: number
  /** The most rows one page may hold. */
  max?: number
  /** The fewest rows (1: an empty or reversed window still reads one row). */
  min?: number
}

/** One page of rows and the number of rows of the whole (filtered) list. */
export interface Page<Row> {
  total: number
  rows: Row[]
}

/** The rows a list asks for: from `start` (0) to `end` (start + size), never more than `max`. */
export function pageWindow(
  start: number | undefined,
  end: number | undefined,
  { size = 20, max = 100, min = 0 }: PageOptions = {}
): PageWindow {
  const offset = start ?? 0
  const wanted = (end ?? offset + size) - offset
  return { offset, limit: Math.max(min, Math.min(wanted, max)) }
}

interface Countable {
  clone(): { count(column: string): PromiseLike<unknown[]> }
}

interface Windowed<Row> {
  offset(offset: number): { limit(limit: number): PromiseLike<Row[]> }
}

/**
 * Counts `query` as it is, then reads one window of it as `shape` leaves it
 * (preloads and order, which the count does not need).
 */
export async function paginate<Query extends Countable, Row>(
  query: Query,
  window: PageWindow,
  shape: (query: Query) => Windowed<Row>
): Promise<Page<Row>> {
  const [counted] = await query.clone().count('* as total')
  const rows = await shape(query).offset(window.offset).limit(window.limit)
  return { total: countOf(counted), rows }
}

/**
 * How many rows `query` has, counting no further than `cap`: the rows'
 * ids, at most `cap` of them, counted in a derived table, so the database
 * stops reading at the cap instead of counting every match.
 */
export async function countUpTo(
  query: ModelQueryBuilderContract<LucidModel>,
  cap: number,
  column: string
) {
  const [counted] = await db
    .from(query.clone().select(column).limit(cap).as('capped'))
    .count('* as total')
  return Math.min(cap, countOf(counted))
}

/** A whole list as one page (lists that are never paged but still report their total). */
export function wholeList<Row>(rows: Row[]): Page<Row> {
  return { total: rows.length, rows }
}

/** Sets `x-total-count`, which Refine's simple-rest reads as the list's total. */
export function setTotal(response: HttpContext['response'], total: number) {
  response.header('x-total-count', String(total))
}

/** A simple-rest list answer: the page's rows as `present` shows them, the total in the header. */
export function listResponse<Row, Json>(
  response: HttpContext['response'],
  page: Page<Row>,
  present: (row: Row) => Json
): Json[] {
  setTotal(response, page.total)
  return page.rows.map((row) => present(row))
}

/** A list inside the `{status: 0, data}` envelope of SPEC §7: `{items, total}`. */
export function listEnvelope<Row, Json>(page: Page<Row>, present: (row: Row) => Json) {
  return { items: page.rows.map((row) => present(row)), total: page.total }
}
