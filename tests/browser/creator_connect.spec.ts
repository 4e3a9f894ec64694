import { test } from '@japa/runner'
import { CreatorFactory } from '#database/factories/creator_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn, useLanguage } from '#tests/helpers/browser'
import { userWithCode } from '#tests/helpers/users'
import { startFakeServer, type FakeServer } from '#tests/helpers/platforms'

/*
| The creator edit screen's Kuaishou tab: its uid, token and cookie fields
| like the other platforms' tabs, and its Connect button opening Kuaishou's
| authorise page (a local fake of it) with the studio's state. Seen in
| Korean, Chinese and Japanese at 1366 × 768.
*/

const ENV: Record<string, string> = {
  KWAI_APP_ID: 'ks650000000777',
  KWAI_APP_SECRET: 'ks-secret-x',
}
const saved: Record<string, string | undefined> = {}

test.group('creator edit / Kuaishou connect', (group) => {
  let authorise: FakeServer
  setupFunctionalGroup(group)
  group.setup(async () => {
    authorise = await startFakeServer(() => ({
      headers: { 'content-type': 'text/html; charset=utf-8' },
      text: '<!doctype html><title>Kuaishou</title><h1>Authorise the studio (fake Kuaishou)</h1>',
    }))
    for (const [key, value] of Object.entries({ ...ENV, KWAI_OAUTH_BASE: authorise.url })) {
      saved[key] = process.env[key]
      process.env[key] = value
    }
    return async () => {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key]
        else process.env[key] = value
      }
      await authorise.close()
    }
  })

  test('the Kuaishou tab in ko, zh and ja; Connect opens the authorise page', async ({
    visit,
    assert,
  }) => {
    const admin = await userWithCode('admin')
    const creator = await CreatorFactory.with('accounts', 1, (a) =>
      a.merge({ platform: 'kwai', uid: '3xkwai2026', channelName: '快手小厨' })
    ).create()
    const page = await signedIn(visit, admin, 'kr')
    await page.setViewportSize({ width: 1366, height: 768 })
    for (const [code, label] of [
      ['kr', '콰이쇼우'],
      ['ch', '快手'],
      ['jp', '快手'],
    ] as const) {
      await useLanguage(page, code)
      await page.goto(`/app/modify_creator?id=${creator.id}&tab=kwai`)
      const tab = page.locator('[data-testid=platform-tab-kwai]')
      await tab.getByRole('button', { name: new RegExp(label) }).waitFor()
      assert.equal(await page.locator('#accounts_kwai_uid').inputValue(), '3xkwai2026')
      await page.locator('#accounts_kwai_token').waitFor()
      await page.locator('#accounts_kwai_cookie').waitFor()
      await screenshot(page, `${code}-creator-kwai-tab`)
    }

    await page.locator('[data-testid=connect-kwai]').click()
    await page.waitForURL(`${authorise.url}/oauth2/connect?**`)
    await page.getByRole('heading', { name: /fake Kuaishou/ }).waitFor()
    const url = new URL(page.url())
    assert.equal(url.searchParams.get('app_id'), ENV.KWAI_APP_ID)
    assert.isAtLeast(url.searchParams.get('state')!.length, 40)
    assert.match(url.searchParams.get('redirect_uri')!, /\/api\/oauth\/kwai\/callback$/)
  })
})
