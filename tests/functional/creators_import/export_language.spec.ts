import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { keyColumns } from '#tests/helpers/imports'
import { loadWorkbook } from '#tests/helpers/excel'

/** Titles (row 1) the export should carry for a few columns, per `lang` header. */
const EXPECTED = {
  en: {
    channel_name: 'Channel name',
    xigua_uid: 'Xigua UID',
    wechat_channels_fans: 'WeChat Channels fans',
    created_at: 'Created at',
  },
  kr: {
    channel_name: '채널명',
    xigua_uid: '시과 UID',
    wechat_channels_fans: '위챗 채널 팬 수',
    created_at: '등록 일시',
  },
  ch: {
    channel_name: '频道名称',
    xigua_uid: '西瓜视频 UID',
    wechat_channels_fans: '微信视频号 粉丝数',
    created_at: '创建时间',
  },
  jp: {
    channel_name: 'チャンネル名',
    xigua_uid: '西瓜視頻 UID',
    wechat_channels_fans: 'WeChat チャンネル ファン数',
    created_at: '登録日時',
  },
}

test.group('creators export / in the reader’s language', (group) => {
  setupFunctionalGroup(group)

  test('titles per language with platform names; keys stay; dates are real Excel dates', async ({
    client,
    assert,
  }) => {
    // 2026-11-02 03:04:05 UTC is 12:04 on the same day in the studio's zone (Asia/Seoul)
    const creator = await CreatorFactory.merge({
      channelName: 'Date check',
      contractDate: DateTime.fromISO('2026-03-01'),
      createdAt: DateTime.fromISO('2026-11-02T03:04:05Z'),
    })
      .with('accounts', 1, (account) => account.merge({ platform: 'wechat_channels', fans: 4 }))
      .create()
    const staff = await UserFactory.create()

    for (const [lang, titles] of Object.entries(EXPECTED)) {
      const response = await client.get('/api/creators/export').header('lang', lang).loginAs(staff)
      response.assertStatus(200)
      const workbook = await loadWorkbook(response.body())
      const sheet = workbook.getWorksheet('Creators export')!
      const columns = keyColumns(sheet)
      for (const [key, title] of Object.entries(titles)) {
        assert.equal(sheet.getRow(1).getCell(columns.get(key)!).value, title, `${lang}: ${key}`)
      }
      const cell = (key: string) => sheet.getRow(3).getCell(columns.get(key)!)
      assert.equal(cell('brand_no').value, creator.brandNo)
      assert.deepEqual(cell('created_at').value, new Date('2026-11-02T12:04:05.000Z'))
      assert.equal(cell('created_at').numFmt, 'yyyy-mm-dd hh:mm')
      assert.deepEqual(cell('contract_date').value, new Date('2026-03-01T00:00:00.000Z'))
      assert.equal(cell('contract_date').numFmt, 'yyyy-mm-dd')
      assert.equal(cell('wechat_channels_fans').value, 4)
    }
  })
})
