import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'

/*
|--------------------------------------------------------------------------
| A screen whose code cannot be fetched (the studio was updated while the
| tab stayed open, so the old chunk is gone; or the connection dropped) says
| so in its place, in the reader's language, under a frame that still works;
| a reload opens it. Before, React unmounted the whole page into a blank one.
|--------------------------------------------------------------------------
*/

test.group('a screen that cannot be opened', (group) => {
  setupFunctionalGroup(group)

  for (const [language, menu, title, reload] of [
    ['en', 'Data Center', 'This screen could not be opened', 'Reload'],
    ['kr', '데이터 센터', '이 화면을 열 수 없습니다', '새로고침'],
  ] as const) {
    test(`its code missing, it says so under a usable frame and a reload opens it (${language})`, async ({
      visit,
    }) => {
      const admin = await UserFactory.apply('admin').create()
      const page = await signedIn(visit, admin, language)
      await page.waitForLoadState('networkidle')

      // every script from now on is gone, as after a deploy that replaced the hashed chunks
      await page.route('**/assets/*.js', (route) => route.abort())
      await page.locator('[data-testid=main-menu]').getByText(menu, { exact: true }).click()
      const failed = page.getByTestId('screen-failed')
      await failed.getByText(title).waitFor()
      await screenshot(page, `${language}-screen-failed`)

      // the frame still works: back to the screen it landed on, whose code is in
      await page.goBack()
      await failed.waitFor({ state: 'detached' })
      await page.locator('[data-testid=main-menu]').waitFor()

      await page.unroute('**/assets/*.js')
      await page.locator('[data-testid=main-menu]').getByText(menu, { exact: true }).click()
      const again = page.getByTestId('screen-failed')
      // the chunk that failed is not cached as failed by the studio: the next visit asks again,
      // and if the browser holds on to the failure, the reload button fetches the current version
      if (await again.isVisible()) {
        await again.getByRole('button', { name: reload }).click()
      }
      await page.getByTestId('data-center').waitFor()
    })
  }
})
