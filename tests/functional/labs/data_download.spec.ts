import { test } from '@japa/runner'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import LabsDataExport from '#models/labs_data_export'
import DataExportService from '#services/labs/data_export_service'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { rowCount, setupFunctionalGroup } from '#tests/helpers/functional'
import { loadWorkbook, rowsOf } from '#tests/helpers/excel'
import { creatorWithAccount, daily, insertSnapshots, snapshotRows } from '#tests/helpers/metrics'
import { runQueued } from '#tests/helpers/queue'
import { sqlDateTime } from '#support/sql'
import { DateTime } from 'luxon'

/**
 * The Labs data download (SPEC §2 'Labs'): weekly and monthly figures per
 * creator, platform and period, worked by hand from the snapshots written
 * here; a queued job writing the workbook under the lease; the period and
 * granularity checked; who may.
 *
 * The dataset: a Bilibili account with fans 1000 + 10·d and views 100·d on
 * 1–12 March 2025 (1 March is a Saturday), and a YouTube account with no
 * snapshot at all.
 */

function finished(id: number) {
  return runQueued(async () => {
    const row = await LabsDataExport.find(id)
    return row?.status === 'completed' || row?.status === 'failed'
  }, `data export ${id}`)
}

async function dataset() {
  const { creator, account } = await creatorWithAccount(
    'bilibili',
    {},
    { channelName: '=Alpha channel', brandNo: 'LAB-001' }
  )
  await insertSnapshots(
    snapshotRows(
      account,
      daily(1, 12, (d) => ({ fans: 1000 + 10 * d, views: 100 * d }))
    )
  )
  const quiet = await CreatorFactory.merge({ channelName: 'Quiet', brandNo: 'LAB-002' })
    .with('accounts', 1, (builder) => builder.merge({ platform: 'youtube' }))
    .create()
  return { creator, quiet }
}

test.group('labs / data download', (group) => {
  setupFunctionalGroup(group)
  const made: string[] = []
  group.each.setup(() => async () => {
    for (const name of made.splice(0)) {
      await rm(join(DataExportService.folder(), name), { force: true })
    }
  })

  test('weekly: one row per creator, platform and week, figures as worked by hand', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.merge({ role: 'staff' }).create()
    const { creator, quiet } = await dataset()

    const queued = await client
      .post('/api/labs/data_exports')
      .loginAs(staff)
      .json({
        granularity: 'week',
        start: '2025-03-01',
        end: '2025-03-12',
        creator_ids: [creator.id, quiet.id],
        fields: ['fans', 'views', 'watch_time'],
      })
    queued.assertStatus(202)
    const id = queued.body().data.id
    // the period is widened to whole weeks, Monday to Sunday
    assert.containsSubset(queued.body().data, {
      status: 'queued',
      start: '2025-02-24',
      end: '2025-03-16',
      total: 2,
      percent: 0,
    })

    await finished(id)
    const done = await client.get(`/api/labs/data_exports/${id}`).loginAs(staff)
    done.assertStatus(200)
    assert.containsSubset(done.body().data, {
      status: 'completed',
      processed: 2,
      rows: 6,
      percent: 100,
    })

    const file = await client.get(`/api/labs/data_exports/${id}/file`).loginAs(staff)
    file.assertStatus(200)
    assert.match(
      file.header('content-disposition') ?? '',
      /figures-week-2025-02-24-2025-03-16\.xlsx/
    )
    const stored = await LabsDataExport.findOrFail(id)
    made.push(stored.filePath!)
    const workbook = await loadWorkbook(file.body())
    const rows = rowsOf(workbook.getWorksheet('Figures')!)
    assert.deepEqual(rows[0], [
      'Creator',
      'Brand No.',
      'Platform',
      'Period',
      'From',
      'To',
      'Days with data',
      'Fans (period end)',
      'Fans gained',
      'Views (period end)',
      'Views gained',
      'Watch time',
    ])
    const figures = rows.slice(1).map((row) => [row[0], row[2], row[3], ...row.slice(6)])
    const none = 'Not given by this platform'
    assert.deepEqual(figures, [
      // a text that a spreadsheet would read as a formula stays text
      ["'=Alpha channel", 'Bilibili', '2025-W09', 2, 1020, 10, 200, 100, none],
      ["'=Alpha channel", 'Bilibili', '2025-W10', 7, 1090, 70, 900, 700, none],
      ["'=Alpha channel", 'Bilibili', '2025-W11', 3, 1120, 30, 1200, 300, none],
      // no snapshot: no value (empty cells), never 0
      ['Quiet', 'YouTube', '2025-W09', 0, undefined, undefined, undefined, undefined, none],
      ['Quiet', 'YouTube', '2025-W10', 0, undefined, undefined, undefined, undefined, none],
      ['Quiet', 'YouTube', '2025-W11', 0, undefined, undefined, undefined, undefined, none],
    ])
    const notes = rowsOf(workbook.getWorksheet('Notes')!)
    assert.includeDeepMembers(notes, [['Period', '2025-02-24 ~ 2025-03-16']])
    assert.isTrue(
      notes.some((row) => row[0] === 'Watch time' && /None of the platforms/.test(String(row[1])))
    )
  })

  test('monthly, in Korean: the month in one row, titles in the reader’s language', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.merge({ role: 'staff' }).create()
    const { creator } = await dataset()
    const queued = await client
      .post('/api/labs/data_exports')
      .loginAs(staff)
      .header('lang', 'kr')
      .json({
        granularity: 'month',
        start: '2025-03-05',
        end: '2025-03-05',
        creator_ids: [creator.id],
        fields: ['fans'],
      })
    queued.assertStatus(202)
    const id = queued.body().data.id
    await finished(id)
    const file = await client.get(`/api/labs/data_exports/${id}/file`).loginAs(staff)
    file.assertStatus(200)
    const stored = await LabsDataExport.findOrFail(id)
    made.push(stored.filePath!)
    const workbook = await loadWorkbook(file.body())
    const rows = rowsOf(workbook.getWorksheet('Figures')!)
    assert.deepEqual(rows[0].slice(6), ['데이터가 있는 날', '팬 수(기간 말)', '팬 증가'])
    assert.deepEqual(
      rows.slice(1).map((row) => [row[2], row[3], ...row.slice(6)]),
      [['빌리빌리', '2025-03', 12, 1120, 110]]
    )
  })

  test('the period, granularity, creators and fields are checked: 422 with a message', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.merge({ role: 'staff' }).create()
    const { creator } = await dataset()
    const base = {
      granularity: 'month',
      start: '2025-01-01',
      end: '2025-03-31',
      creator_ids: [creator.id],
      fields: ['fans'],
    }
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ granularity: 'day' }, /weekly or monthly/],
      [{ start: '2025-02-30' }, /start/],
      [{ fields: ['likes'] }, /figures/],
      [{ creator_ids: [] }, /creators/],
      [{ start: '2025-04-01', end: '2025-03-01' }, /start must not be after/],
      [{ start: '2023-01-01', end: '2025-03-31' }, /at most 24 months/],
      [{ granularity: 'week', start: '2024-01-01', end: '2025-03-31' }, /at most 53 weeks/],
      [{ creator_ids: [creator.id, 987654] }, /not among those you may see/],
    ]
    for (const [change, message] of cases) {
      const response = await client
        .post('/api/labs/data_exports')
        .loginAs(staff)
        .json({ ...base, ...change })
      response.assertStatus(422)
      assert.match(JSON.stringify(response.body()), message, JSON.stringify(change))
    }
    assert.equal(await rowCount('labs_data_exports'), 0)
  })

  test('who may: labs staff follow their own downloads; creators and companies are refused', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.merge({ role: 'staff' }).create()
    const other = await UserFactory.merge({ role: 'manager' }).create()
    const { creator } = await dataset()
    const body = {
      granularity: 'month',
      start: '2025-03-01',
      end: '2025-03-31',
      creator_ids: [creator.id],
      fields: ['views'],
    }
    for (const role of ['creator', 'company'] as const) {
      const user = await UserFactory.merge({ role }).create()
      const refused = await client.post('/api/labs/data_exports').loginAs(user).json(body)
      refused.assertStatus(403)
    }
    const queued = await client.post('/api/labs/data_exports').loginAs(staff).json(body)
    queued.assertStatus(202)
    const id = queued.body().data.id
    const notReady = await client.get(`/api/labs/data_exports/${id}/file`).loginAs(staff)
    notReady.assertStatus(409)
    // another staff member does not see it
    const hidden = await client.get(`/api/labs/data_exports/${id}`).loginAs(other)
    hidden.assertStatus(404)
    const row = await LabsDataExport.findOrFail(id)
    assert.equal(row.status, 'queued')
  })

  test('a run whose process died is failed "interrupted"; a job run twice writes once', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.merge({ role: 'staff' }).create()
    const { creator } = await dataset()
    const dead = await LabsDataExport.create({
      userId: staff.id,
      status: 'running',
      granularity: 'month',
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      creatorIds: [creator.id],
      fields: ['fans'],
      locale: 'en',
      total: 1,
      leaseOwner: 'elsewhere:1:1',
      heartbeatAt: DateTime.utc().minus({ minutes: 10 }),
    })
    const shown = await client.get(`/api/labs/data_exports/${dead.id}`).loginAs(staff)
    assert.containsSubset(shown.body().data, { status: 'failed', error: 'interrupted' })
    assert.match(shown.body().data.message, /interrupted/)

    // a finished download is left alone by a second run
    await LabsDataExport.query()
      .where('id', dead.id)
      .update({ status: 'completed', file_path: 'kept.xlsx', finished_at: sqlDateTime() })
    const again = await DataExportService.run(dead.id)
    assert.equal(again?.filePath, 'kept.xlsx')
  })
})
