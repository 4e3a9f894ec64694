import ExcelJS from 'exceljs'
import { DateTime } from 'luxon'
import { VIDEO_METRICS } from '#shared/videos'
import { excelDateTime, excelDay, EXCEL_DATE, EXCEL_DATE_TIME } from '#support/excel_dates'
import type { VideoJson } from '#services/videos/video_presenter'
import type { VideoComparison } from '#services/videos/video_compare_service'
import { titleRow, workbookBuffer } from '#support/xlsx'

/** Translates a key of resources/lang/<locale>/videos.json (without the `videos.` prefix). */
export type Translate = (key: string) => string

/** Sheet names stay English so that a reader (or a macro) finds them in any language. */
const VIDEO_SHEETS = { list: 'Videos', compare: 'Compare', points: 'Points' } as const

const INTEGER = '#,##0'

function uploaded(video: VideoJson) {
  return video.published_at ? excelDateTime(DateTime.fromISO(video.published_at)) : null
}

/** The filtered video list (GET /api/videos/export): one row a video, titles in the caller's language. */
export async function buildVideoListWorkbook(
  videos: VideoJson[],
  t: Translate,
  platformName: (key: string) => string
) {
  const workbook = new ExcelJS.Workbook()
  workbook.created = new Date()
  const sheet = workbook.addWorksheet(VIDEO_SHEETS.list)
  const metrics = [...VIDEO_METRICS, 'views_week', 'views_month'] as const
  titleRow(sheet, [
    t('excel.title'),
    t('excel.creator'),
    t('excel.platform'),
    t('excel.category'),
    t('excel.published_at'),
    ...metrics.map((metric) => t(`excel.${metric}`)),
    t('excel.deleted_on'),
    t('excel.url'),
  ])
  ;[50, 24, 14, 14, 18, ...metrics.map(() => 14), 14, 40].forEach((width, index) => {
    sheet.getColumn(index + 1).width = width
  })
  for (const video of videos) {
    const row = sheet.addRow([
      video.title,
      video.creator.channel_name ?? video.creator.brand_no ?? '',
      platformName(video.platform),
      video.category ?? '',
      uploaded(video),
      ...metrics.map((metric) => video[metric]),
      excelDay(video.deleted_on),
      video.url ?? '',
    ])
    row.getCell(5).numFmt = EXCEL_DATE_TIME
    metrics.forEach((_metric, index) => {
      row.getCell(6 + index).numFmt = INTEGER
    })
    row.getCell(6 + metrics.length).numFmt = EXCEL_DATE
  }
  return workbookBuffer(workbook)
}

/**
 * The video compare (GET /api/videos/compare/export): the table of views at
 * each age (one column a video), then every reading of every video.
 */
export async function buildVideoCompareWorkbook(
  comparison: VideoComparison,
  t: Translate,
  platformName: (key: string) => string
) {
  const workbook = new ExcelJS.Workbook()
  workbook.created = new Date()
  const table = workbook.addWorksheet(VIDEO_SHEETS.compare)
  titleRow(table, [t('excel.hours'), ...comparison.videos.map(({ video }) => video.title)])
  table.getColumn(1).width = 18
  comparison.videos.forEach((_video, index) => {
    table.getColumn(index + 2).width = 28
  })
  for (const row of comparison.table) {
    const line = table.addRow([row.hours, ...row.values.map((value) => value?.views ?? null)])
    for (let index = 2; index <= row.values.length + 1; index++) {
      line.getCell(index).numFmt = INTEGER
    }
  }

  const points = workbook.addWorksheet(VIDEO_SHEETS.points)
  titleRow(points, [
    t('excel.video'),
    t('excel.platform'),
    t('excel.hours'),
    t('excel.window'),
    ...VIDEO_METRICS.map((metric) => t(`excel.${metric}`)),
  ])
  ;[50, 14, 16, 14, ...VIDEO_METRICS.map(() => 14)].forEach((width, index) => {
    points.getColumn(index + 1).width = width
  })
  for (const { video, points: readings } of comparison.videos) {
    for (const point of readings) {
      const line = points.addRow([
        video.title,
        platformName(video.platform),
        point.age_hours,
        point.kind === 'window' ? '✓' : '',
        ...VIDEO_METRICS.map((metric) => point[metric]),
      ])
      VIDEO_METRICS.forEach((_metric, index) => {
        line.getCell(5 + index).numFmt = INTEGER
      })
    }
  }
  return workbookBuffer(workbook)
}
