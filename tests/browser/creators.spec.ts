/// <reference lib="dom" />
import { test } from '@japa/runner'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright'
import ExcelJS from 'exceljs'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import AuditLog from '#models/audit_log'
import QueueService from '#queue/main'
import Creator from '#models/creator'
import CreatorPlatformAccount from '#models/creator_platform_account'
import Team from '#models/team'
import { UserFactory } from '#database/factories/user_factory'
import {
  CreatorFactory,
  PlatformAccountFactory,
  PortraitFactory,
  withPrivate,
} from '#database/factories/creator_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { FACTORY_PASSWORD, SECURITY_CODE, userWithCode } from '#tests/helpers/users'
import { screenshot, signedIn } from '#tests/helpers/browser'
import type { PlatformKey, PrivateField } from '#shared/constants'

interface CreatorSeed {
  brandNo: string
  channelName: string
  channelNameZh?: string
  contractorName: string
  kind?: 'CR' | 'IP' | 'CH'
  category?: Creator['category']
  team?: string
  failing?: boolean
  terminated?: boolean
  privateData?: Partial<Record<PrivateField, string>>
  accounts?: { platform: PlatformKey; uid: string; fans: number; tokenStatus?: number }[]
}

/** A creator with platform accounts and private data (the API engineer's factories). */
async function makeCreator(seed: CreatorSeed) {
  const team = seed.team ? await Team.findBy('key', seed.team) : null
  const creator = await CreatorFactory.merge({
    brandNo: seed.brandNo,
    contractNo: `C-${seed.brandNo}`,
    kind: seed.kind ?? 'CR',
    contractorName: seed.contractorName,
    channelName: seed.channelName,
    channelNameZh: seed.channelNameZh ?? null,
    category: seed.category ?? 'vlog',
    contractDate: DateTime.fromISO('2024-03-01'),
    endDate: DateTime.fromISO('2027-02-28'),
    cancelDate: seed.terminated ? DateTime.fromISO('2025-06-30') : null,
    contractStatus: seed.terminated ? 'terminated' : 'valid',
    hasAuthorizationDoc: true,
    minMonthlyVideos: 4,
    cpTeamId: team?.id ?? null,
    totalFans: (seed.accounts ?? []).reduce((sum, account) => sum + account.fans, 0),
    failing: Boolean(seed.failing),
  })
    .tap(withPrivate(seed.privateData ?? {}))
    .create()
  for (const account of seed.accounts ?? []) {
    await PlatformAccountFactory.merge({
      creatorId: creator.id,
      platform: account.platform,
      uid: account.uid,
      fans: account.fans,
      tokenStatus: account.tokenStatus ?? 0,
    }).create()
  }
  return creator
}

/** Three creators that the search and filters tell apart. */
async function threeCreators() {
  const sunny = await makeCreator({
    brandNo: 'MCN-90001',
    channelName: 'Sunny Cooks',
    channelNameZh: '阳光厨房',
    contractorName: '김하늘',
    kind: 'CR',
    category: 'food',
    team: 'cp1',
    privateData: {
      phone: '01012345678',
      email: 'sunny@example.com',
      passport_no: 'M12345678',
      bank_account: '110-234-567890',
    },
    accounts: [
      { platform: 'bilibili', uid: '778899001', fans: 120_000 },
      { platform: 'weibo', uid: '5566778899', fans: 30_500 },
    ],
  })
  const pixel = await makeCreator({
    brandNo: 'MCN-90002',
    channelName: 'Pixel Arcade',
    contractorName: '이도윤',
    kind: 'CH',
    category: 'game',
    team: 'cp2',
    failing: true,
    accounts: [{ platform: 'douyin', uid: 'pixel_dy', fans: 2_500_000, tokenStatus: 1 }],
  })
  const moon = await makeCreator({
    brandNo: 'MCN-90003',
    channelName: 'Moon Dance',
    contractorName: '박서연',
    kind: 'IP',
    category: 'dance',
    team: 'cp1',
    terminated: true,
    accounts: [{ platform: 'xigua', uid: 'moon_xg', fans: 8_000 }],
  })
  return { sunny, pixel, moon }
}

/** Fans and non-fans portraits of one platform, shares as fractions. */
async function addPortraits(creatorId: number) {
  const sets: Record<string, Record<string, number>> = {
    sex: { female: 0.62, male: 0.36, unknown: 0.02 },
    age: { '<18': 0.08, '18-24': 0.34, '25-30': 0.29, '31-40': 0.2, '>40': 0.09 },
    region: { 广东: 0.18, 北京: 0.14, 上海: 0.12, 浙江: 0.09, 江苏: 0.08 },
    device: { android: 0.58, ios: 0.4, pc: 0.02 },
    partition: { 美食: 0.44, 生活: 0.31, 旅行: 0.15 },
    label: { 家常菜: 0.38, 探店: 0.27, 烘焙: 0.21 },
  }
  for (const audience of ['fans', 'non_fans'] as const) {
    for (const [dimension, buckets] of Object.entries(sets)) {
      for (const [bucket, share] of Object.entries(buckets)) {
        await PortraitFactory.merge({
          creatorId,
          platform: 'bilibili',
          audience,
          dimension,
          bucket,
          share: audience === 'fans' ? share : Math.round(share * 0.9 * 10_000) / 10_000,
        }).create()
      }
    }
  }
}

/** A full-page picture for a person reviewing the whole screen. */
async function fullScreenshot(page: Page, name: string) {
  await page.screenshot({
    path: app.makePath('tests/browser/screenshots', `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  })
}

/**
 * The security code dialog of a creator form's save: a wrong code is
 * refused first, then the right one is sent. Answers the dialog.
 */
async function saveBehindSecurityCode(page: Page) {
  const modal = page
    .locator('.ant-modal')
    .filter({ has: page.locator('[data-testid=security-code-input]') })
  await modal.locator('[data-testid=security-code-input]').fill('135791')
  await modal.locator('.ant-modal-footer .ant-btn-primary').click()
  await modal.locator('.ant-form-item-explain-error').first().waitFor()
  await modal.locator('[data-testid=security-code-input]').fill(SECURITY_CODE)
  await modal.locator('.ant-modal-footer .ant-btn-primary').click()
  return modal
}

/** The channel names of the list's rows, once they equal `expected` (order-insensitive). */
async function waitForRows(page: Page, expected: string[], timeout = 15_000) {
  const wanted = [...expected].sort().join('|')
  const deadline = Date.now() + timeout
  let seen = ''
  while (Date.now() < deadline) {
    const names = await page.locator('[data-testid=creator-link]').allInnerTexts()
    seen = names
      .map((name) => name.trim())
      .sort()
      .join('|')
    if (seen === wanted) return
    await page.waitForTimeout(150)
  }
  throw new Error(`creator rows: expected [${wanted}], saw [${seen}]`)
}

/** Picks an option of an antd Select (the select found by its data-testid or the form field it wraps). */
async function choose(page: Page, select: string, option: string) {
  await page.locator(select).locator('.ant-select-selector').click()
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click()
}

async function search(page: Page, text: string) {
  const box = page.getByPlaceholder('Name, Chinese name, number or UID')
  await box.fill(text)
  await box.press('Enter')
}

test.group('creator screens', (group) => {
  setupFunctionalGroup(group)

  test('search and filter the creator list', async ({ visit, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    await threeCreators()
    const page = await signedIn(visit, admin)
    await page.goto('/app/customers')

    await waitForRows(page, ['Sunny Cooks', 'Pixel Arcade', 'Moon Dance'])
    await page.locator('[data-testid=summary-total]').getByText('3').waitFor()
    assert.include(await page.locator('[data-testid=summary-CH]').innerText(), '1')
    assert.include(
      await page.locator('[data-testid=creator-table]').innerText(),
      '2,500,000',
      'fans in the locale format'
    )
    assert.equal(
      await page
        .locator('[data-testid=creator-table] a[href$="/app/modify_creator?id=' + '"]')
        .count(),
      0
    )
    assert.equal(
      await page.locator('[data-testid=creator-table] a[href*="/app/modify_creator?id="]').count(),
      3
    )
    assert.equal(
      await page.locator('[data-testid=creator-table] a[href*="/app/creator_info?id="]').count(),
      6
    )
    await page.locator('[data-testid=token-strip]').waitFor()
    await screenshot(page, 'en-creators-list')
    await fullScreenshot(page, 'en-creators-list-full')

    await search(page, 'Pixel')
    await waitForRows(page, ['Pixel Arcade'])
    await search(page, '778899001')
    await waitForRows(page, ['Sunny Cooks'])
    await search(page, '阳光')
    await waitForRows(page, ['Sunny Cooks'])
    await search(page, 'MCN-90003')
    await waitForRows(page, ['Moon Dance'])
    await search(page, 'nobody-has-this-name')
    await page.getByText('No search results').waitFor()

    await page.locator('[data-testid=filter-clear]').click()
    await waitForRows(page, ['Sunny Cooks', 'Pixel Arcade', 'Moon Dance'])

    await choose(page, '[data-testid=filter-kind]', 'IP / brand')
    await waitForRows(page, ['Moon Dance'])
    await page.locator('[data-testid=filter-clear]').click()

    await page.locator('[data-testid=filter-failing]').click()
    await waitForRows(page, ['Pixel Arcade'])
    await page.locator('[data-testid=filter-failing]').click()

    await choose(page, '[data-testid=filter-min_fans]', '1M or more')
    await waitForRows(page, ['Pixel Arcade'])
    await choose(page, '[data-testid=filter-min_fans]', '10K or more')
    await waitForRows(page, ['Sunny Cooks', 'Pixel Arcade'])

    await choose(page, '[data-testid=filter-team]', 'CP 1')
    await waitForRows(page, ['Sunny Cooks'])
    assert.include(page.url(), 'filters', 'the filters live in the address')
    await page.reload()
    await waitForRows(page, ['Sunny Cooks'])

    // Downloads go through the admin's HTTP client (token header) and an object URL.
    const [exportRequest, exported] = await Promise.all([
      page.waitForRequest((request) => request.url().includes('/api/creators/export')),
      page.waitForEvent('download'),
      page.locator('[data-testid=export]').click(),
    ])
    assert.include(exportRequest.url(), 'team=cp1', 'the export uses the list filters')
    assert.include(exportRequest.url(), 'min_fans=10000')
    assert.isDefined(exportRequest.headers().token)
    assert.match(exported.suggestedFilename(), /\.xlsx$/)
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-testid=download-template]').click(),
    ])
    assert.match(template.suggestedFilename(), /template.*\.xlsx$/)

    await page.locator('[data-testid=filter-clear]').click()
    await choose(page, '[data-testid=filter-contract_status]', 'Terminated')
    await waitForRows(page, ['Moon Dance'])
    await page.locator('[data-testid=filter-clear]').click()
    await waitForRows(page, ['Sunny Cooks', 'Pixel Arcade', 'Moon Dance'])

    // React Router commits address changes as transitions; a language switch in the
    // same instant remounts the screen with the address of a moment ago.
    await page.waitForTimeout(300)
    await page.locator('header [data-testid=lang-kr]').click()
    await page.locator('[data-testid=summary-total]').getByText('전체 크리에이터').waitFor()
    await waitForRows(page, ['Sunny Cooks', 'Pixel Arcade', 'Moon Dance'])
    await screenshot(page, 'kr-creators-list')
  })

  test('delete a creator from its row behind the security code', async ({ visit, assert }) => {
    const admin = await userWithCode('admin')
    const { pixel } = await threeCreators()
    const page = await signedIn(visit, admin)
    await page.goto('/app/customers')
    await waitForRows(page, ['Sunny Cooks', 'Pixel Arcade', 'Moon Dance'])
    assert.equal(
      await page
        .locator(`[data-testid=creator-table] a[href$="/app/creator_info?id=${pixel.id}"] button`)
        .getAttribute('title'),
      'Show',
      "a row's detail button is named by its title"
    )

    await page.locator(`[data-testid=delete-${pixel.id}]`).click()
    const modal = page
      .locator('.ant-modal')
      .filter({ has: page.locator('[data-testid=security-code-input]') })
    await modal.getByText('Delete Pixel Arcade?').waitFor()
    await modal.locator('[data-testid=security-code-input]').fill('135791')
    await modal.locator('.ant-modal-footer .ant-btn-primary').click()
    await modal.locator('.ant-form-item-explain-error').waitFor()
    assert.isNotNull(await Creator.find(pixel.id), 'a wrong code deletes nothing')

    await modal.locator('[data-testid=security-code-input]').fill(SECURITY_CODE)
    await modal.locator('.ant-modal-footer .ant-btn-primary').click()
    await page.getByText('Pixel Arcade was deleted').waitFor()
    await waitForRows(page, ['Sunny Cooks', 'Moon Dance'])
    assert.isNull(await Creator.find(pixel.id))
  })

  test('open a detail and reveal private information with the security code', async ({
    visit,
    assert,
  }) => {
    const admin = await userWithCode('admin')
    const { sunny } = await threeCreators()
    await addPortraits(sunny.id)
    const page = await signedIn(visit, admin)
    await page.goto('/app/customers')
    await waitForRows(page, ['Sunny Cooks', 'Pixel Arcade', 'Moon Dance'])

    await page.locator('[data-testid=creator-link]', { hasText: 'Sunny Cooks' }).click()
    await page.waitForURL(`**/app/creator_info?id=${sunny.id}`)
    await page.locator('[data-testid=creator-title]', { hasText: 'Sunny Cooks' }).waitFor()
    assert.equal(
      await page.locator('[data-testid=channel-link-bilibili]').getAttribute('href'),
      'https://space.bilibili.com/778899001'
    )
    assert.equal(
      await page.locator('[data-testid=channel-link-weibo]').getAttribute('href'),
      'https://weibo.com/u/5566778899'
    )

    const phone = page.locator('[data-testid=private-value-phone]')
    const masked = await phone.innerText()
    assert.equal(masked.trim(), '010****5678')
    assert.notInclude(await page.locator('body').innerText(), '01012345678')

    await page.locator('[data-testid=reveal-L1]').click()
    const modal = page
      .locator('.ant-modal')
      .filter({ has: page.locator('[data-testid=security-code-input]') })
    await modal.locator('[data-testid=security-code-input]').fill('135791')
    await modal.locator('.ant-modal-footer .ant-btn-primary').click()
    await modal.locator('.ant-form-item-explain-error').waitFor()

    await modal.locator('[data-testid=security-code-input]').fill(SECURITY_CODE)
    await modal.locator('.ant-modal-footer .ant-btn-primary').click()
    await phone.getByText('01012345678').waitFor()
    await page.locator('[data-testid=countdown-L1]').waitFor()
    assert.include(
      await page.locator('[data-testid=private-value-email]').innerText(),
      'sunny@example.com'
    )
    const bankAccount = await page.locator('[data-testid=private-value-bank_account]').innerText()
    assert.equal(bankAccount.trim(), '**********7890')

    const reveal = await AuditLog.query().where('action', 'creator.reveal').first()
    assert.isNotNull(reveal, 'the reveal is in the studio log')
    assert.equal(reveal!.userId, admin.id)

    await page.getByPlaceholder('Write a memo for the team…').fill('Asked about the March collab.')
    await page.locator('[data-testid=memo-add]').click()
    await page
      .locator('[data-testid=memo-item]', { hasText: 'Asked about the March collab.' })
      .waitFor()
    assert.include(await page.locator('[data-testid=memo-item]').first().innerText(), admin.name)

    await page.locator('[data-testid=add-compare]').click()
    assert.equal(
      await page.evaluate(() => localStorage.getItem('mcn.compare')),
      JSON.stringify([sunny.id])
    )
    await page.locator('[data-testid=compare-tray]', { hasText: '1/5' }).waitFor()
    await page.mouse.move(0, 0)

    await page.locator('[data-testid=portraits]').waitFor()
    await page.locator('[data-testid=chart-bar]').first().waitFor()
    await page.locator('[data-testid=chart-pie]').first().waitFor()
    await page.waitForTimeout(800)
    await screenshot(page, 'en-creator-detail')
    await fullScreenshot(page, 'en-creator-detail-full')

    await page.locator('header [data-testid=lang-jp]').click()
    await page.locator('[data-testid=private-info]').getByText('個人情報').waitFor()
    await page.waitForTimeout(800)
    await screenshot(page, 'jp-creator-detail')
    await fullScreenshot(page, 'jp-creator-detail-full')
  })

  test('a detail opened by its address reads its creator once, asked for at start-up', async ({
    visit,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const { sunny, pixel } = await threeCreators()
    const page = await signedIn(visit, admin)
    const reads: string[] = []
    const asked: string[] = []
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (/^\/api\/creators\/\d+$/.test(path) && request.method() === 'GET') reads.push(path)
      // what the detail's own page asked for, in order (the page signed in before had its own)
      const from = request.headers()['referer'] ?? ''
      if (from.includes(`/app/creator_info?id=${sunny.id}`)) asked.push(path)
    })

    await page.goto(`/app/creator_info?id=${sunny.id}`)
    await page.locator('[data-testid=creator-show]').getByText('Sunny Cooks').first().waitFor()
    await page.locator('[data-testid=reveal-L1]').waitFor()
    assert.deepEqual(reads, [`/api/creators/${sunny.id}`])
    // asked for before the layout was drawn (its header asks for the unread letters)
    assert.include(asked, '/api/letters/unread')
    assert.isBelow(asked.indexOf(`/api/creators/${sunny.id}`), asked.indexOf('/api/letters/unread'))

    // moving to another creator inside the app reads that one afresh
    await page.goto('/app/customers')
    await waitForRows(page, ['Sunny Cooks', 'Pixel Arcade', 'Moon Dance'])
    await page.locator(`a[href*="/app/creator_info?id=${pixel.id}"]`).first().click()
    await page.locator('[data-testid=creator-show]').getByText('Pixel Arcade').first().waitFor()
    assert.deepEqual(reads.slice(1), [`/api/creators/${pixel.id}`])

    // a creator that does not exist: the early answer's 404 reaches the screen
    await page.goto('/app/creator_info?id=999999')
    await page.getByText('This creator does not exist or was deleted.').waitFor()
  })

  test('staff see the list and the contact level only', async ({ visit, assert }) => {
    const staff = await UserFactory.create()
    const { sunny } = await threeCreators()
    const page = await signedIn(visit, staff)
    await page.goto('/app/customers')
    await waitForRows(page, ['Sunny Cooks', 'Pixel Arcade', 'Moon Dance'])
    await page.locator('[data-testid=download-template]').waitFor()
    assert.equal(await page.locator('[data-testid=add-creator]').count(), 0)
    assert.equal(await page.locator('[data-testid=import]').count(), 0)
    assert.equal(await page.locator('[data-testid^=delete-]').count(), 0)

    await page.goto(`/app/creator_info?id=${sunny.id}`)
    await page.locator('[data-testid=reveal-L1]').waitFor()
    assert.equal(await page.locator('[data-testid=reveal-L2]').count(), 0)
    assert.equal(await page.locator('[data-testid=reveal-L3]').count(), 0)
    assert.equal(await page.locator('[data-testid=edit-creator]').count(), 0)
    assert.equal(await page.locator('[data-testid=terminate]').count(), 0)

    await page.locator('[data-testid=reveal-L1]').click()
    await page.locator('[data-testid=security-code-input]').fill(SECURITY_CODE)
    await page.locator('.ant-modal-footer .ant-btn-primary').click()
    await page.locator('[data-testid=security-code-missing]').waitFor()
    assert.include(
      await page.locator('[data-testid=security-code-missing]').innerText(),
      'Account Setting'
    )
  })

  test('add a creator through the form: a validation error first, then success', async ({
    visit,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await threeCreators()
    const page = await signedIn(visit, admin)
    await page.goto('/app/customers')
    await page.locator('[data-testid=add-creator]').click()
    await page.waitForURL('**/app/add_creator')

    await page.locator('#contractor_name').fill('한유리')
    await page.locator('#channel_name').fill('Yuri Travels')
    await page.locator('#channel_name_zh').fill('由莉旅行')
    await choose(page, '.ant-form-item:has(#category)', 'Travel')
    await page.locator('#min_monthly_videos').fill('-2')
    await page.locator('[data-testid=save-creator]').click()
    await page.getByText('Minimum monthly videos cannot be negative').waitFor()
    await screenshot(page, 'en-creator-form-error')
    assert.isNull(await Creator.findBy('channel_name', 'Yuri Travels'))

    // A rule only the server knows: the brand number is taken.
    await page.locator('#min_monthly_videos').fill('4')
    await page.locator('#brand_no').fill('MCN-90001')
    await page.locator('[data-testid=save-creator]').click()
    await page.locator('.ant-form-item:has(#brand_no) .ant-form-item-explain-error').waitFor()
    assert.isNull(await Creator.findBy('channel_name', 'Yuri Travels'))

    await page.locator('#brand_no').fill('')
    await page.locator('[data-testid=save-creator]').click()
    await page.waitForURL('**/app/creator_info?id=*')
    await page.locator('[data-testid=creator-title]', { hasText: 'Yuri Travels' }).waitFor()

    const created = await Creator.findByOrFail('channel_name', 'Yuri Travels')
    assert.equal(created.minMonthlyVideos, 4)
    assert.equal(created.category, 'travel')
    assert.equal(created.channelNameZh, '由莉旅行')
    assert.match(created.brandNo, /^[A-Z]+-\d{5}$/)
  })

  test('add a creator with platform settings in one request: whole or nothing', async ({
    visit,
    assert,
  }) => {
    const admin = await userWithCode('admin')
    await makeCreator({
      brandNo: 'MCN-90009',
      channelName: 'Holds The Uid',
      contractorName: '김도현',
      accounts: [{ platform: 'bilibili', uid: '4455667788', fans: 1_000 }],
    })
    const page = await signedIn(visit, admin)
    const writes: string[] = []
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/creators'))
        writes.push(`${request.method()} ${new URL(request.url()).pathname}`)
    })
    await page.goto('/app/add_creator')
    await page.locator('[data-testid=creator-form-create]').waitFor()
    await page.locator('#contractor_name').fill('오세훈')
    await page.locator('#channel_name').fill('Sehun Plays')
    await choose(page, '.ant-form-item:has(#category)', 'Games')
    await page.getByRole('tab', { name: /Bilibili/ }).click()
    await page.locator('#accounts_bilibili_uid').fill('4455667788')
    await page.locator('#accounts_bilibili_token').fill('tok_sehun_1')
    await page.getByRole('tab', { name: 'Basic' }).click()
    await page.locator('[data-testid=save-creator]').click()

    // Another creator holds the uid: the one request writes nothing and the error opens its tab.
    await page
      .locator('.ant-form-item:has(#accounts_bilibili_uid) .ant-form-item-explain-error')
      .first()
      .waitFor()
    assert.equal(
      await page.getByRole('tab', { name: /Bilibili/ }).getAttribute('aria-selected'),
      'true'
    )
    assert.equal(await page.locator('[data-testid=security-code-input]').count(), 0)
    assert.isNull(await Creator.findBy('channel_name', 'Sehun Plays'))

    await page.locator('#accounts_bilibili_uid').fill('4455667799')
    await page.locator('[data-testid=save-creator]').click()
    await page.waitForURL('**/app/creator_info?id=*')
    await page.locator('[data-testid=channel-link-bilibili]').waitFor()

    assert.deepEqual(writes, ['POST /api/creators', 'POST /api/creators'])
    const created = await Creator.query().where('channel_name', 'Sehun Plays')
    assert.lengthOf(created, 1)
    const account = await CreatorPlatformAccount.query()
      .where('creator_id', created[0].id)
      .where('platform', 'bilibili')
      .firstOrFail()
    assert.equal(account.uid, '4455667799')
    assert.equal(account.getToken(), 'tok_sehun_1')
  })

  test('edit a creator: platform tab rules, then save behind the security code', async ({
    visit,
    assert,
  }) => {
    const admin = await userWithCode('admin')
    const { sunny } = await threeCreators()
    const page = await signedIn(visit, admin)
    await page.goto(`/app/creator_info?id=${sunny.id}`)
    await page.locator('[data-testid=edit-creator]').click()
    await page.waitForURL(`**/app/modify_creator?id=${sunny.id}`)

    await page.locator('[data-testid=creator-form-edit]').waitFor()
    assert.equal(await page.locator('#channel_name').inputValue(), 'Sunny Cooks')
    assert.equal(
      await page.locator('#phone').inputValue(),
      '',
      'private values are never filled in'
    )
    assert.equal(await page.locator('#phone').getAttribute('placeholder'), '010****5678')

    await page.locator('#remark').fill('Prefers morning shoots.')
    await page.locator('#phone').fill('010-9876-5432')
    await page.getByRole('tab', { name: /Bilibili/ }).click()
    await page.locator('#accounts_bilibili_uid').fill('778899002')
    await page.locator('#accounts_bilibili_token').fill('tok_new_123')
    await page.locator('#accounts_bilibili_cookie').fill('{"SESSDATA": "abc"}')
    await page.getByRole('tab', { name: 'Basic' }).click()
    await page.locator('[data-testid=save-creator]').click()
    // A new token connects now: its cookie may only follow a day later (SPEC §4).
    // antd keeps a leaving copy of a message during its motion: wait for the first one.
    await page
      .locator('.ant-form-item-explain-error', { hasText: 'A cookie can be entered from' })
      .first()
      .waitFor()
    assert.equal(
      await page.getByRole('tab', { name: /Bilibili/ }).getAttribute('aria-selected'),
      'true'
    )
    await screenshot(page, 'en-creator-form-bilibili')

    await page.locator('#accounts_bilibili_cookie').fill('')
    // One Weibo cookie that does not hold both: only the server knows (SPEC §5).
    await page.getByRole('tab', { name: /Weibo/ }).click()
    await page.locator('#accounts_weibo_cookie').fill('{"SUB": "abc"}')
    await page.locator('[data-testid=save-creator]').click()
    const modal = await saveBehindSecurityCode(page)

    const weiboError = page.locator(
      '.ant-form-item:has(#accounts_weibo_cookie_2) .ant-form-item-explain-error'
    )
    await weiboError.first().waitFor()
    assert.include(page.url(), '/app/modify_creator')
    assert.equal(
      await page.getByRole('tab', { name: /Weibo/ }).getAttribute('aria-selected'),
      'true'
    )
    await screenshot(page, 'en-creator-form-weibo')
    // One request, one transaction: the refused save wrote none of the other changes either.
    await sunny.refresh()
    assert.notEqual(sunny.remark, 'Prefers morning shoots.')
    await page.locator('#accounts_weibo_cookie_2').fill('{"SUBP": "def"}')
    await page.locator('[data-testid=save-creator]').click()
    await modal.locator('[data-testid=security-code-input]').fill(SECURITY_CODE)
    await modal.locator('.ant-modal-footer .ant-btn-primary').click()
    await page.waitForURL(`**/app/creator_info?id=${sunny.id}`)
    await page.locator('[data-testid=creator-title]', { hasText: 'Sunny Cooks' }).waitFor()

    await sunny.refresh()
    assert.equal(sunny.remark, 'Prefers morning shoots.')
    assert.equal(sunny.getPrivate('phone'), '010-9876-5432')
    assert.equal(
      sunny.getPrivate('email'),
      'sunny@example.com',
      'untouched private values are kept'
    )
    const bilibili = await CreatorPlatformAccount.query()
      .where('creator_id', sunny.id)
      .where('platform', 'bilibili')
      .firstOrFail()
    assert.equal(bilibili.uid, '778899002')
    assert.equal(bilibili.getToken(), 'tok_new_123')
    const weibo = await CreatorPlatformAccount.query()
      .where('creator_id', sunny.id)
      .where('platform', 'weibo')
      .firstOrFail()
    assert.deepEqual(JSON.parse(weibo.getCookie()!), {
      cookie: { SUB: 'abc' },
      cookie_2: { SUBP: 'def' },
    })
  })

  test('set the security code and the termination code, then terminate a contract', async ({
    visit,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const { pixel } = await threeCreators()
    const page = await signedIn(visit, admin)

    await page.goto('/app/account')
    const card = page.locator('[data-testid=security-code-card]')
    await card.locator('[data-testid=security-code-status]', { hasText: 'Not set yet' }).waitFor()
    await card.locator('#current_password').fill('not-my-password')
    await card.locator('#code').fill(SECURITY_CODE)
    await card.locator('#code_confirmation').fill(SECURITY_CODE)
    await card.locator('[data-testid=security-code-save]').click()
    await card.locator('.ant-form-item-explain-error').waitFor()
    await card.locator('#current_password').fill(FACTORY_PASSWORD)
    await card.locator('#code').fill(SECURITY_CODE)
    await card.locator('#code_confirmation').fill(SECURITY_CODE)
    await card.locator('[data-testid=security-code-save]').click()
    await card.locator('[data-testid=security-code-status]', { hasText: /^Set$/ }).waitFor()
    await screenshot(page, 'en-account-security-code')
    await admin.refresh()
    assert.isNotNull(admin.securityCodeHash)

    await page.goto('/app/settings')
    await page.getByRole('tab', { name: 'Termination code' }).click()
    await page.locator('[data-testid=termination-status]', { hasText: 'Not set yet' }).waitFor()
    await page.locator('#code').fill('13572468')
    await page.locator('#code_confirmation').fill('13572468')
    await page.locator('#security_code').fill(SECURITY_CODE)
    await page.locator('[data-testid=termination-save]').click()
    await page.locator('[data-testid=termination-status] .ant-tag', { hasText: /^Set$/ }).waitFor()
    await screenshot(page, 'en-settings-termination')

    await page.goto(`/app/creator_info?id=${pixel.id}`)
    await page.locator('[data-testid=terminate]').click()
    const modal = page
      .locator('.ant-modal')
      .filter({ has: page.locator('[data-testid=termination-code-input]') })
    await modal.locator('[data-testid=termination-code-input]').fill('11112222')
    await modal.locator('.ant-modal-footer .ant-btn-primary').click()
    await modal
      .locator('.ant-form-item-explain-error', { hasText: 'Termination code error' })
      .waitFor()
    await modal.locator('[data-testid=termination-code-input]').fill('13572468')
    await modal.locator('.ant-modal-footer .ant-btn-primary').click()
    await page
      .locator('[data-testid=creator-header] [data-testid=contract-status]', {
        hasText: 'Terminated',
      })
      .waitFor()
    assert.equal(await page.locator('[data-testid=terminate]').count(), 0)

    await pixel.refresh()
    assert.equal(pixel.contractStatus, 'terminated')
    assert.equal(pixel.cancelDate?.toISODate(), DateTime.now().toISODate())
  })

  test('import the Excel template', async ({ visit, assert, client, cleanup }) => {
    // The web server runs the queue worker; the test server does not, so start it for this test.
    await QueueService.driver.startWorker()
    cleanup(() => QueueService.driver.stop())
    const admin = await UserFactory.apply('admin').create()
    await threeCreators()

    const request = client.get('/api/creators/template').loginAs(admin)
    request.request.responseType('blob')
    const response = await request
    response.assertStatus(200)
    const template = response.response.body as Buffer

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(template as any)
    const sheet = workbook.getWorksheet('Creators')!
    const columns = new Map<string, number>()
    sheet.getRow(2).eachCell((cell, index) => columns.set(String(cell.value), index))
    const row = sheet.getRow(4)
    const put = (key: string, value: string | number) => {
      assert.isTrue(columns.has(key), `template column ${key}`)
      row.getCell(columns.get(key)!).value = value
    }
    put('kind', 'CH')
    put('contractor_name', '정민재')
    put('channel_name', 'Minjae Eats')
    put('category', 'food')
    put('min_monthly_videos', 6)
    if (columns.has('bilibili_uid')) put('bilibili_uid', '9988776655')
    if (columns.has('bilibili_fans')) put('bilibili_fans', 45_000)
    row.commit()
    const folder = await mkdtemp(join(tmpdir(), 'mcn-import-'))
    const good = join(folder, 'creators-filled.xlsx')
    await writeFile(good, Buffer.from(await workbook.xlsx.writeBuffer()))

    row.getCell(columns.get('channel_name')!).value = null
    row.commit()
    const bad = join(folder, 'creators-broken.xlsx')
    await writeFile(bad, Buffer.from(await workbook.xlsx.writeBuffer()))

    const page = await signedIn(visit, admin)
    await page.goto('/app/customers')
    await waitForRows(page, ['Sunny Cooks', 'Pixel Arcade', 'Moon Dance'])

    await page.locator('[data-testid=import]').click()
    const modal = page
      .locator('.ant-modal')
      .filter({ has: page.locator('[data-testid=import-dragger]') })
    await modal.locator('input[type=file]').setInputFiles(bad)
    await modal.locator('[data-testid=import-errors]').waitFor({ timeout: 30_000 })
    assert.include(await modal.locator('[data-testid=import-errors]').innerText(), 'Channel Name')
    assert.isNull(await Creator.findBy('contractor_name', '정민재'))

    await modal.getByRole('button', { name: 'Import another file' }).click()
    await modal.locator('input[type=file]').setInputFiles(good)
    await modal.locator('[data-testid=import-progress]').waitFor({ timeout: 30_000 })
    await modal
      .locator('[data-testid=import-result]', { hasText: 'Import finished' })
      .waitFor({ timeout: 30_000 })
    assert.include(await modal.locator('[data-testid=import-result]').innerText(), 'Created 1')
    await screenshot(page, 'en-creators-import')
    await modal.locator('.ant-modal-footer .ant-btn-primary').click()

    await waitForRows(page, ['Minjae Eats', 'Sunny Cooks', 'Pixel Arcade', 'Moon Dance'])
    const imported = await Creator.findByOrFail('channel_name', 'Minjae Eats')
    assert.equal(imported.kind, 'CH')
    assert.equal(imported.minMonthlyVideos, 6)
  })
})
