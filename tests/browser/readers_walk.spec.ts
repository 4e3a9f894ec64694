/// <reference lib="dom" />
import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import type { Locator, Page } from 'playwright'
import app from '@adonisjs/core/services/app'
import MetricsCache from '#services/metrics/metrics_cache'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'
import {
  foreignReason,
  readersDataset,
  type ReadersDataset,
  visibleTexts,
} from '#tests/helpers/readers'

/*
|--------------------------------------------------------------------------
| Every screen in Korean, Chinese and Japanese at 1366 × 768: the admin's
| whole menu (read from the menu itself, so a new entry is walked without
| touching this file) and the screens behind it, a creator's and a
| company's screens more briefly. Each screen is photographed, the cheap
| overlays (a date panel, a select's list, the page-size changer, a
| confirmation) are opened, and every visible word must be in the reader's
| language: no raw key, no `{{name}}`, none of the English words antd,
| dayjs or Quill show when their locale is missing. Proper names (brands,
| platforms, people, URLs, numbers) are not English words to this check.
|--------------------------------------------------------------------------
*/

const LANGUAGES = [
  { code: 'kr', lang: 'ko' },
  { code: 'ch', lang: 'zh' },
  { code: 'jp', lang: 'ja' },
] as const
type Language = (typeof LANGUAGES)[number]

/**
 * Text that comes from the API as data and is translated there (another
 * piece of work): screen path → the texts tolerated until then.
 */
const KNOWN_DATA_TEXT: Record<string, string[]> = {}

/** Screens under /app that no menu entry links to, with the record they show. */
function screensBehindTheMenu(data: ReadersDataset) {
  const creator = data.creators[0].id
  return [
    `/app/creator_info?id=${creator}`,
    `/app/add_creator`,
    `/app/modify_creator?id=${creator}`,
    `/app/staff/${data.staff.id}`,
    `/app/staff/${data.staff.id}/edit`,
    `/app/private_letter`,
    `/app/test2`,
    `/app/board?write=1`,
    `/app/modify_account`,
    `/app/creator_tracking?creator=${creator}`,
    `/app/creator_video_list?creator_id=${creator}`,
    `/app/video_detailSection?id=${data.videoIds[0]}`,
    `/app/video_compare?ids=${data.videoIds.slice(0, 3).join(',')}`,
    `/app/alert_dashboard/logins`,
    // screens a later release builds ('not supported yet')
    `/app/report_page`,
    `/app/upload_main/upload_station`,
    `/app/connect_video_data`,
  ]
}

/**
 * The routes of admin/src/routes.tsx (the platform dashboards' template
 * left out: the menu lists them), and whether each has its own page or the
 * 'not supported yet' one. Every route must be in the menu or behind it: a
 * route added there without a menu entry fails here until it is walked.
 */
function declaredRoutes() {
  const source = readFileSync(app.makePath('admin/src/routes.tsx'), 'utf8')
  return [...source.matchAll(/\{ path: ['`]([^'`]+)['`],[^\n]*/g)]
    .filter((match) => !match[1].includes('${'))
    .map((match) => ({ path: match[1], built: match[0].includes('page:') }))
}

/** The address of `screen` matches `route` (whose `:id` parts match any segment). */
const isRoute = (screen: string, route: string) =>
  new RegExp(`^/app/${route.replace(/:\w+/g, '[^/]+')}$`).test(screen.split('?')[0])

/** The menu's links, every group opened. */
async function menuPaths(page: Page) {
  const menu = page.locator('[data-testid=main-menu]')
  const groups = menu.locator(
    '.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title'
  )
  while ((await groups.count()) > 0) {
    await groups.first().click()
  }
  const hrefs = await menu
    .locator('a[href^="/app/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))
  return [...new Set(hrefs)]
}

interface Overlay {
  /** What opens it (the first visible one on the screen). */
  trigger: string
  /** The overlay once open. */
  open: string
  /**
   * Overlays that only show antd's own words are opened once per kind and
   * language (their kind from the trigger's classes); the others on every
   * screen, in one language (a filter's options are the screen's words).
   */
  once?: boolean
}

const OVERLAYS: Overlay[] = [
  // a date, month or range picker's panel (month names, weekday heads, 'Today')
  {
    trigger: 'main .ant-picker:not(.ant-picker-disabled)',
    open: '.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)',
    once: true,
  },
  // the pagination's page-size changer ('20 / page')
  {
    trigger: 'main .ant-pagination-options .ant-select-selector',
    open: '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
    once: true,
  },
  // a filter's list
  {
    trigger:
      'main .ant-select:not(.ant-select-disabled):not(.ant-pagination-options *) .ant-select-selector',
    open: '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
  },
  // a confirmation ('Resync data' on the dashboards: Popconfirm's own Cancel)
  {
    trigger: 'main [data-testid=resync]',
    open: '.ant-popconfirm:not(.ant-popover-hidden)',
    once: true,
  },
  // the editor's header picker (Quill's 'Normal', 'Heading 1' …)
  { trigger: 'main .ql-toolbar .ql-picker-label', open: '.ql-picker.ql-expanded', once: true },
]

/** The sign-in and registration pages have no <main>: their lists and pickers anywhere. */
const PUBLIC_OVERLAYS: Overlay[] = [
  { trigger: '.ant-select:not(.ant-select-disabled) .ant-select-selector', open: OVERLAYS[2].open },
  { trigger: '.ant-picker:not(.ant-picker-disabled)', open: OVERLAYS[0].open },
]

/** Whether a click would reach the trigger (not under an open drawer, such as a creator's detail). */
function reachable(target: Locator) {
  return target.click({ trial: true, timeout: 1_000 }).then(
    () => true,
    () => false
  )
}

/**
 * Opens an overlay of the screen unless one of its kind was seen already,
 * lets `check` read the page, and closes it (a confirmation by its cancel
 * button, the others with Escape).
 */
async function withOverlay(
  page: Page,
  overlay: Overlay,
  seen: Set<string>,
  check: () => Promise<void>
) {
  const target = page.locator(overlay.trigger).first()
  if (!(await target.isVisible().catch(() => false))) return
  if (overlay.once) {
    const classes = await target.evaluate((element) =>
      (element.closest('.ant-picker') ?? element).className
        .split(' ')
        .filter((name: string) => !/focused|hover|active|open/.test(name))
        .sort()
        .join(' ')
    )
    const kind = `${overlay.trigger} ${classes}`
    if (seen.has(kind)) return
    if (!(await reachable(target))) return
    seen.add(kind)
  } else if (!(await reachable(target))) return
  await target.click()
  const open = page.locator(overlay.open).last()
  const opened = await open.waitFor({ timeout: 2_000 }).then(
    () => true,
    () => false
  )
  if (opened) await check()
  const cancel = open.locator('.ant-popconfirm-buttons button').first()
  if (opened && (await cancel.count())) await cancel.click()
  else await page.keyboard.press('Escape')
  await open.waitFor({ state: 'hidden', timeout: 2_000 }).catch(() => undefined)
}

class Findings {
  readonly found = new Map<string, Set<string>>()

  /** Reads the page and keeps what is not in the reader's language. */
  async read(page: Page, screen: string, language: Language) {
    const allowed = KNOWN_DATA_TEXT[screen.split('?')[0]] ?? []
    for (const seen of await visibleTexts(page)) {
      const reason = foreignReason(seen.text)
      if (!reason || allowed.some((text) => seen.text.includes(text))) continue
      const key = `${language.code} ${screen}`
      if (!this.found.has(key)) this.found.set(key, new Set())
      this.found.get(key)!.add(`${reason} in ${seen.kind} "${seen.text}" (${seen.where})`)
    }
  }

  report() {
    return [...this.found.entries()]
      .map(([screen, texts]) => `${screen}\n  ${[...texts].join('\n  ')}`)
      .join('\n')
  }
}

const inFlight = new WeakMap<Page, { count: number }>()

/** Counts the page's requests under way (from now on), for `quiet`. */
function trackRequests(page: Page) {
  const state = { count: 0 }
  inFlight.set(page, state)
  page.on('request', () => state.count++)
  page.on('requestfinished', () => state.count--)
  page.on('requestfailed', () => state.count--)
}

/** Waits until no request has been under way for 150 ms (at most 5 s). */
async function quiet(page: Page) {
  const state = inFlight.get(page)!
  let calm = 0
  for (let waited = 0; waited < 5_000 && calm < 150; waited += 50) {
    calm = state.count > 0 ? 0 : calm + 50
    await page.waitForTimeout(50)
  }
}

/**
 * Opens a screen as a menu click does and waits until it has drawn: a new
 * screen in place of the one left (the layout remounts it per address), no
 * skeleton of the screen or of a card still loading, no table spinning, its
 * requests answered. A list syncing its filters may rewrite the address
 * right after: push again until it stays.
 */
async function openScreen(page: Page, path: string) {
  const target = path.split('?')[0]
  for (let attempt = 0; attempt < 3; attempt++) {
    const samePath = new URL(page.url()).pathname === target
    await page.evaluate((destination) => {
      document.querySelector('main')?.firstElementChild?.setAttribute('data-walk-left', '')
      window.history.pushState({}, '', destination)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, path)
    await page.waitForURL((url) => url.pathname === target)
    await page
      .waitForFunction(
        (same) => {
          const screen = document.querySelector('main')?.firstElementChild
          return (
            screen &&
            (same || !screen.hasAttribute('data-walk-left')) &&
            !document.querySelector(
              '[data-testid=screen-skeleton], main .ant-skeleton:not(.ant-skeleton-element), main .ant-spin-spinning'
            )
          )
        },
        samePath,
        { timeout: 8_000 }
      )
      .catch(() => undefined)
    await quiet(page)
    if (new URL(page.url()).pathname === target) return
  }
}

/** Forgets the session (its cookies and marker) and closes the page. */
async function signOut(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => localStorage.clear())
  await page.context().clearCookies()
  await page.close()
}

/**
 * Switches the signed-in studio to `language` with the header's buttons
 * (clicked again should a re-render swallow the click).
 */
async function switchTo(page: Page, language: Language) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.locator(`header [data-testid=lang-${language.code}]`).click()
    const switched = await page
      .waitForFunction((lang) => document.documentElement.lang === lang, language.lang, {
        timeout: 5_000,
      })
      .then(
        () => true,
        () => false
      )
    if (switched) break
  }
  await quiet(page)
}

/**
 * Screens that are one page over many addresses — the platform dashboards
 * (one per platform) and the 'not supported yet' page of the screens a
 * later release builds — are walked in full once (the first of each, in
 * every language) and otherwise each in one language in turn; every other
 * screen in every language.
 */
function screensIn(screens: string[], languageIndex: number) {
  const unbuilt = declaredRoutes().filter((route) => !route.built)
  const groups = [
    screens.filter((screen) => /\/platform_\w+$/.test(screen)),
    screens.filter((screen) => unbuilt.some((route) => isRoute(screen, route.path))),
  ]
  return screens.filter((screen) => {
    const index = groups.map((group) => group.indexOf(screen)).find((found) => found >= 0) ?? -1
    return index <= 0 || index % LANGUAGES.length === languageIndex
  })
}

/**
 * Opens each screen in each language: screenshot, words, overlays. A
 * screen's own lists (a filter's options) are opened in one of the
 * languages it is walked in, in turn; antd's own overlays once per kind and
 * language (Overlay.once).
 */
async function walk(
  page: Page,
  screens: string[],
  findings: Findings,
  options: { prefix: string; overlays: boolean }
) {
  const walked = LANGUAGES.map((_, index) => screensIn(screens, index))
  const listsIn = (screen: string) => {
    const languages = walked.flatMap((list, index) => (list.includes(screen) ? [index] : []))
    return languages[screens.indexOf(screen) % languages.length]
  }
  for (const [index, language] of LANGUAGES.entries()) {
    await switchTo(page, language)
    const seen = new Set<string>()
    for (const screen of walked[index]) {
      await openScreen(page, screen)
      await page.mouse.move(0, 0)
      const name = screen.replace(/^\/app\//, '').replace(/[^\w-]+/g, '-')
      await screenshot(page, `${language.code}-walk-${options.prefix}${name}`)
      await findings.read(page, screen, language)
      if (!options.overlays) continue
      for (const overlay of OVERLAYS) {
        if (!overlay.once && listsIn(screen) !== index) continue
        await withOverlay(page, overlay, seen, () => findings.read(page, screen, language))
      }
    }
  }
}

test.group('every screen in the reader’s language', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(() => {
    MetricsCache.clear()
    return () => MetricsCache.clear()
  })

  test('the admin, a creator and a company read every screen in Korean, Chinese and Japanese', async ({
    visit,
    assert,
  }) => {
    const data = await readersDataset()
    const findings = new Findings()

    // The public shell first: sign-in and registration, in each language.
    const door = await visit('/login')
    await door.setViewportSize({ width: 1366, height: 768 })
    for (const language of LANGUAGES) {
      for (const path of ['/login', '/register']) {
        await door.evaluate((code) => localStorage.setItem('mcn.lang', code), language.code)
        await door.goto(path)
        await door.waitForFunction((lang) => document.documentElement.lang === lang, language.lang)
        await door.locator('form').first().waitFor()
        await screenshot(door, `${language.code}-walk${path.replace('/', '-')}`)
        await findings.read(door, path, language)
        for (const overlay of PUBLIC_OVERLAYS) {
          await withOverlay(door, overlay, new Set(), () => findings.read(door, path, language))
        }
      }
    }
    await door.close()

    const page = await signedIn(visit, data.admin, 'kr')
    trackRequests(page)
    await page.setViewportSize({ width: 1366, height: 768 })
    const menu = await menuPaths(page)
    const behind = screensBehindTheMenu(data)
    const unwalked = declaredRoutes()
      .map((route) => route.path)
      .filter((route) => ![...menu, ...behind].some((screen) => isRoute(screen, route)))
    assert.deepEqual(unwalked, [], 'routes neither in the menu nor walked behind it')
    await walk(page, [...menu, ...behind], findings, { prefix: '', overlays: true })

    await signOut(page)
    for (const [role, user] of [
      ['creator', data.creatorUser],
      ['company', data.company],
    ] as const) {
      const other = await signedIn(visit, user, 'kr')
      trackRequests(other)
      await other.setViewportSize({ width: 1366, height: 768 })
      await walk(other, await menuPaths(other), findings, { prefix: `${role}-`, overlays: false })
      await signOut(other)
    }

    assert.equal(findings.report(), '', 'texts not in the reader’s language')
  }).timeout(300_000)
})
