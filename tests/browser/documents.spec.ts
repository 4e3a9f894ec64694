import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn, useLanguage } from '#tests/helpers/browser'

/** The admin's words of the documents area in one language. */
function wordsOf(locale: 'en' | 'ja') {
  const file = app.makePath(`admin/src/locales/documents/${locale}.json`)
  return JSON.parse(readFileSync(file, 'utf8')).documents
}

/**
 * Document issuing (SPEC §2) as a person does it: a Bilibili channel
 * confirmation issued from the creator's page, opened by its public link
 * by someone who is not signed in, then revoked — after which the same link
 * shows nothing of it.
 */
test.group('documents', (group) => {
  setupFunctionalGroup(group)

  test('issue a document, open it by its public link, revoke it ({$self})')
    .with(['en', 'jp'] as const)
    .run(async ({ visit, client, assert }, lang) => {
      const words = wordsOf(lang === 'jp' ? 'ja' : 'en')
      const admin = await UserFactory.merge({ role: 'admin' }).create()
      const creator = await CreatorFactory.merge({ channelName: '料理のさくら' }).create()

      const page = await signedIn(visit, admin, lang)
      await page.goto(`/app/creator_info?id=${creator.id}`)
      const card = page.locator('[data-testid=documents]')
      await card.scrollIntoViewIfNeeded()
      await card.getByText(words.empty).waitFor()
      await card.locator('[data-testid=issue-document]').click()
      const modal = page.locator('.ant-modal', { hasText: words.issue })
      await modal.waitFor()
      await modal.locator('.ant-btn-primary').click()
      const row = card.locator('.ant-table-row', { hasText: words.kinds.bilidoc })
      // the process's first PDF parses the CJK fonts first: slow on a busy machine
      await row.waitFor({ timeout: 60_000 })
      await row.getByText(words.statuses.issued).waitFor()
      // the public link made with it says who answers for it
      await row.getByText(words.link_by.split('{{')[0].trim()).waitFor()
      assert.include(await row.locator('[data-testid=document-link-by]').innerText(), admin.name)
      const cell = await row.locator('td').first().innerText()
      const number = cell.trim()
      assert.match(number, /^[A-Z]+-\d{4}-\d{4}$/)
      await screenshot(page, `documents-issued-${lang}`)

      const listed = await client
        .get('/api/documents')
        .qs({ creator_id: creator.id })
        .loginAs(admin)
      listed.assertStatus(200)
      const link = listed.body().find((item: any) => item.number === number)?.link as string
      assert.match(link, /^\/bilidoc\?t=/)

      // someone without an account opens the link
      const outsider = await visit(link)
      await useLanguage(outsider, lang)
      await outsider.reload()
      const shown = outsider.locator('[data-testid=public-document]')
      await shown.waitFor({ timeout: 60_000 })
      await shown.getByText(number).waitFor()
      await shown.getByText('料理のさくら').waitFor()
      await screenshot(outsider, `documents-public-${lang}`)

      // revoked: the same link shows nothing of it
      // The menu may take a click while it is still opening, or close before it lands (a busy
      // machine): open it when it is not open (a click on an open one closes it), wait until its
      // opening motion is over, and ask again until the confirmation shows.
      const confirm = page.locator('.ant-modal-confirm-btns button').last()
      const revoke = page.getByRole('menuitem', { name: words.revoke })
      const settledMenu = page.locator(
        '.ant-dropdown:not(.ant-dropdown-hidden):not([class*=slide-up])'
      )
      for (let attempt = 0; attempt < 5 && !(await confirm.isVisible()); attempt++) {
        if (!(await revoke.isVisible())) await row.locator('[data-testid=document-actions]').click()
        await revoke.waitFor({ timeout: 10_000 }).catch(() => undefined)
        await settledMenu.waitFor({ timeout: 5_000 }).catch(() => undefined)
        await revoke.click({ timeout: 5_000 }).catch(() => undefined)
        await confirm.waitFor({ timeout: 5_000 }).catch(() => undefined)
      }
      await confirm.click()
      await row.getByText(words.statuses.revoked).waitFor()
      await outsider.reload()
      await outsider.locator('.ant-result-404').waitFor()
      assert.equal(await outsider.locator('[data-testid=public-document]').count(), 0)
      assert.equal(await outsider.getByText(number).count(), 0)
      // the outsider is told plainly, not sent to the staff's login
      assert.equal(await outsider.locator('a[href="/login"]').count(), 0)
    })
    .timeout(180_000)
})
