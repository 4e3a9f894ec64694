import { test } from '@japa/runner'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import sharp from 'sharp'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'
import { zipEntryNames } from '#tests/helpers/workbooks'

const LOCALES = { kr: 'ko', ch: 'zh', jp: 'ja' } as const

/** The admin's Labs words in one language. */
function wordsOf(lang: keyof typeof LOCALES) {
  const file = app.makePath(`admin/src/locales/labs/${LOCALES[lang]}.json`)
  return JSON.parse(readFileSync(file, 'utf8')).labs
}

const WANTED = ['bilibili_1146x717', 'douyin_1080x1920', 'xiaohongshu_1080x1440']

/**
 * Labs › Thumbnail resizer as a person uses it (SPEC §2 'Labs'): a text file
 * named .png refused on the spot, a real picture dropped, three sizes picked,
 * padded on a colour, the previews with their pixel sizes, and the zip of all
 * three downloaded, in Korean; then the screen in Chinese and Japanese, at 1366 wide.
 */
test.group('labs: thumbnail resizer', (group) => {
  setupFunctionalGroup(group)
  let folder = ''
  group.each.setup(() => {
    folder = mkdtempSync(join(tmpdir(), 'mcn-resizer-'))
    return () => rmSync(folder, { recursive: true, force: true })
  })

  test('resize a thumbnail and download the zip', async ({ visit, assert }) => {
    const words = wordsOf('kr')
    const staff = await UserFactory.apply('staff').create()
    const picture = join(folder, 'cover.jpg')
    writeFileSync(
      picture,
      await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3366cc' } })
        .jpeg()
        .toBuffer()
    )
    const lying = join(folder, 'notes.png')
    writeFileSync(lying, 'a text file with an image name')

    const page = await signedIn(visit, staff, 'kr')
    await page.goto('/app/mcn_labs')
    const drop = page.locator('[data-testid=resizer-drop] input[type=file]')
    await page.getByText(words.resizer.drop).waitFor()

    await drop.setInputFiles(lying)
    await page.getByText(words.resizer.problems.not_image).waitFor()
    assert.isTrue(await page.locator('[data-testid=resizer-run]').isDisabled())

    await drop.setInputFiles(picture)
    await page.locator('[data-testid=resizer-file]', { hasText: 'cover.jpg' }).waitFor()
    await page.getByRole('button', { name: words.resizer.none }).click()
    for (const key of WANTED) await page.locator(`[data-testid=resizer-size-${key}]`).click()
    await page.getByText(words.resizer.pad, { exact: true }).click()
    await page.getByText(words.resizer.background).waitFor()

    await page.locator('[data-testid=resizer-run]').click()
    for (const key of WANTED) {
      const size = key.slice(key.lastIndexOf('_') + 1).replace('x', '×')
      const card = page.locator(`[data-testid=resizer-result-${key}]`)
      await card.locator('[data-testid=resizer-result-size]', { hasText: size }).waitFor()
      await card.locator('img').waitFor()
    }
    const shown = page.locator('[data-testid=resizer-results] [data-testid=resizer-result-size]')
    assert.equal(await shown.count(), 3)
    await screenshot(page, 'labs-resizer-ko')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-testid=resizer-zip]').click(),
    ])
    assert.match(download.suggestedFilename(), /^covers-[0-9a-f]{8}\.zip$/)
    const saved = join(folder, 'covers.zip')
    await download.saveAs(saved)
    assert.deepEqual(
      await zipEntryNames(readFileSync(saved)),
      WANTED.map((key) => `${key}.jpg`)
    )
    // the screen in Chinese and Japanese (a language change draws the screen anew)
    for (const other of ['ch', 'jp'] as const) {
      await page.locator(`[data-testid=lang-${other}]`).click()
      const otherWords = wordsOf(other)
      await page.getByText(otherWords.resizer.drop).waitFor()
      await page.getByText(otherWords.resizer.creators_figure).first().waitFor()
      await screenshot(page, `labs-resizer-${LOCALES[other]}`)
    }
  })
})
