import { test } from '@japa/runner'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { CreatorFactory, PlatformAccountFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import UploadPublication from '#models/upload_publication'
import UploadTask from '#models/upload_task'
import { FakePlatforms } from '#platforms/upload/fake_platforms'
import PublicationRunner from '#services/uploads/publication_runner'
import Transfers from '#services/uploads/transfers'
import uploadLookupCache from '#services/uploads/upload_lookup_cache'
import { setEnv, setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'
import { dropQueuedPublications, tinyMp4, tinyPng } from '#tests/helpers/uploads'
import type { Page } from 'playwright'

/** The admin's words of the station in one language (its uploads locale). */
function wordsOf(locale: 'en' | 'ko') {
  const file = app.makePath(`admin/src/locales/uploads/${locale}.json`)
  return JSON.parse(readFileSync(file, 'utf8')).uploads
}

/** A template of the locale as a pattern, its `{{values}}` matching anything. */
function pattern(template: string) {
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(escaped.replace(/\\\{\\\{\w+\\\}\\\}/g, '.+'))
}

/** A creator whose Bilibili, Xigua and Haokan logins the fake platforms accept. */
async function creatorWithLogins(name: string) {
  const creator = await CreatorFactory.merge({ channelName: name }).create()
  for (const platform of ['bilibili', 'xigua', 'haokan'] as const) {
    const account = await PlatformAccountFactory.merge({ creatorId: creator.id, platform }).create()
    if (platform === 'bilibili') {
      account.setCookie(JSON.stringify({ SESSDATA: 'bili-ok', bili_jct: 'jct-ok' }))
    } else account.setToken(`${platform}-ok`)
    await account.save()
  }
  return creator
}

/** Opens the select of `testid` and picks its first option (the active one) with the keyboard. */
async function pickFirst(page: Page, testid: string) {
  const select = page.locator(`[data-testid=${testid}]`)
  await select.click()
  await page.locator(`[data-testid=${testid}].ant-select-open`).waitFor()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-active').last().waitFor()
  await page.keyboard.press('Enter')
  await select.locator('.ant-select-selection-item').waitFor()
}

/** Types `name` into the creator picker and picks the creator. */
async function chooseCreator(page: Page, name: string) {
  await page.locator('[data-testid=creator-select]').click()
  await page.keyboard.type(name)
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
    hasText: name,
  })
  await option.waitFor()
  await option.click()
}

/**
 * The Upload Station as a person uses it (SPEC §2 'Video Upload Station'):
 * a creator whose three logins are checked, a video sent with the
 * resumable protocol and continued after the page was reloaded mid-way,
 * the fields filled from each platform's lists, the launch, the waiting
 * list turning into results as the platforms answer — and a platform
 * whose login expired in between showing its own message and the link to
 * fix it.
 */
test.group('upload station', (group) => {
  setupFunctionalGroup(group)
  let folder = ''
  group.setup(async () => {
    const fake = await FakePlatforms.shared()
    return async () => {
      fake.resetKnobs()
      await FakePlatforms.stop()
    }
  })
  group.each.setup(async () => {
    await dropQueuedPublications()
    uploadLookupCache.clear()
    const fake = await FakePlatforms.shared()
    fake.resetKnobs()
    folder = mkdtempSync(join(tmpdir(), 'mcn-station-'))
    const restore = setEnv('DRIVE_ROOT', folder)
    Transfers.reset()
    return () => {
      restore()
      Transfers.reset()
      rmSync(folder, { recursive: true, force: true })
    }
  })

  test('three platforms: a transfer continued after a reload, waiting list to results ({$self})')
    .with(['en', 'kr'] as const)
    .run(async ({ visit, assert }, lang) => {
      const words = wordsOf(lang === 'kr' ? 'ko' : 'en')
      const creator = await creatorWithLogins(lang === 'kr' ? '서현의 하루' : 'Sunny Cooks')
      const staff = await UserFactory.merge({ role: 'admin' }).create()
      const video = join(folder, 'walk.mp4')
      const thumbnail = join(folder, 'cover.png')
      writeFileSync(video, tinyMp4(40, 20 * 1024 * 1024))
      writeFileSync(thumbnail, await tinyPng())

      const page = await signedIn(visit, staff, lang)
      await page.goto('/app/upload_main')
      await page.locator('[data-testid=upload-stats]').waitFor()
      await page.getByText(words.station.waiting_empty).waitFor()
      await page.locator('[data-testid=launchpad-open]').click()
      await page.waitForURL('**/app/upload_main/upload_station')
      await chooseCreator(page, creator.channelName!)
      for (const platform of ['bilibili', 'xigua', 'haokan']) {
        await page.locator(`[data-testid=login-${platform}].ant-tag-success`).waitFor()
      }

      // the second part of the video never arrives: the page is reloaded mid-transfer
      let patches = 0
      await page.route('**/api/video/upload_file/**', async (route) => {
        if (route.request().method() !== 'PATCH') return route.continue()
        patches++
        return patches === 1 ? route.continue() : route.abort()
      })
      const firstPart = page.waitForResponse(
        (response) => response.request().method() === 'PATCH' && response.status() === 204
      )
      await page.locator('[data-testid=file-video] input[type=file]').setInputFiles(video)
      await firstPart
      await page.reload()
      await page.unroute('**/api/video/upload_file/**')

      await page.locator('[data-testid=launchpad]').waitFor()
      await chooseCreator(page, creator.channelName!)
      await page.locator('[data-testid=file-video] input[type=file]').setInputFiles(video)
      await page.locator('[data-testid=file-thumbnail] input[type=file]').setInputFiles(thumbnail)
      const status = page.locator('[data-testid=file-video-status]')
      await status.getByText(pattern(words.station.file_status.resumed)).waitFor()
      await status.getByText(words.station.file_status.done).waitFor()
      await page
        .locator('[data-testid=file-thumbnail-status]')
        .getByText(words.station.file_status.done)
        .waitFor()

      await page.locator('[data-testid=title]').fill('A walk through the studio, morning to night')
      await page.locator('[data-testid=tags] input').fill('studio,vlog,')
      for (const platform of ['bilibili', 'xigua', 'haokan']) {
        await pickFirst(page, `category-${platform}`)
        await pickFirst(page, `subcategory-${platform}`)
        if (platform !== 'haokan') await pickFirst(page, `event-${platform}`)
      }
      await page.locator('[data-testid=original-haokan] input').first().check()
      // the title is over Bilibili's 30 characters: cut, and said so
      await page
        .locator('[data-testid=upload-notices]')
        .getByText(pattern(words.notices.title_cut))
        .waitFor()
      await screenshot(page, `upload-station-launchpad-${lang}`)

      await page.locator('[data-testid=launch]').click()
      const waiting = page.locator('[data-testid=waiting-list] [data-status=running]')
      await waiting.waitFor()
      assert.equal(await waiting.locator('[data-status=requesting]').count(), 3)
      const task = await UploadTask.query().where('creator_id', creator.id).firstOrFail()
      assert.equal(task.videoSize, statSync(video).size)

      // Haokan's login expires before its turn; the others publish
      const fake = await FakePlatforms.shared()
      fake.expire('haokan', 'haokan-ok')
      const publications = await UploadPublication.query().where('task_id', task.id)
      for (const publication of publications) await PublicationRunner.run(publication.id)

      const result = page.locator(`[data-testid=result-list] [data-testid=task-${task.id}]`)
      await result.waitFor({ timeout: 15_000 })
      assert.equal(await result.getAttribute('data-status'), 'partial')
      await result
        .locator(`[data-testid=publication-${task.id}-bilibili][data-status=success]`)
        .waitFor()
      await result
        .locator(`[data-testid=publication-${task.id}-xigua][data-status=success]`)
        .waitFor()
      const haokan = result.locator(`[data-testid=publication-${task.id}-haokan]`)
      await haokan.getByText(words.errors.platform_failed.haokan).waitFor()
      const fix = haokan.getByRole('link', { name: words.errors.fix_login })
      assert.equal(
        await fix.getAttribute('href'),
        `/app/modify_creator?id=${creator.id}&tab=haokan`
      )
      assert.equal(
        await page.locator('[data-testid=waiting-list] [data-status=running]').count(),
        0
      )
      await screenshot(page, `upload-station-results-${lang}`)
    })
    .timeout(120_000)
})
