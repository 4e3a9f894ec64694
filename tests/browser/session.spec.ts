/// <reference lib="dom" />
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import TokenService from '#services/auth/token_service'
import { UserFactory } from '#database/factories/user_factory'
import { allowOnly, setupFunctionalGroup } from '#tests/helpers/functional'
import { FACTORY_PASSWORD } from '#tests/helpers/users'
import {
  browserCookie,
  navigateInApp,
  screenshot,
  signedIn,
  submitLogin,
} from '#tests/helpers/browser'

/**
 * Expires every access token in the database (what 15 minutes of waiting
 * does), and forgets the server's few-second cache of verified tokens, which
 * would otherwise still trust them: real expiry is never served from it.
 */
async function expireAccessTokens() {
  await db
    .from('access_tokens')
    .update({ expires_at: DateTime.utc().minus({ minutes: 1 }).toSQL({ includeOffset: false }) })
  TokenService.clearAccessCache()
}

test.group('session refresh', (group) => {
  setupFunctionalGroup(group)

  test('an expired token is refreshed once for parallel requests and the page reloads signed in', async ({
    visit,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const page = await signedIn(visit, admin)
    const firstToken = await browserCookie(page, 'token')
    assert.isString(firstToken?.value)
    const refreshCookie = await browserCookie(page, 'refresh_token')
    assert.isTrue(refreshCookie?.httpOnly, 'the refresh token cookie is HttpOnly')

    // the landing dashboard's own requests must be done, or one of them refreshes first; the
    // header's polls (letters, notifications) are held off while the token is expired for the same reason
    await page.waitForLoadState('networkidle')
    const polls = /\/api\/(letters\/unread|headline-notifications)/
    await page.route(polls, (route) => route.abort())
    await expireAccessTokens()
    const refreshes: string[] = []
    const expiredAnswers: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/refresh_token')) refreshes.push(request.method())
    })
    page.on('response', (response) => {
      const url = response.url()
      if (url.includes('/api/audit-logs') && response.status() === 401) expiredAnswers.push(url)
    })

    const reloaded = page.waitForEvent('load')
    await navigateInApp(page, '/app/mcn_studio_log')
    await reloaded
    await page.unroute(polls)
    await page.locator('.ant-table-row').first().waitFor()

    assert.isAtLeast(expiredAnswers.length, 2, 'the list and the action filter both saw -101')
    assert.deepEqual(refreshes, ['PUT'], 'one refresh for all of them')
    const secondToken = await browserCookie(page, 'token')
    assert.notEqual(secondToken?.value, firstToken?.value)
    assert.match(page.url(), /mcn_studio_log/)
  })

  test('a refresh that answers data null clears the session and goes to /login', async ({
    visit,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const page = await signedIn(visit, admin)

    // the landing dashboard's own requests must be done, or one of them refreshes first; the
    // header's polls (letters, notifications) are held off while the token is expired for the same reason
    await page.waitForLoadState('networkidle')
    const polls = /\/api\/(letters\/unread|headline-notifications)/
    await page.route(polls, (route) => route.abort())
    await expireAccessTokens()
    await db
      .from('refresh_tokens')
      .update({ revoked_at: DateTime.utc().toSQL({ includeOffset: false }) })

    await page.reload()
    await page.waitForURL(/\/login/)
    await page.locator('input#email').waitFor()
    const token = await browserCookie(page, 'token')
    assert.isTrue(!token || token.value === '', 'the token cookie is cleared')
  })

  test('without a refresh token the token-expired flag asks to sign in again', async ({
    visit,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const page = await signedIn(visit, admin)
    await page.evaluate(() => localStorage.removeItem('mcn.session'))
    // the landing dashboard's own requests must be done, or one of them refreshes first; the
    // header's polls (letters, notifications) are held off while the token is expired for the same reason
    await page.waitForLoadState('networkidle')
    const polls = /\/api\/(letters\/unread|headline-notifications)/
    await page.route(polls, (route) => route.abort())
    await expireAccessTokens()

    await navigateInApp(page, '/app/mcn_studio_log')
    await page.getByText('Session expired').waitFor()
    await page.getByRole('button', { name: 'Sign in again' }).click()
    await page.waitForURL(/\/login/)
  })
})

test.group('IP allow-list', (group) => {
  setupFunctionalGroup(group)

  test('signing in from an address that is not registered shows the dialog with the address', async ({
    visit,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await allowOnly('10.0.0.0/8')

    const page = await visit('/login')
    await submitLogin(page, admin.email, FACTORY_PASSWORD)

    const title = page.locator('[data-testid=auth-dialog-title]')
    await title.waitFor()
    assert.equal(await title.innerText(), 'IP is NOT REGISTERED')
    assert.include(
      await page.locator('[data-testid=auth-dialog-body]').innerText(),
      'Please Submit Your IP 127.0.0.1 to IT Department'
    )
    await screenshot(page, 'en-ip-not-registered')

    const reloaded = page.waitForEvent('load')
    await page.locator('.ant-modal-footer button').click()
    await reloaded
    await page.waitForURL(/\/login/)
    const token = await browserCookie(page, 'token')
    assert.isTrue(!token || token.value === '', 'closing the dialog clears the token')
  })
})
