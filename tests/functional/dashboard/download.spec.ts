import { test } from '@japa/runner'
import { XLSX_MIME } from '#support/xlsx'
import { setupStaffGroup } from '#tests/helpers/functional'
import { seedDashboardDataset } from '#tests/helpers/metrics'
import { loadWorkbook, rowsOf } from '#tests/helpers/excel'

/** A day as the Excel date a workbook reads back. */
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`)

test.group('dashboard / Excel download', (group) => {
  const given = setupStaffGroup(group, seedDashboardDataset)

  test('an .xlsx of the week: overview, daily rows, platforms and the ranking', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/dashboard/download').loginAs(given.staff)
    response.assertStatus(200)
    assert.equal(response.header('content-type'), XLSX_MIME)
    assert.equal(
      response.header('content-disposition'),
      'attachment; filename="dashboard-2025-03-04_2025-03-10.xlsx"'
    )
    const workbook = await loadWorkbook(response.body())
    assert.deepEqual(
      workbook.worksheets.map((sheet) => sheet.name),
      ['Overview', 'Daily', 'Platforms', 'Ranking']
    )

    const overview = rowsOf(workbook.getWorksheet('Overview')!)
    assert.deepEqual(overview[0], ['Item', 'Value'])
    // dates are real Excel dates with a date format, not text
    assert.deepInclude(overview, ['Newest data date', day('2025-03-10')])
    assert.deepInclude(overview, ['Total fans', 16_150])
    assert.deepInclude(overview, ['YouTube fans', 10_400])
    // the range metrics table: fans 16150, +3080, 3080 / 18130
    assert.deepInclude(overview, ['Fans', 16_150, 3_080, 0.169884])

    const daily = rowsOf(workbook.getWorksheet('Daily')!)
    assert.equal(daily[0][0], 'Date')
    assert.equal(daily[0][1], 'Fans')
    assert.equal(daily[0][2], 'Fans change')
    assert.lengthOf(daily, 8) // title + 7 days
    // 10 March: fans 16150; changes A bili 100 + A yt 200 + B 100 + D 100 = 500
    assert.deepEqual(daily[7].slice(0, 3), [day('2025-03-10'), 16_150, 500])
    assert.equal(workbook.getWorksheet('Daily')!.getCell('A8').numFmt, 'yyyy-mm-dd')

    const platforms = rowsOf(workbook.getWorksheet('Platforms')!)
    assert.deepEqual(platforms[0].slice(0, 3), ['Platform', 'Accounts', 'Fans'])
    assert.deepEqual(
      platforms.slice(1).map((line) => line.slice(0, 4)),
      [
        ['Bilibili', 1, 2_000, 730],
        ['Douyin (TikTok)', 1, 3_750, 550],
        ['YouTube', 2, 10_400, 1_800],
        ['Total', 4, 16_150, 3_080],
      ]
    )

    const ranking = rowsOf(workbook.getWorksheet('Ranking')!)
    assert.deepEqual(ranking[0].slice(0, 3), ['Rank', 'Brand No.', 'Channel'])
    // by views gained: A 42000, D 40000, B 21000, E 0
    assert.deepEqual(
      ranking.slice(1).map((line) => [line[0], line[1], line[10]]),
      [
        [1, 'D-A', 42_000],
        [2, 'D-D', 40_000],
        [3, 'D-B', 21_000],
        [4, 'D-E', 0],
      ]
    )
    assert.equal(ranking[1][6], 'Bilibili, YouTube')
    assert.equal(ranking[1][14], 1_000_000)
    assert.notExists(ranking[2][14]) // D has no ad price
  })

  test('titles follow the language (lang header); a platform narrows it and the file name', async ({
    client,
    assert,
  }) => {
    const korean = await client
      .get('/api/dashboard/download')
      .header('lang', 'kr')
      .qs({ platform: 'youtube', start: '2025-03-09', end: '2025-03-10' })
      .loginAs(given.staff)
    korean.assertStatus(200)
    assert.equal(
      korean.header('content-disposition'),
      'attachment; filename="dashboard-youtube-2025-03-09_2025-03-10.xlsx"'
    )
    const workbook = await loadWorkbook(korean.body())
    const overview = rowsOf(workbook.getWorksheet('Overview')!)
    assert.deepEqual(overview[0], ['항목', '값'])
    assert.deepInclude(overview, ['총 팬 수', 10_400])
    assert.deepInclude(overview, ['플랫폼', '유튜브'])
    const daily = rowsOf(workbook.getWorksheet('Daily')!)
    assert.deepEqual(daily[0].slice(0, 3), ['날짜', '팬', '팬 증감'])
    // YouTube on 9 and 10 March: 6800 + 3300, 7000 + 3400
    assert.deepEqual(
      daily.slice(1).map((line) => line.slice(0, 2)),
      [
        [day('2025-03-09'), 10_100],
        [day('2025-03-10'), 10_400],
      ]
    )
    const ranking = rowsOf(workbook.getWorksheet('Ranking')!)
    assert.deepEqual(
      ranking.slice(1).map((line) => line[1]),
      ['D-D', 'D-A'] // views gained 9–10 March: D 20000, A 10000
    )

    const chinese = await client
      .get('/api/dashboard/download')
      .header('accept-language', 'zh-CN')
      .loginAs(given.staff)
    const chineseBook = await loadWorkbook(chinese.body())
    const zh = rowsOf(chineseBook.getWorksheet('Platforms')!)
    assert.deepEqual(zh[0].slice(0, 3), ['平台', '账号数', '粉丝'])
  })
})
