import type { Browser, BrowserContext, Frame, Page, Request, Response } from 'playwright'
import { PlatformError } from '#platforms/types'
import type {
  BrowserSessionOptions,
  BrowserSessionStats,
  Json,
  SessionLogin,
  SessionRead,
} from '#platforms/browser_session_types'
import { COOKIE_DOMAINS, parseCookies } from '#shared/cookies'

/*
|--------------------------------------------------------------------------
| The signed-in browser session
|--------------------------------------------------------------------------
|
| For the platforms that give an agency no API (Xiaohongshu, WeChat
| Channels, Tencent Video, iQiyi, Netease): the adapter opens the creator's
| own creator-center page in Chromium with the account's stored cookies and
| reads the JSON that page receives (page.on('response')) — the page signs
| its own requests, nothing here imitates a signature.
|
| One Chromium per process (BROWSER_SESSION_CHROMIUM, default
| /usr/bin/chromium, headless), launched on first use and closed after
| `idleMs` without reads and by close() (the shutdown). One context (cookie
| jar) per account with one page, reused across the account's reads; at most
| `concurrency` reads at once (BROWSER_SESSION_CONCURRENCY, default 2), the
| others wait in a queue, and never more contexts than that: an idle
| account's context is closed for the next account, so pages open at once
| ≤ concurrency. Each read has a time limit from the moment it has its page.
|
| Outcomes: the bodies by name; the page landing on the login page or an
| answer saying "not logged in" → 'auth'; a captcha or verification page →
| 'captcha'; the time limit or a page that cannot load → 'network'
| (retryable); an answer that is not JSON → 'bad_response'. A context whose
| read failed is closed (the next read starts from the stored cookies again).
| A read settles only once every wanted body is read (not merely matched),
| and takes only the answers of its own navigation: a reused page's answers
| still in flight from the previous document are not this read's, and a
| body that cannot be read because the page navigated is waited for again.
|
*/

export type {
  BrowserSessionOptions,
  BrowserSessionStats,
  Json,
  SessionLogin,
  SessionRead,
  WantedResponse,
} from '#platforms/browser_session_types'

interface Slot {
  key: string
  cookie: string
  context: BrowserContext
  page: Page
  busy: boolean
  lastUsed: number
}

interface Waiter {
  key: string
  grant: () => void
}

const BLOCKED = new Set(['image', 'media', 'font'])

export class BrowserSession {
  readonly executablePath: string
  readonly concurrency: number
  readonly idleMs: number
  readonly readTimeoutMs: number
  readonly #args: string[]

  #browser: Promise<Browser> | null = null
  #idleTimer: NodeJS.Timeout | null = null
  #slots = new Map<string, Slot>()
  /** The accounts holding a turn (opening their page or reading): at most `concurrency`. */
  #turns = new Set<string>()
  /** Contexts being opened (counted against the concurrency before they are in #slots). */
  #opening = 0
  #queue: Waiter[] = []
  #stats = {
    launches: 0,
    contextsOpened: 0,
    pagesOpened: 0,
    reads: 0,
    failed: {} as Partial<Record<string, number>>,
    maxActive: 0,
  }

  constructor(options: BrowserSessionOptions = {}) {
    this.executablePath = options.executablePath ?? '/usr/bin/chromium'
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 2))
    this.idleMs = options.idleMs ?? 60_000
    this.readTimeoutMs = options.readTimeoutMs ?? 30_000
    this.#args = [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      ...(options.args ?? []),
    ]
  }

  stats(): BrowserSessionStats {
    return {
      ...this.#stats,
      failed: { ...this.#stats.failed },
      active: this.#turns.size,
      queued: this.#queue.length,
      pagesOpen: this.#slots.size,
      browserOpen: this.#browser !== null,
    }
  }

  /**
   * Opens `read.url` in the account's context and answers the JSON bodies of
   * the wanted responses by name (see the header for the errors).
   */
  async read(login: SessionLogin, read: SessionRead): Promise<Record<string, Json>> {
    const key = `${login.platform}:${login.ref.id}`
    const cookie = login.ref.cookie?.trim() ?? ''
    if (!cookie) {
      throw new PlatformError(
        login.platform,
        'not_configured',
        `Account ${login.ref.id} has no ${login.label} cookie to sign in with`,
        { retryable: false }
      )
    }
    await this.#acquire(key)
    let slot: Slot | undefined
    let failed = true
    try {
      slot = await this.#slot(key, login, cookie)
      this.#stats.reads++
      const bodies = await this.#capture(login, slot.page, read)
      failed = false
      return bodies
    } catch (error) {
      const code = error instanceof PlatformError ? error.code : 'other'
      this.#stats.failed[code] = (this.#stats.failed[code] ?? 0) + 1
      throw error
    } finally {
      if (slot) {
        slot.busy = false
        slot.lastUsed = Date.now()
        if (failed) await this.#drop(slot)
      }
      this.#release(key)
    }
  }

  /** Closes every context and the browser (the process's shutdown; reads after it launch again). */
  async close() {
    this.#clearIdle()
    const slots = [...this.#slots.values()]
    this.#slots.clear()
    await Promise.all(slots.map((slot) => slot.context.close().catch(() => {})))
    const launching = this.#browser
    this.#browser = null
    const browser = launching ? await launching.catch(() => null) : null
    await browser?.close().catch(() => {})
  }

  /* ---------------------------------------------------------------- */

  /** Waits for a turn: fewer than `concurrency` reads, and none for this account. */
  #acquire(key: string) {
    this.#clearIdle()
    return new Promise<void>((grant) => {
      this.#queue.push({ key, grant })
      this.#pump()
    })
  }

  #pump() {
    for (let index = 0; index < this.#queue.length && this.#turns.size < this.concurrency;) {
      const waiter = this.#queue[index]
      if (this.#turns.has(waiter.key)) {
        index++
        continue
      }
      this.#queue.splice(index, 1)
      this.#turns.add(waiter.key)
      this.#stats.maxActive = Math.max(this.#stats.maxActive, this.#turns.size)
      waiter.grant()
    }
  }

  #release(key: string) {
    this.#turns.delete(key)
    this.#pump()
    if (this.#turns.size === 0 && this.#queue.length === 0 && this.#browser) {
      this.#clearIdle()
      this.#idleTimer = setTimeout(() => void this.close(), this.idleMs)
      this.#idleTimer.unref()
    }
  }

  #clearIdle() {
    if (this.#idleTimer) clearTimeout(this.#idleTimer)
    this.#idleTimer = null
  }

  #launch() {
    if (!this.#browser) {
      this.#stats.launches++
      this.#browser = import('playwright')
        .then(({ chromium }) =>
          chromium.launch({
            executablePath: this.executablePath,
            headless: true,
            args: this.#args,
            // the process's shutdown closes the session (close()); Playwright kills it on exit
            handleSIGINT: false,
            handleSIGTERM: false,
            handleSIGHUP: false,
          })
        )
        .then((browser) => {
          browser.on('disconnected', () => {
            this.#browser = null
            this.#slots.clear()
          })
          return browser
        })
      this.#browser.catch(() => {
        this.#browser = null
      })
    }
    return this.#browser
  }

  /** The account's context and page, opened with its cookies (again when the cookie changed). */
  async #slot(key: string, login: SessionLogin, cookie: string): Promise<Slot> {
    const existing = this.#slots.get(key)
    if (existing && existing.cookie === cookie && !existing.page.isClosed()) {
      existing.busy = true
      return existing
    }
    if (existing) await this.#drop(existing)
    // make room, before any wait: an idle account's context closes (pages open ≤ concurrency)
    const evicted: Slot[] = []
    while (this.#slots.size + this.#opening >= this.concurrency) {
      const idle = [...this.#slots.values()]
        .filter((slot) => !slot.busy)
        .sort((a, b) => a.lastUsed - b.lastUsed)[0]
      if (!idle) break
      this.#slots.delete(idle.key)
      evicted.push(idle)
    }
    this.#opening++
    let context: BrowserContext | undefined
    try {
      await Promise.all(evicted.map((slot) => slot.context.close().catch(() => {})))
      let browser: Browser
      try {
        browser = await this.#launch()
      } catch (error) {
        throw new PlatformError(
          login.platform,
          'not_configured',
          `Chromium could not start for ${login.label} (${this.executablePath}): ${messageOf(error)}`,
          { retryable: false }
        )
      }
      const major = browser.version().split('.')[0]
      context = await browser.newContext({
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        viewport: { width: 1366, height: 768 },
        userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
      })
      this.#stats.contextsOpened++
      const cookies = parseCookies(cookie, COOKIE_DOMAINS[login.platform]).map((entry) => ({
        name: entry.name,
        value: entry.value,
        domain: login.cookieDomain,
        path: '/',
        ...(entry.expiresAt ? { expires: Math.floor(entry.expiresAt / 1000) } : {}),
      }))
      await context.addCookies(cookies)
      await context.route('**/*', (route) =>
        BLOCKED.has(route.request().resourceType()) ? route.abort() : route.fallback()
      )
      const page = await context.newPage()
      this.#stats.pagesOpened++
      const slot: Slot = { key, cookie, context, page, busy: true, lastUsed: Date.now() }
      this.#slots.set(key, slot)
      return slot
    } catch (error) {
      await context?.close().catch(() => {})
      throw error
    } finally {
      this.#opening--
    }
  }

  async #drop(slot: Slot) {
    if (this.#slots.get(slot.key) === slot) this.#slots.delete(slot.key)
    await slot.context.close().catch(() => {})
  }

  /** Navigates and waits for every wanted answer, a refusal, or the time limit. */
  async #capture(login: SessionLogin, page: Page, read: SessionRead) {
    const timeoutMs = read.timeoutMs ?? this.readTimeoutMs
    const fail = (code: PlatformError['code'], message: string, upstreamCode?: string | number) =>
      new PlatformError(login.platform, code, `${login.label}: ${message}`, {
        retryable: code === 'network' || code === 'rate_limited' || code === 'upstream',
        upstreamCode,
      })
    const bodies: Record<string, Json> = {}
    const waiting = new Map(read.responses.map((wanted) => [wanted.name, wanted]))
    /** Wanted answers matched whose bodies are still being read. */
    let pending = 0
    /** act/observe said the read is done: it ends once the pending bodies are in. */
    let ending = false
    /** Main-frame navigations since this read began; each request is tagged with it. */
    let generation = 0
    const born = new WeakMap<Request, number>()
    let over = false
    let finish!: (error?: PlatformError) => void
    const done = new Promise<void>((resolve, reject) => {
      finish = (error) => (error ? reject(error) : resolve())
    })
    const settle = (error?: PlatformError) => {
      if (over) return
      over = true
      finish(error)
    }
    const complete = () => {
      if (pending === 0 && (ending || waiting.size === 0)) settle()
    }
    const end = () => {
      ending = true
      complete()
    }
    const landed = (url: string) => {
      let parsed: URL
      try {
        parsed = new URL(url)
      } catch {
        return
      }
      if (read.captcha?.(parsed)) {
        settle(fail('captcha', `the page asks for a verification (${parsed.pathname})`))
      } else if (read.signedOut?.(parsed)) {
        settle(fail('auth', `the stored cookie is signed out (landed on ${parsed.pathname})`))
      }
    }
    const onFrame = (frame: Frame) => {
      if (frame !== page.mainFrame()) return
      generation++
      landed(frame.url())
    }
    const onRequest = (request: Request) => born.set(request, generation)
    /** The navigation a request belongs to: 0 (or none) = the page's previous document. */
    const bornOf = (request: Request) => {
      let first = request
      for (let from = first.redirectedFrom(); from; from = from.redirectedFrom()) first = from
      return born.get(first) ?? 0
    }
    const onResponse = async (response: Response) => {
      let url: URL
      try {
        url = new URL(response.url())
      } catch {
        return
      }
      const request = response.request()
      // an answer to the previous document (asked before this read's page committed)
      const bornIn = bornOf(request)
      if (over || bornIn === 0) return
      const wanted = [...waiting.values()].find((item) => item.match(url, request))
      const observed = !wanted && (read.observe?.match(url, request) ?? false)
      if (!wanted && !observed) return
      if (wanted) {
        waiting.delete(wanted.name)
        pending++
      }
      let text: string | undefined
      try {
        text = await response.text()
      } catch {
        text = undefined
      }
      if (wanted) pending--
      if (over) return
      if (text === undefined && (generation !== bornIn || page.isClosed())) {
        // the page navigated away before the body was read: wait for it again
        if (wanted) waiting.set(wanted.name, wanted)
        return complete()
      }
      let body: unknown
      try {
        body = JSON.parse(text ?? '')
      } catch {
        body = undefined
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        return settle(
          fail(
            'bad_response',
            `the answer to ${url.pathname} (HTTP ${response.status()}) is not a JSON object`,
            response.status()
          )
        )
      }
      const name = wanted?.name ?? 'observed'
      const refused = read.refusal?.(name, body as Json, response.status())
      if (refused) {
        const what = {
          auth: 'the stored cookie is refused',
          captcha: 'a verification is asked',
          rate_limited: 'too many requests',
          upstream: 'the platform failed',
        }
        return settle(
          fail(refused.code, `${what[refused.code]} (${url.pathname})`, refused.upstreamCode)
        )
      }
      if (!wanted) {
        read.observe?.seen(url, body as Json, { finish: end })
        return complete()
      }
      bodies[wanted.name] = body as Json
      complete()
    }
    page.on('framenavigated', onFrame)
    page.on('request', onRequest)
    page.on('response', onResponse)
    const timer = setTimeout(
      () =>
        settle(
          fail(
            'network',
            `no answer within ${timeoutMs} ms from ${[...waiting.keys()].join(', ') || read.url}`
          )
        ),
      timeoutMs
    )
    try {
      const navigation = page
        .goto(read.url, { waitUntil: 'domcontentloaded', timeout: timeoutMs })
        .then(async () => {
          landed(page.url())
          if (read.act && waiting.size > 0) {
            await read.act(page, { settled: () => over || ending, finish: end })
          }
        })
        .catch((error) =>
          settle(fail('network', `could not open ${read.url}: ${messageOf(error)}`))
        )
      if (read.responses.length === 0) await navigation.then(() => settle())
      await done
      return bodies
    } finally {
      clearTimeout(timer)
      page.off('framenavigated', onFrame)
      page.off('request', onRequest)
      page.off('response', onResponse)
    }
  }
}

function messageOf(error: unknown) {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]
}

let shared: BrowserSession | null = null

/**
 * The process's one session, from BROWSER_SESSION_CHROMIUM and
 * BROWSER_SESSION_CONCURRENCY; the adapters use it unless given their own.
 */
export function sharedBrowserSession(): BrowserSession {
  if (!shared) {
    const concurrency = Number(process.env.BROWSER_SESSION_CONCURRENCY)
    shared = new BrowserSession({
      executablePath: process.env.BROWSER_SESSION_CHROMIUM || '/usr/bin/chromium',
      concurrency: Number.isFinite(concurrency) && concurrency > 0 ? concurrency : 2,
    })
    const session = shared
    process.once('beforeExit', () => void session.close())
  }
  return shared
}

/** Closes the shared session if one was opened (the application's shutdown hook). */
export async function closeSharedBrowserSession() {
  await shared?.close()
}
