import type { Page, Request } from 'playwright'
import type { PlatformKey } from '#shared/constants'
import type { PlatformAccountRef } from '#platforms/types'

/*
| The shapes of a browser-session read (api/platforms/browser_session.ts,
| which re-exports them): the session's options, the account's login, what a
| read opens and captures, and the session's counters for the bench.
*/

export type Json = Record<string, any>

export interface BrowserSessionOptions {
  /** BROWSER_SESSION_CHROMIUM, default /usr/bin/chromium. */
  executablePath?: string
  /** Reads (and pages) at once: BROWSER_SESSION_CONCURRENCY, default 2. */
  concurrency?: number
  /** The browser is closed after this long without reads (default 60 s). */
  idleMs?: number
  /** Default time limit of one read (default 30 s). */
  readTimeoutMs?: number
  /** Extra Chromium flags (beside --no-sandbox --disable-gpu). */
  args?: string[]
}

/** Where a platform's login lives: the cookies of the account, set for `cookieDomain`. */
export interface SessionLogin {
  platform: PlatformKey
  /** The platform's name in messages ("Xiaohongshu"). */
  label: string
  ref: PlatformAccountRef
  /**
   * The host the cookies are set for in the browser ('.xiaohongshu.com'; the
   * fake's '127.0.0.1' in tests). The stored export is read for the
   * platform's COOKIE_DOMAINS entry.
   */
  cookieDomain: string
}

/** One JSON answer the page receives, captured by its URL. */
export interface WantedResponse {
  name: string
  /** `request` is the page's request (its method and post body, when the URL does not tell). */
  match: (url: URL, request: Request) => boolean
}

export interface SessionRead {
  /** The creator-center page to open. */
  url: string
  responses: WantedResponse[]
  /** Whether a page the main frame lands on is the login page. */
  signedOut?: (url: URL) => boolean
  /** Whether a page the main frame lands on is a captcha or verification page. */
  captcha?: (url: URL) => boolean
  /**
   * The platform's own verdict on a captured answer (its "not logged in" or
   * "verify first" codes): an error code, or undefined when it is an answer.
   */
  refusal?: (
    name: string,
    body: Json,
    status: number
  ) =>
    | { code: 'auth' | 'captcha' | 'rate_limited' | 'upstream'; upstreamCode?: string | number }
    | undefined
  /**
   * Run once the page has loaded (scroll, click a tab) for answers it loads
   * later. `settled()` says whether the read is over (stop acting then);
   * `finish()` ends it with the answers captured so far (a list that ended
   * before the wanted page).
   */
  act?: (page: Page, control: { settled: () => boolean; finish: () => void }) => Promise<void>
  /**
   * Told of every JSON answer whose URL `match`es, wanted or not (from the
   * start of the navigation): a list page that says the list ended can
   * `finish()` the read early.
   */
  observe?: {
    match: (url: URL, request: Request) => boolean
    seen: (url: URL, body: Json, control: { finish: () => void }) => void
  }
  /** This read's time limit (default the session's readTimeoutMs). */
  timeoutMs?: number
}

export interface BrowserSessionStats {
  launches: number
  contextsOpened: number
  pagesOpened: number
  reads: number
  failed: Partial<Record<string, number>>
  /** Reads holding a page now, and the most seen at once. */
  active: number
  maxActive: number
  queued: number
  pagesOpen: number
  browserOpen: boolean
}
