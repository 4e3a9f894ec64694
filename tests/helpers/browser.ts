/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright'
import app from '@adonisjs/core/services/app'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'

/** Debian's Chromium, started the way this machine allows (no sandbox, no background networking). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
]

/** The admin's language codes and a word each language shows on the login screen. */
export const LOGIN_TITLES = { kr: '로그인', ch: '登录', en: 'Login', jp: 'ログイン' } as const

/** Chooses the interface language before the app loads (what the kr/ch/en/jp buttons store). */
export async function useLanguage(page: Page, code: keyof typeof LOGIN_TITLES) {
  await page.evaluate((value) => localStorage.setItem('mcn.lang', value), code)
}

/** Fills the login form on the current page and submits it. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.locator('input#email').fill(email)
  await page.locator('input#password').fill(password)
  await page.locator('button[type=submit]').click()
}

/** Signs in through the login form and waits for the app shell. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await submitLogin(page, email, password)
  await page.waitForURL('**/app/**')
  await page.locator('.ant-layout-sider').waitFor()
}

/**
 * Opens the login page (in `language`, when given) and signs `user` in with
 * the factory password: what most browser tests do first. Answers the page.
 */
export async function signedIn(
  visit: (url: string) => Promise<Page>,
  user: { email: string },
  language?: keyof typeof LOGIN_TITLES
) {
  const page = await visit('/login')
  if (language) await useLanguage(page, language)
  await signIn(page, user.email, FACTORY_PASSWORD)
  return page
}

/** Saves a screenshot under tests/browser/screenshots/ for a person to look at. */
export async function screenshot(page: Page, name: string) {
  const folder = app.makePath('tests/browser/screenshots')
  mkdirSync(folder, { recursive: true })
  await page.screenshot({ path: `${folder}/${name}.png`, animations: 'disabled' })
}

/** The texts of the main menu as a person sees them. */
export async function menuLabels(page: Page) {
  const labels = await page
    .locator('[data-testid=main-menu] .ant-menu-title-content')
    .allInnerTexts()
  return labels.map((label) => label.trim()).filter(Boolean)
}

/** Client-side navigation (what a menu click does), without reloading the page. */
export async function navigateInApp(page: Page, path: string) {
  const target = path.split('?')[0]
  // A list that is still syncing its filters into the address may rewrite the
  // new one right after the push (Refine's syncWithLocation): push again until
  // the address stays where it was sent.
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.evaluate((destination) => {
      window.history.pushState({}, '', destination)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, path)
    await page.waitForURL((url) => url.pathname === target)
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(200)
    if (new URL(page.url()).pathname === target) return
  }
}

/** A cookie of the page's browser context, as the browser holds it. */
export async function browserCookie(page: Page, name: string) {
  const cookies = await page.context().cookies()
  return cookies.find((cookie) => cookie.name === name)
}
