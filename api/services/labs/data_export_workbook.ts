import ExcelJS from 'exceljs'
import type { DataExportField, DataExportGranularity } from '#shared/labs_downloads'
import { EXCEL_DATE, excelDay } from '#support/excel_dates'
import { quoteFormulaText, titleRow } from '#support/xlsx'
import { givesWatchTime, type PeriodFigures } from '#services/labs/data_export_figures'

/** Translates a key of resources/lang/<locale>/labs.json under `labs.data.sheet.` (or a full key). */
export type Translate = (key: string, data?: Record<string, unknown>) => string

/** Sheet names stay English so that a reader (or a macro) finds them in any language. */
const SHEETS = { figures: 'Figures', notes: 'Notes' } as const
const INTEGER = '#,##0'

/** The creator columns a row begins with. */
interface ExportCreator {
  channelName: string
  brandNo: string
}

/** The figure columns each chosen field adds, in the order of DATA_EXPORT_FIELDS. */
const FIELD_COLUMNS: Record<DataExportField, string[]> = {
  fans: ['fans', 'fans_gained'],
  views: ['views', 'views_gained'],
  watch_time: ['watch_time'],
}

const text = (value: string) => quoteFormulaText(value)

/**
 * A data download written as it is read: exceljs's streaming WorkbookWriter
 * sends each committed row to the file, so memory stays flat whatever the
 * number of creators and periods. `open` starts the file, `write` adds one
 * creator's rows, `close` writes the notes sheet and finishes the file.
 */
export class DataExportWorkbook {
  #workbook: ExcelJS.stream.xlsx.WorkbookWriter
  #sheet: ExcelJS.Worksheet
  #fields: DataExportField[]
  #t: Translate
  #platformName: (key: string) => string

  constructor(
    path: string,
    options: {
      fields: DataExportField[]
      t: Translate
      platformName: (key: string) => string
    }
  ) {
    this.#fields = options.fields
    this.#t = options.t
    this.#platformName = options.platformName
    this.#workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: path,
      useStyles: true,
      useSharedStrings: false,
    })
    this.#workbook.created = new Date()
    // the title row stays in view (a streamed sheet takes its views when it is added)
    this.#sheet = this.#workbook.addWorksheet(SHEETS.figures, {
      views: [{ state: 'frozen', ySplit: 1 }],
    })
    const columns = [
      'creator',
      'brand_no',
      'platform',
      'period',
      'from',
      'to',
      'days',
      ...this.#figureColumns(),
    ]
    this.#sheet.columns = columns.map((key) => ({
      key,
      width: key === 'creator' ? 28 : key === 'watch_time' ? 36 : 16,
    }))
    titleRow(
      this.#sheet,
      columns.map((key) => this.#t(`columns.${key}`)),
      { freeze: false }
    ).commit()
  }

  #figureColumns() {
    return this.#fields.flatMap((field) => FIELD_COLUMNS[field])
  }

  /** One creator's rows (all its accounts and periods); answers how many were written. */
  write(creator: ExportCreator, rows: PeriodFigures[]) {
    for (const figures of rows) {
      const values: (string | number | Date | null)[] = [
        text(creator.channelName),
        text(creator.brandNo),
        this.#platformName(figures.platform),
        figures.period.label,
        excelDay(figures.period.start),
        excelDay(figures.period.end),
        figures.days,
      ]
      for (const column of this.#figureColumns()) values.push(this.#value(column, figures))
      const row = this.#sheet.addRow(values)
      row.getCell(5).numFmt = EXCEL_DATE
      row.getCell(6).numFmt = EXCEL_DATE
      for (let index = 8; index <= values.length; index++) {
        if (typeof values[index - 1] === 'number') row.getCell(index).numFmt = INTEGER
      }
      row.commit()
    }
    return rows.length
  }

  #value(column: string, figures: PeriodFigures): string | number | null {
    switch (column) {
      case 'fans':
        return figures.fans
      case 'fans_gained':
        return figures.fansGained
      case 'views':
        return figures.views
      case 'views_gained':
        return figures.viewsGained
      default:
        // no platform gives watch time (data_export_figures.ts): said, never a number made up
        return givesWatchTime(figures.platform) ? null : this.#t('values.watch_time_not_given')
    }
  }

  /** Finishes the figures sheet, writes the notes sheet and closes the file. */
  async close(summary: {
    granularity: DataExportGranularity
    start: string
    end: string
    creators: number
    rows: number
  }) {
    this.#sheet.commit()
    const notes = this.#workbook.addWorksheet(SHEETS.notes)
    notes.columns = [{ width: 28 }, { width: 90 }]
    titleRow(notes, [this.#t('notes.item'), this.#t('notes.value')], { freeze: false }).commit()
    const line = (label: string, value: string | number) => notes.addRow([label, value]).commit()
    line(this.#t('notes.granularity'), this.#t(`notes.granularities.${summary.granularity}`))
    line(this.#t('notes.period'), `${summary.start} ~ ${summary.end}`)
    line(this.#t('notes.creators'), summary.creators)
    line(this.#t('notes.rows'), summary.rows)
    line(this.#t('notes.figures'), this.#t('notes.figures_text'))
    line(this.#t('notes.empty'), this.#t('notes.empty_text'))
    if (this.#fields.includes('watch_time')) {
      line(this.#t('columns.watch_time'), this.#t('notes.watch_time_text'))
    }
    notes.commit()
    await this.#workbook.commit()
  }
}
