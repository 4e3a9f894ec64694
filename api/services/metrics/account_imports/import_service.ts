import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Creator from '#models/creator'
import CreatorPlatformAccount from '#models/creator_platform_account'
import type User from '#models/user'
import AuditService from '#services/audit/audit_service'
import CreatorTotalsService from '#services/creators/totals_service'
import MetricRollupService, { dayOf } from '#services/metrics/rollup_service'
import SnapshotWriter, { type SnapshotRow } from '#services/metrics/snapshot_writer'
import { readExport } from '#services/metrics/account_imports/export_reader'
import { exportDays, type ExportDay } from '#services/metrics/account_imports/export_days'
import type { Actor } from '#support/actor'
import { translateTitleWarnings } from '#support/workbook_warnings'
import { COLLECTED_SOURCES, METRICS, type Metric, type PlatformKey } from '#shared/constants'
import { exportColumns, PLATFORM_EXPORT_LIMITS } from '#shared/platform_exports'

/*
|--------------------------------------------------------------------------
| Importing a platform's own creator-center export for one account
|--------------------------------------------------------------------------
|
| The file's days within [from, to] become metric_snapshots of the account
| with source 'imported', in one transaction with the daily totals, the
| account's and creator's fans and the audit row:
| - a day an adapter collected (official, scraped) is kept as it is;
| - a day imported before (or carried, or simulated) is replaced;
| - days outside the range are not written, only counted.
| Totals: a column of running totals (总粉丝量) is stored as given; a metric
| the export gives only as the day's change (播放量 of the day, 净增粉丝) is
| carried forward from the account's stored day before (0 without one) plus
| the changes, its difference stored as the export gives it. A metric the
| export does not give keeps the replaced day's value, else the day
| before's (difference 0): a download of one metric (数据表现_作品点赞)
| changes only that metric of days imported before. The
| writer (SnapshotWriter) computes a missing difference against the day
| before and recomputes the next stored day's, as for any write.
|
*/

type Translate = (key: string, data?: Record<string, unknown>) => string

interface ImportOptions {
  from: string
  to: string
  kind: 'xlsx' | 'csv'
  t: Translate
}

/** The file's problems that stop the import before any row is read. */
const FILE_ERRORS: Record<string, string> = {
  'errors.too_many_rows': 'metric_imports.errors.too_many',
  'errors.unreadable': 'metric_imports.errors.unreadable',
  'errors.no_sheet': 'metric_imports.errors.columns',
}

type Counters = Record<Metric, number>

const zeros = (): Counters => Object.fromEntries(METRICS.map((m) => [m, 0])) as Counters
const countersOf = (row: Record<string, unknown>): Counters =>
  Object.fromEntries(METRICS.map((m) => [m, Number(row[m] ?? 0)])) as Counters

/** What the account holds from the day before `from` through `to`. */
async function storedDays(
  trx: TransactionClientContract,
  accountId: number,
  from: string,
  to: string
) {
  const before = await trx
    .from('metric_snapshots')
    .where('account_id', accountId)
    .where('snapshot_date', '<', from)
    .orderBy('snapshot_date', 'desc')
    .first()
  const inside = await trx
    .from('metric_snapshots')
    .where('account_id', accountId)
    .whereBetween('snapshot_date', [from, to])
    .select('snapshot_date', 'source', ...METRICS)
  return {
    before: before ? countersOf(before) : null,
    inside: new Map(
      inside.map((row) => [
        dayOf(row.snapshot_date),
        { source: row.source, values: countersOf(row) },
      ])
    ),
  }
}

/** The snapshot rows of the days to write, walking the account's days in order. */
function rowsToWrite(
  account: CreatorPlatformAccount,
  days: ExportDay[],
  stored: Awaited<ReturnType<typeof storedDays>>,
  collectedAt: Date
) {
  const writing = new Map(days.map((day) => [day.date, day]))
  const timeline = [...new Set([...writing.keys(), ...stored.inside.keys()])].sort()
  let running = stored.before ?? zeros()
  const rows: SnapshotRow[] = []
  for (const date of timeline) {
    const day = writing.get(date)
    if (!day) {
      running = stored.inside.get(date)!.values
      continue
    }
    // a day imported before keeps the figures this file does not give
    const values = { ...(stored.inside.get(date)?.values ?? running) }
    const diffs: Partial<Record<`${Metric}_diff`, number>> = {}
    for (const metric of METRICS) {
      const total = day.totals[metric]
      const change = day.changes[metric]
      if (total !== undefined) values[metric] = total
      else if (change !== undefined) values[metric] = Math.max(0, running[metric] + change)
      if (change !== undefined) diffs[`${metric}_diff`] = change
    }
    rows.push({
      ...values,
      ...diffs,
      account_id: account.id,
      creator_id: account.creatorId,
      platform: account.platform,
      snapshot_date: date,
      source: 'imported',
      adapter: 'export',
      collected_at: collectedAt,
    })
    running = values
  }
  return rows
}

/** The creator's account on `platform`, of a creator `user` sees (else the translated 404). */
export async function importedAccount(user: User, creatorId: number, platform: PlatformKey) {
  const creator = await Creator.query()
    .withScopes((scopes) => scopes.visibleTo(user))
    .where('id', creatorId)
    .firstOrFail()
  return CreatorPlatformAccount.query()
    .where('creator_id', creator.id)
    .where('platform', platform)
    .firstOrFail()
}

/**
 * Imports `path` (an .xlsx or .csv the guard has passed) as the account's
 * days within [from, to]. Answers what it wrote, or the file's problem.
 */
export async function importPlatformExport(
  actor: Actor,
  account: CreatorPlatformAccount,
  path: string,
  options: ImportOptions
) {
  const { t, from, to } = options
  const titles = exportColumns(account.platform)
    .filter((column) => column.key !== 'date')
    .map((column) => column.titles[0])
    .join(', ')
  const read = await readExport(path, options.kind, account.platform)
  if ('fileError' in read) {
    const key = FILE_ERRORS[read.fileError.key] ?? 'metric_imports.errors.unreadable'
    return { fileError: t(key, { max: PLATFORM_EXPORT_LIMITS.rowsMax, titles }) }
  }
  const metricColumns = [...read.columns].filter((column) => column !== 'date')
  if (!read.columns.has('date')) return { fileError: t('metric_imports.errors.no_date') }
  if (!metricColumns.length) return { fileError: t('metric_imports.errors.columns', { titles }) }
  if (!read.rows.length) return { fileError: t('metric_imports.errors.empty') }

  const { days, problems } = exportDays(read.rows)
  const inRange = days.filter((day) => day.date >= from && day.date <= to)
  const outside = days.length - inRange.length

  const outcome = await db.transaction(async (trx) => {
    const stored = await storedDays(trx, account.id, from, to)
    const kept: string[] = []
    const writing: ExportDay[] = []
    let replaced = 0
    for (const day of inRange) {
      const existing = stored.inside.get(day.date)
      if (existing && COLLECTED_SOURCES.includes(existing.source)) kept.push(day.date)
      else {
        if (existing) replaced++
        writing.push(day)
      }
    }
    const rows = rowsToWrite(account, writing, stored, new Date())
    const written = await SnapshotWriter.upsertMany(rows, trx)
    if (written.dates.length) await MetricRollupService.rebuild(written.dates, trx)
    const stamp = DateTime.utc().toFormat(trx.dialect.dateTimeFormat)
    await CreatorTotalsService.refreshAccountFans(trx, [account.id])
    await CreatorTotalsService.recompute(trx, [account.creatorId], stamp, { touch: false })
    const counts = {
      written: rows.length,
      replaced,
      kept_collected: kept.length,
      outside_range: outside,
      error_rows: problems.length,
    }
    await AuditService.log(
      actor,
      'creator.metrics_import',
      ['creator', account.creatorId],
      {
        account_id: account.id,
        platform: account.platform,
        from,
        to,
        kind: options.kind,
        ...counts,
      },
      trx
    )
    return { counts, kept, dates: rows.map((row) => row.snapshot_date) }
  })

  return {
    account_id: account.id,
    platform: account.platform,
    from,
    to,
    ...outcome.counts,
    first_written: outcome.dates[0] ?? null,
    last_written: outcome.dates.at(-1) ?? null,
    kept_dates: outcome.kept.slice(0, 100),
    columns: metricColumns,
    errors: problems.map((problem) => ({
      row: problem.row,
      column: problem.column,
      message: t(`metric_imports.rows.${problem.key}`, problem.data),
    })),
    warnings: translateTitleWarnings(read.warnings, { t }),
  }
}
