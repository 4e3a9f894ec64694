import type { Page, Request } from 'playwright'
import type { Json, WantedResponse } from '#platforms/browser_session'
import type { VideoPage, VideoStats } from '#platforms/types'

/*
| The pager of a creator-center list, for the browser-session adapters that
| read a list page by page (tencent.ts, iqiyi.ts, netease.ts): the page loads
| its first list page itself; each later one is asked for as the creator
| would, by its "next page" control, or by scrolling a list that loads more.
| Also the times those pages write (Beijing time).
*/

/** "Next page" controls tried in order (antd's pager, a plain button, the text). */
const NEXT_CONTROLS = [
  '.ant-pagination-next:not(.ant-pagination-disabled)',
  'button.btn-next:not([disabled])',
  'text=下一页',
]

/**
 * Turns the pager (or scrolls) once per list answer until the read is over;
 * a turn that brings no list answer within `quietMs` means the list ended,
 * and the read ends with the answers it has (`finish`).
 */
export async function turnPages(
  page: Page,
  control: { settled: () => boolean; finish: () => void },
  isList: (url: URL) => boolean,
  options: { controls?: string[]; quietMs?: number } = {}
) {
  const controls = options.controls ?? NEXT_CONTROLS
  while (!control.settled()) {
    const answered = page
      .waitForResponse(
        (response) => {
          try {
            return isList(new URL(response.url()))
          } catch {
            return false
          }
        },
        { timeout: options.quietMs ?? 4000 }
      )
      .then(() => true)
      .catch(() => false)
    let turned = false
    for (const selector of controls) {
      const next = page.locator(selector).first()
      if (await next.isVisible().catch(() => false)) {
        turned = await next
          .click({ timeout: 2000 })
          .then(() => true)
          .catch(() => false)
        if (turned) break
      }
    }
    if (!turned) await page.mouse.wheel(0, 4000).catch(() => {})
    if (!(await answered)) return control.finish()
    // let the session take the answer in before deciding to turn again: a
    // turn too many leaves a request in flight for the page's next read
    for (let wait = 0; wait < 10 && !control.settled(); wait++) {
      await page.waitForTimeout(50).catch(() => {})
    }
  }
}

/** `param` of a POST body (form-encoded or JSON), when the page posts its page number. */
function postedNumber(request: Request | undefined, param: string): number {
  const body = request?.postData()
  if (!body) return Number.NaN
  try {
    const json = JSON.parse(body)
    if (json && typeof json === 'object') return Number((json as Record<string, unknown>)[param])
  } catch {}
  return Number(new URLSearchParams(body).get(param))
}

/**
 * The number of a list page's answer: `param` of its query, else of its POST
 * body, else (or with `param` null) the answer's order among those asked.
 * Memoised per URL object, since the session asks every wanted answer in
 * turn; ask it only of the list's answers.
 */
export function pageNumbers(param: string | null) {
  const numbers = new WeakMap<URL, number>()
  let seen = 0
  return (url: URL, request?: Request) => {
    if (!numbers.has(url)) {
      let value = param === null ? 0 : Number(url.searchParams.get(param) ?? Number.NaN)
      if (param !== null && !(value > 0)) value = postedNumber(request, param)
      numbers.set(url, Number.isInteger(value) && value > 0 ? value : ++seen)
    }
    return numbers.get(url)!
  }
}

/** "2026-12-01 09:12:03" (Beijing time), epoch seconds or ms, as ISO 8601; else null. */
export function beijingTime(value: unknown): string | null {
  if (typeof value === 'number' && value > 0) {
    return new Date(value < 1e12 ? value * 1000 : value).toISOString()
  }
  if (typeof value !== 'string') return null
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim())
  if (!match) return /^\d+$/.test(value.trim()) ? beijingTime(Number(value)) : null
  const [, y, m, d, hh, mm, ss] = match
  const date = new Date(`${y}-${m}-${d}T${hh}:${mm}:${ss ?? '00'}+08:00`)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** A list page as an adapter reads it: its items and the list's total. */
interface ListPage {
  items: Json[]
  total: number
}

/** The list pages a read brought for page `index`: that page, the last one read, how many items. */
interface ListPages {
  page: ListPage | undefined
  last: ListPage | undefined
  /** The items of pages 1..index. */
  listed: number
  /** The platform's page size (the first page's items). */
  size: number
}

/** The answers a read waits for to reach list page `index`: pages 1..index, named page-1 … */
export function listPageResponses(
  index: number,
  isList: (url: URL) => boolean,
  pageOf: ReturnType<typeof pageNumbers>
): WantedResponse[] {
  return Array.from({ length: index }, (_, n) => ({
    name: `page-${n + 1}`,
    match: (url: URL, request: Request) => isList(url) && pageOf(url, request) === n + 1,
  }))
}

/** The list pages among a read's answers (named by listPageResponses), each read by `read`. */
export function listPagesOf(
  bodies: Record<string, Json | undefined>,
  index: number,
  read: (body: Json) => ListPage
): ListPages {
  const pages = Array.from({ length: index }, (_, n) => bodies[`page-${n + 1}`])
    .filter((body): body is Json => body !== undefined)
    .map(read)
  const wanted = bodies[`page-${index}`]
  return {
    page: wanted === undefined ? undefined : pages.at(-1),
    last: pages.at(-1),
    listed: pages.reduce((total, page) => total + page.items.length, 0),
    size: pages[0]?.items.length ?? 0,
  }
}

/**
 * Page `options.page` of the uploads, read through `list` (which turns the
 * pager to it); pages past `maxListPages` are not asked for.
 */
export async function listedVideoPage(
  options: { page: number; pageSize: number },
  maxListPages: number,
  list: (page: number) => Promise<ListPages>,
  stats: (item: Json) => VideoStats
): Promise<VideoPage> {
  const page = Math.max(1, Math.floor(options.page))
  const empty = (total: number) => ({
    items: [],
    page,
    pageSize: options.pageSize,
    total,
    hasMore: false,
  })
  if (page > maxListPages) return empty(0)
  const read = await list(page)
  if (!read.page) return empty(read.last?.total ?? 0)
  const items = read.page.items.map(stats)
  return {
    items,
    page,
    pageSize: read.size || options.pageSize,
    total: read.page.total,
    hasMore: items.length > 0 && read.listed < read.page.total && page < maxListPages,
  }
}
