import { test } from '@japa/runner'
import BoardPost from '#models/board_post'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'

test.group('board', (group) => {
  setupFunctionalGroup(group)

  test('write a post in Chinese, then find it by a word inside a sentence', async ({
    visit,
    assert,
  }) => {
    const staff = await UserFactory.merge({ name: '王芳' }).create()
    const page = await signedIn(visit, staff, 'ch')
    await page.goto('/app/board')
    await page.locator('[data-testid=board-write]').click()
    await page.locator('[data-testid=board-category]').click()
    await page.locator('.ant-select-item-option', { hasText: 'CP 数据分析' }).click()
    await page.locator('[data-testid=board-title]').fill('十一月快手直播带货复盘')
    const editor = page.locator('[data-testid=board-editor] .ql-editor')
    await editor.click()
    await page.keyboard.type('本月直播间的平均观看人数增长了三成，美妆类商品转化率最高。')
    await page.locator('[data-testid=board-publish]').click()
    await page
      .locator('[data-testid=board-post-title]', { hasText: '十一月快手直播带货复盘' })
      .waitFor()
    await screenshot(page, 'ch-board-post')

    const saved = await BoardPost.findByOrFail('title', '十一月快手直播带货复盘')
    assert.equal(saved.status, 'published')
    assert.include(saved.contentHtml, '美妆类商品转化率最高')

    await page.goto('/app/board')
    await page.locator('input[data-testid=board-search]').fill('转化率')
    await page.locator('input[data-testid=board-search]').press('Enter')
    await page
      .locator('[data-testid=board-table] .ant-table-row', { hasText: '十一月快手直播带货复盘' })
      .waitFor()
    const rows = await page.locator('[data-testid=board-table] .ant-table-row').count()
    assert.equal(rows, 1)
    await page.locator('input[data-testid=board-search]').fill('小红书')
    await page.locator('input[data-testid=board-search]').press('Enter')
    await page.getByText('没有搜索结果').waitFor()
    await screenshot(page, 'ch-board-search')
  })

  test('a draft stays in My drafts until it is published (English)', async ({ visit, assert }) => {
    const staff = await UserFactory.create()
    const page = await signedIn(visit, staff)
    await page.goto('/app/board?write=1')
    await page.locator('[data-testid=board-title]').fill('Thumbnail test plan')
    await page.locator('[data-testid=board-editor] .ql-editor').click()
    await page.keyboard.type('Two variants per video for a week.')
    await page.locator('[data-testid=board-save-draft]').click()
    await page
      .locator('[data-testid=board-post-title]', { hasText: 'Thumbnail test plan' })
      .waitFor()
    await page.getByText('Draft', { exact: true }).first().waitFor()
    const draft = await BoardPost.findByOrFail('title', 'Thumbnail test plan')
    assert.equal(draft.status, 'draft')
    assert.isNull(draft.publishedAt)
  })
})
