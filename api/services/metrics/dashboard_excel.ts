import ExcelJS from 'exceljs'
import { CREATOR_KINDS, HEADLINE_METRICS } from '#shared/constants'
import type {
  CreatorFigures,
  DashboardChart,
  DashboardOverview,
  DashboardTotals,
} from '#services/metrics/dashboard_types'
import { SUM_COLUMNS } from '#services/metrics/dashboard_figures'
import { GAIN_COLUMNS } from '#services/metrics/daily_totals'
import { EXCEL_DATE, excelDay } from '#support/excel_dates'
import { titleRow, workbookBuffer } from '#support/xlsx'

/** Translates a key of resources/lang/<locale>/dashboard.json (without the `dashboard.` prefix). */
export type Translate = (key: string, data?: Record<string, unknown>) => string

export interface DashboardWorkbookData {
  overview: Omit<DashboardOverview, 'last_run'>
  chart: DashboardChart
  totals: DashboardTotals
  /** Every creator of the list, already sorted (views gained, most first). */
  ranking: CreatorFigures[]
}

/** Sheet names stay English so that a reader (or a macro) finds them in any language. */
const DASHBOARD_SHEETS = ['Overview', 'Daily', 'Platforms', 'Ranking'] as const

const PERCENT = '0.00%'
const INTEGER = '#,##0'
const DECIMAL = '#,##0.00'

/** Each figure and its difference, in the dashboard's order. */
const DAILY_COLUMNS = SUM_COLUMNS

const RANKING_COLUMNS = GAIN_COLUMNS

const header = (sheet: ExcelJS.Worksheet, titles: string[]) =>
  titleRow(sheet, titles, { freeze: false })

function widths(sheet: ExcelJS.Worksheet, values: number[]) {
  values.forEach((width, index) => {
    sheet.getColumn(index + 1).width = width
  })
}

/**
 * The dashboard as an Excel workbook (GET /api/dashboard/download): the
 * headline numbers, the daily series, the per-platform totals and the
 * creator ranking of the chosen range; titles in the caller's language.
 */
export async function buildDashboardWorkbook(
  data: DashboardWorkbookData,
  t: Translate
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.created = new Date()
  const platformName = (key: string) => t(`platforms.${key}`)
  const { overview, chart, totals, ranking } = data

  /* Overview */
  const sheet = workbook.addWorksheet(DASHBOARD_SHEETS[0])
  widths(sheet, [40, 22, 16, 14])
  header(sheet, [t('columns.item'), t('columns.value')])
  const line = (label: string, value: string | number | Date | null, format?: string) => {
    const row = sheet.addRow([label, value ?? '—'])
    if (format && (typeof value === 'number' || value instanceof Date)) {
      row.getCell(2).numFmt = format
    }
  }
  line(
    t('overview.latest_date'),
    excelDay(overview.latest_date) ?? t('overview.no_data'),
    EXCEL_DATE
  )
  line(t('overview.range'), `${overview.range.start} ~ ${overview.range.end}`)
  line(
    t('overview.platform'),
    overview.platform ? platformName(overview.platform) : t('overview.all_platforms')
  )
  line(t('overview.total_fans'), overview.total_fans, INTEGER)
  line(t('overview.youtube_fans'), overview.youtube_fans, INTEGER)
  line(t('overview.china_fans'), overview.china_fans, INTEGER)
  line(t('overview.creators_total'), overview.creators.total, INTEGER)
  for (const kind of CREATOR_KINDS) {
    line(t('overview.creators_kind', { kind }), overview.creators[kind], INTEGER)
  }
  line(
    t('overview.active_platforms'),
    overview.active_platforms.platforms.map(platformName).join(', ') || '—'
  )
  line(t('overview.yearly_fans_per_channel'), overview.yearly_growth.fans_per_channel, DECIMAL)
  line(t('overview.yearly_rate'), overview.yearly_growth.rate, PERCENT)
  line(t('overview.yearly_channels'), overview.yearly_growth.channels, INTEGER)
  line(t('overview.yearly_days'), overview.yearly_growth.days, INTEGER)
  line(t('overview.total_views'), overview.total_views, INTEGER)
  line(t('overview.total_uploads'), overview.total_uploads, INTEGER)
  line(t('overview.avg_monthly_uploads'), overview.avg_monthly_uploads, DECIMAL)

  sheet.addRow([])
  header(sheet, [t('columns.metric'), t('columns.value'), t('columns.diff'), t('columns.growth')])
  for (const metric of HEADLINE_METRICS) {
    const summary = overview.metrics[metric]
    const row = sheet.addRow([t(`columns.${metric}`), summary.value, summary.diff, summary.growth])
    row.getCell(2).numFmt = INTEGER
    row.getCell(3).numFmt = INTEGER
    row.getCell(4).numFmt = PERCENT
  }

  sheet.addRow([])
  header(sheet, [t('columns.platform'), t('columns.avg_monthly_views'), t('columns.months')])
  for (const item of overview.monthly_views_per_platform) {
    const row = sheet.addRow([platformName(item.platform), item.avg_monthly_views, item.months])
    row.getCell(2).numFmt = DECIMAL
  }

  /* Daily */
  const daily = workbook.addWorksheet(DASHBOARD_SHEETS[1])
  widths(daily, [14, ...DAILY_COLUMNS.map(() => 16)])
  header(daily, [t('columns.date'), ...DAILY_COLUMNS.map((column) => t(`columns.${column}`))])
  for (const day of chart.series) {
    const row = daily.addRow([excelDay(day.date), ...DAILY_COLUMNS.map((column) => day[column])])
    row.getCell(1).numFmt = EXCEL_DATE
    for (let index = 2; index <= DAILY_COLUMNS.length + 1; index++) {
      row.getCell(index).numFmt = INTEGER
    }
  }
  daily.views = [{ state: 'frozen', ySplit: 1 }]

  /* Platforms */
  const platforms = workbook.addWorksheet(DASHBOARD_SHEETS[2])
  widths(platforms, [22, 12, ...DAILY_COLUMNS.map(() => 16), 12])
  header(platforms, [
    t('columns.platform'),
    t('columns.accounts'),
    ...DAILY_COLUMNS.map((column) => t(`columns.${column}`)),
    t('columns.growth'),
  ])
  const platformRow = (label: string, item: DashboardTotals['total']) => {
    const row = platforms.addRow([
      label,
      item.accounts,
      ...DAILY_COLUMNS.map((column) => item[column]),
      item.growth,
    ])
    for (let index = 2; index <= DAILY_COLUMNS.length + 2; index++) {
      row.getCell(index).numFmt = INTEGER
    }
    row.getCell(DAILY_COLUMNS.length + 3).numFmt = PERCENT
    return row
  }
  for (const item of totals.platforms) platformRow(platformName(item.platform), item)
  platformRow(t('overview.total'), totals.total).font = { bold: true }

  /* Ranking */
  const rankingSheet = workbook.addWorksheet(DASHBOARD_SHEETS[3])
  widths(rankingSheet, [8, 14, 28, 24, 8, 14, 30, ...RANKING_COLUMNS.map(() => 16), 12, 18])
  header(rankingSheet, [
    t('columns.rank'),
    t('columns.brand_no'),
    t('columns.channel_name'),
    t('columns.channel_name_zh'),
    t('columns.kind'),
    t('columns.category'),
    t('columns.platforms'),
    ...RANKING_COLUMNS.map((column) => t(`columns.${column}`)),
    t('columns.growth'),
    t('columns.ad_price_krw'),
  ])
  ranking.forEach((item, index) => {
    const row = rankingSheet.addRow([
      index + 1,
      item.brand_no,
      item.channel_name,
      item.channel_name_zh ?? '',
      item.kind,
      item.category,
      item.platforms.map(platformName).join(', '),
      ...RANKING_COLUMNS.map((column) => item[column]),
      item.growth,
      item.ad_price_krw,
    ])
    for (let column = 8; column < 8 + RANKING_COLUMNS.length; column++) {
      row.getCell(column).numFmt = INTEGER
    }
    row.getCell(8 + RANKING_COLUMNS.length).numFmt = PERCENT
    row.getCell(9 + RANKING_COLUMNS.length).numFmt = DECIMAL
  })
  rankingSheet.views = [{ state: 'frozen', ySplit: 1 }]

  return workbookBuffer(workbook)
}
