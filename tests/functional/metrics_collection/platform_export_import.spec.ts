import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import AuditLog from '#models/audit_log'
import Creator from '#models/creator'
import CreatorPlatformAccount from '#models/creator_platform_account'
import { CreatorFactory } from '#database/factories/creator_factory'
import { MetricSnapshotFactory } from '#database/factories/metric_factory'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { snapshotsOf, totalsOf } from '#tests/helpers/collection'
import { assertNoPermission, errorsOf } from '#tests/helpers/requests'
import {
  exportCsv,
  exportFixture,
  exportUpload,
  exportWorkbook,
} from '#tests/helpers/platform_exports'
import type { PlatformKey } from '#shared/constants'
import { XLSX_MIME } from '#support/xlsx'

/*
| POST /api/creators/:id/accounts/:platform/imports: a platform's own
| creator-center export (tests/fixtures/platforms/exports, titles as the
| platforms publish them) written as the account's 'imported' days.
*/

async function accountOn(platform: PlatformKey) {
  const creator = await CreatorFactory.with('accounts', 1, (account) =>
    account.merge({ platform, fans: 0 })
  ).create()
  return { creator, account: creator.accounts[0] }
}

type Upload = { bytes: Buffer; filename: string; contentType: string }

function upload(
  client: any,
  user: any,
  creatorId: number,
  platform: string,
  file: Upload,
  range: { from: string; to: string },
  lang = 'en'
) {
  return client
    .post(`/api/creators/${creatorId}/accounts/${platform}/imports`)
    .loginAs(user)
    .header('lang', lang)
    .field('from', range.from)
    .field('to', range.to)
    .file('file', file.bytes, { filename: file.filename, contentType: file.contentType })
}

const pick = (rows: Record<string, any>[], ...columns: string[]) =>
  rows.map((row) => columns.map((column) => row[column]))

async function collected(
  account: CreatorPlatformAccount,
  date: string,
  values: Record<string, number>,
  source: 'official' | 'carried' = 'official'
) {
  await MetricSnapshotFactory.merge({
    accountId: account.id,
    creatorId: account.creatorId,
    platform: account.platform,
    snapshotDate: date,
    source,
    adapter: source,
    ...values,
  }).create()
}

test.group('metrics / platform export import', (group) => {
  setupFunctionalGroup(group)

  test('a Douyin 账号总览 export: totals as given, daily plays added to the day before', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const { creator, account } = await accountOn('douyin')
    await collected(account, '2026-11-19', {
      fans: 80_294,
      views: 1_000_000,
      likes: 50_000,
      comments: 5_000,
      shares: 1_000,
    })
    const file = await exportUpload('douyin_account_overview')
    const response = await upload(client, staff, creator.id, 'douyin', file, {
      from: '2026-11-20',
      to: '2026-11-23',
    })
    response.assertStatus(200)
    assert.include(response.body().data, {
      written: 4,
      replaced: 0,
      kept_collected: 0,
      outside_range: 1,
      error_rows: 0,
      first_written: '2026-11-20',
      last_written: '2026-11-23',
    })
    // 主页访问, 封面点击率 and 取关粉丝 are not read, and said so
    const unread = response.body().data.warnings.map((warning: any) => warning.title)
    assert.includeMembers(unread, ['主页访问', '封面点击率', '取关粉丝'])

    const rows = await snapshotsOf(account.id)
    assert.deepEqual(
      pick(rows, 'snapshot_date', 'source', 'fans', 'fans_diff', 'views', 'views_diff'),
      [
        ['2026-11-19', 'official', 80_294, 0, 1_000_000, 0],
        ['2026-11-20', 'imported', 80_351, 57, 1_018_432, 18_432],
        ['2026-11-21', 'imported', 80_425, 74, 1_041_342, 22_910],
        ['2026-11-22', 'imported', 80_414, -11, 1_056_419, 15_077],
        ['2026-11-23', 'imported', 80_546, 132, 1_087_664, 31_245],
      ]
    )
    assert.deepEqual(pick(rows.slice(1, 2), 'likes', 'likes_diff', 'comments', 'shares'), [
      [51_304, 1_304, 5_143, 1_088],
    ])
    const [total] = await totalsOf('2026-11-23')
    assert.include(total, { platform: 'douyin', accounts: 1, fans: 80_546, views_diff: 31_245 })
    await account.refresh()
    assert.equal(account.fans, 80_546)
    const stored = await Creator.findOrFail(creator.id)
    assert.equal(stored.totalFans, 80_546)
    const audit = await AuditLog.query().where('action', 'creator.metrics_import').firstOrFail()
    assert.include(audit.meta as any, { account_id: account.id, written: 4, outside_range: 1 })
  })

  test('a Kuaishou 数据概览 export keeps the collected day, replaces a carried one, counts the rest', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    const { creator, account } = await accountOn('kwai')
    await collected(account, '2026-11-12', { fans: 156_300, views: 2_000_000 })
    await collected(account, '2026-11-13', { fans: 156_300, views: 2_000_000 }, 'carried')
    const file = await exportUpload('kuaishou_data_overview')
    const response = await upload(client, manager, creator.id, 'kwai', file, {
      from: '2026-11-10',
      to: '2026-11-13',
    })
    response.assertStatus(200)
    assert.include(response.body().data, {
      written: 3,
      replaced: 1,
      kept_collected: 1,
      outside_range: 1,
    })
    assert.deepEqual(response.body().data.kept_dates, ['2026-11-12'])
    const rows = await snapshotsOf(account.id)
    assert.deepEqual(pick(rows, 'snapshot_date', 'source', 'fans', 'fans_diff', 'views'), [
      // 3.2万 plays and 15.6万 fans, as Kuaishou writes them
      ['2026-11-10', 'imported', 156_000, 120, 32_000],
      ['2026-11-11', 'imported', 156_098, 98, 61_871],
      // the collected day keeps its figures (its differences now against the day before)
      ['2026-11-12', 'official', 156_300, 202, 2_000_000],
      // "-": no net fans that day, the difference from the totals; plays from the collected day
      ['2026-11-13', 'imported', 156_339, 39, 2_035_110],
    ])
  })

  test('a Bilibili 数据中心 CSV (UTF-8 with BOM) is read as a workbook is', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const { creator, account } = await accountOn('bilibili')
    const file = await exportUpload('bilibili_data_center')
    assert.equal(file.filename, 'bilibili_data_center.csv')
    const response = await upload(client, staff, creator.id, 'bilibili', file, {
      from: '2026-11-01',
      to: '2026-11-30',
    })
    response.assertStatus(200)
    assert.include(response.body().data, { written: 3, outside_range: 0, error_rows: 0 })
    const rows = await snapshotsOf(account.id)
    assert.deepEqual(
      pick(rows, 'snapshot_date', 'fans', 'fans_diff', 'views', 'likes', 'danmaku', 'coins'),
      [
        ['2026-11-01', 12_031, 31, 5_120, 402, 88, 140],
        ['2026-11-02', 12_076, 45, 11_553, 913, 190, 311],
        ['2026-11-03', 12_073, -3, 16_423, 1_263, 250, 410],
      ]
    )
  })

  test('importing again replaces imported days and changes only the metrics the file gives', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const { creator, account } = await accountOn('douyin')
    const range = { from: '2026-11-20', to: '2026-11-23' }
    await upload(
      client,
      staff,
      creator.id,
      'douyin',
      await exportUpload('douyin_account_overview'),
      range
    )
    const before = await snapshotsOf(account.id)
    // a download of one metric (数据表现 › 作品点赞) for the 23rd and 24th
    const likes = await upload(
      client,
      staff,
      creator.id,
      'douyin',
      await exportUpload('douyin_likes_daily'),
      {
        from: '2026-11-23',
        to: '2026-11-24',
      }
    )
    likes.assertStatus(200)
    assert.include(likes.body().data, { written: 2, replaced: 1, kept_collected: 0 })
    const rows = await snapshotsOf(account.id)
    assert.lengthOf(rows, 5)
    const day22 = before[2]
    assert.deepEqual(pick(rows.slice(3), 'snapshot_date', 'likes', 'likes_diff', 'fans', 'views'), [
      ['2026-11-23', day22.likes + 2_520, 2_520, before[3].fans, before[3].views],
      ['2026-11-24', day22.likes + 2_520 + 2_011, 2_011, before[3].fans, before[3].views],
    ])
    // the same file again: the same rows
    await upload(client, staff, creator.id, 'douyin', await exportUpload('douyin_likes_daily'), {
      from: '2026-11-23',
      to: '2026-11-24',
    })
    const columns = ['snapshot_date', 'source', 'fans', 'fans_diff', 'views', 'likes', 'likes_diff']
    assert.deepEqual(pick(await snapshotsOf(account.id), ...columns), pick(rows, ...columns))
  })

  test('rows that cannot be read are listed by row in the reader language; the rest is written', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const { creator, account } = await accountOn('douyin')
    const fixture = await exportFixture('douyin_account_overview')
    const rows = [
      fixture.rows[0],
      ['昨天', ...fixture.rows[1].slice(1)],
      [fixture.rows[2][0], 'abc', ...fixture.rows[2].slice(2)],
      ['2026-11-20', ...fixture.rows[3].slice(1)],
    ]
    const bytes = await exportWorkbook({ ...fixture, rows }, ['抖音创作者中心 数据导出'])
    const response = await upload(
      client,
      staff,
      creator.id,
      'douyin',
      { bytes, filename: 'export.XLSX', contentType: XLSX_MIME },
      { from: '2026-11-01', to: '2026-11-30' },
      'ch'
    )
    response.assertStatus(200)
    assert.include(response.body().data, { written: 1, error_rows: 3 })
    assert.deepEqual(response.body().data.errors, [
      { row: 4, column: 'date', message: '无法识别日期“昨天”（请写成 2026-07-01）。' },
      { row: 5, column: 'views_diff', message: '“abc”不是数字。' },
      { row: 6, column: 'date', message: '2026-11-20 已在第 3 行出现。' },
    ])
    assert.lengthOf(await snapshotsOf(account.id), 1)
  })

  test('a lying file, wrong columns or a wrong kind: 4xx in the reader language, nothing written', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const { creator, account } = await accountOn('kwai')
    const range = { from: '2026-11-01', to: '2026-11-30' }
    const send = (file: Upload, lang: string) =>
      upload(client, staff, creator.id, 'kwai', file, range, lang)

    const lying = await send(
      {
        bytes: Buffer.from('日期,播放量\n2026-11-01,5\n'),
        filename: 'kuaishou.xlsx',
        contentType: XLSX_MIME,
      },
      'kr'
    )
    lying.assertStatus(422)
    assert.equal(
      lying.body().message,
      '스튜디오가 읽을 수 있는 Excel 통합 문서나 CSV 파일이 아닙니다.'
    )

    const binary = await send(
      {
        bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 1, 2]),
        filename: 'kuaishou.csv',
        contentType: 'text/csv',
      },
      'jp'
    )
    binary.assertStatus(422)
    assert.equal(
      binary.body().message,
      'スタジオで読み取れる Excel ブックまたは CSV ファイルではありません。'
    )

    const columns = await send(
      {
        bytes: await exportWorkbook({
          sheet: 'Revenue',
          titles: ['Brand No.', 'Amount'],
          rows: [['KR1', 5]],
        }),
        filename: 'kuaishou.xlsx',
        contentType: XLSX_MIME,
      },
      'ch'
    )
    columns.assertStatus(422)
    assert.include(columns.body().message, '未找到平台导出文件的列')
    assert.include(columns.body().message, '净增粉丝量')

    const noDate = await send(
      {
        bytes: exportCsv({ titles: ['播放量', '点赞量'], rows: [[1, 2]] }),
        filename: 'k.csv',
        contentType: 'text/csv',
      },
      'en'
    )
    noDate.assertStatus(422)
    assert.equal(noDate.body().message, 'The file has no date column (日期).')

    const pdf = await send(
      { bytes: Buffer.from('%PDF-1.4'), filename: 'kuaishou.pdf', contentType: 'application/pdf' },
      'en'
    )
    pdf.assertStatus(422)
    assert.equal(pdf.body().message, "Choose the platform's export: an .xlsx or .csv file.")

    assert.lengthOf(await snapshotsOf(account.id), 0)
  })

  test('the range is checked, and a role without access is refused', async ({ client, assert }) => {
    const staff = await UserFactory.create()
    const { creator } = await accountOn('douyin')
    const file = await exportUpload('douyin_likes_daily')

    const backwards = await upload(client, staff, creator.id, 'douyin', file, {
      from: '2026-11-24',
      to: '2026-11-23',
    })
    backwards.assertStatus(422)
    assert.deepEqual(errorsOf(backwards), ['to:range_order'])
    const future = await upload(client, staff, creator.id, 'douyin', file, {
      from: '2026-11-24',
      to: '2999-01-01',
    })
    future.assertStatus(422)
    assert.deepEqual(errorsOf(future), ['to:not_future'])
    const missing = await upload(client, staff, creator.id, 'youtube', file, {
      from: '2026-11-23',
      to: '2026-11-24',
    })
    missing.assertStatus(404)

    for (const role of ['finance', 'creator', 'company'] as const) {
      const user = await UserFactory.apply(role).create()
      assertNoPermission(
        await upload(client, user, creator.id, 'douyin', file, {
          from: '2026-11-23',
          to: '2026-11-24',
        })
      )
    }
    assert.lengthOf(await db.from('metric_snapshots'), 0)
  })
})
