import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { UserFactory } from '#database/factories/user_factory'
import { CreatorFactory } from '#database/factories/creator_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { hostileWorkbook } from '../../../scripts/hostile_workbook.js'
import type User from '#models/user'

const MB = 1024 * 1024

/**
 * Sends `file` to an import while RSS is sampled and /api/health is asked
 * every 50 ms: answers the import's answer, the RSS growth and whether every
 * health answer came back 200.
 */
async function importUnderWatch(client: ApiClient, user: User, path: string, file: Buffer) {
  global.gc?.()
  const before = process.memoryUsage().rss
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 10)
  let importing = true
  const health: number[] = []
  const poller = (async () => {
    while (importing) {
      const answer = await client.get('/api/health')
      health.push(answer.status())
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  try {
    const response = await client
      .post(path)
      .loginAs(user)
      .file('file', file, { filename: 'sales.xlsx' })
    return { response, growth: peak - before, health }
  } finally {
    importing = false
    clearInterval(sampler)
    await poller
  }
}

test.group('security / workbooks are read with bounded memory', (group) => {
  setupFunctionalGroup(group)

  for (const lieAboutSize of [false, true]) {
    test(`a zip bomb (~1 MB unpacking to ~300 MB${lieAboutSize ? ', headers lying' : ''}) is refused with memory flat`, async ({
      client,
      assert,
    }) => {
      const admin = await UserFactory.apply('admin').create()
      // One row of 64 KB repeated: a few hundred KB on the wire, ~300 MB unpacked.
      const big = 'x'.repeat(64 * 1024)
      const bomb = await hostileWorkbook({
        rows: 4800,
        rowXml: (n) => `<row r="${n}"><c t="inlineStr"><is><t>${big}</t></is></c></row>`,
        lieAboutSize,
      })
      assert.isBelow(bomb.length, 2 * MB)
      const creator = await CreatorFactory.with('accounts', 1, (account) =>
        account.merge({ platform: 'douyin' })
      ).create()
      for (const path of [
        '/api/products/sales/import',
        '/api/creators/imports',
        '/api/revenues/import?month=2026-10',
        `/api/creators/${creator.id}/accounts/douyin/imports?from=2026-11-01&to=2026-11-30`,
      ]) {
        const { response, growth, health } = await importUnderWatch(client, admin, path, bomb)
        assert.oneOf(response.status(), [413, 422], `${path}: ${response.text()}`)
        assert.isString(response.body().message)
        assert.isBelow(growth, 100 * MB, `${path}: RSS grew ${Math.round(growth / MB)} MB`)
        assert.isTrue(
          health.every((status) => status === 200),
          `${path}: health ${health}`
        )
      }
    }).timeout(120_000)
  }

  test('a 100,000-row sales file is refused before it is loaded', async ({ client, assert }) => {
    const staff = await UserFactory.create()
    const rows = await hostileWorkbook({ rows: 100_000 })
    const { response, growth } = await importUnderWatch(
      client,
      staff,
      '/api/products/sales/import',
      rows
    )
    response.assertStatus(413)
    assert.include(response.body().message, '5010')
    assert.isBelow(growth, 100 * MB, `RSS grew ${Math.round(growth / MB)} MB`)
  }).timeout(120_000)
})
