import CreatorListCache from '#services/creator_list_cache'
import { createReadStream } from 'node:fs'
import { readdir, stat, unlink } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve } from 'node:path'
import ExcelJS from 'exceljs'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import type { I18n } from '@adonisjs/i18n'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { errors as vineErrors } from '@vinejs/vine'
import studioConfig from '#config/studio'
import Creator from '#models/creator'
import CreatorImport from '#models/creator_import'
import AuditService from '#services/audit_service'
import {
  EXAMPLE_MARKER,
  IMPORT_COLUMNS,
  IMPORT_COLUMN_BY_KEY,
  IMPORT_MAX_REPORTED_ERRORS,
  IMPORT_MAX_ROWS,
  IMPORT_PLATFORMS,
  SHEET_NAME,
  cellText,
  columnKeyOf,
  inspectWorkbookFile,
} from '#services/creator_excel'
import {
  creatorImportRowValidator,
  importRuleMessageData,
  importRuleMessageKey,
  type CreatorImportRow,
} from '#validators/creator_import'
import {
  COOKIE_RECHECK_DAYS,
  PRIVATE_LEVELS,
  type PlatformKey,
  type PrivateField,
} from '#shared/constants'

/**
 * Imports creators from the Excel template (api/services/creator_excel.ts).
 *
 * All or nothing: the file is read, then EVERY row is validated (VineJS row
 * rules, cross-field rules against the creator the row updates, duplicates
 * inside the file, uids owned by other creators); if any row has an error
 * nothing is written and the report lists every error by row and column.
 * Otherwise every write happens in ONE transaction.
 *
 * Idempotent: a row updates the creator it matches instead of creating a
 * duplicate — by brand_no; when brand_no is empty by contract_no; when both
 * are empty by contractor_name + channel_name (case-insensitive; several
 * matches are an error asking for the brand number). New rows without a
 * brand_no get `${APP_BRAND}-00001`-style numbers. On an update an empty
 * cell keeps the stored value (the import never clears a value) and only
 * values that differ are written, so importing the same file twice writes
 * nothing the second time; `updated_count` counts the rows that matched an
 * existing creator.
 *
 * Progress: `processed_rows` counts validated rows (every ~100), then
 * `created_count` / `updated_count` grow while writing. On SQLite the one
 * connection belongs to the write transaction, so writing-phase progress is
 * only visible when the import ends.
 */

const PROGRESS_EVERY = 100
const CHUNK = 200
const PRIVATE_FIELDS = Object.values(PRIVATE_LEVELS).flat() as PrivateField[]

export interface StoredImportError {
  /** Excel row number (0 for the whole file). */
  row: number
  /** Column title as in the template ('' for the whole file). */
  column: string
  /** Field key (row 2 of the template), when the error is about one column. */
  field: string | null
  /** Message key under resources/lang/<locale>/import.json. */
  key: string
  data?: Record<string, string | number>
  /** The English message, for logs and the raw database row. */
  message: string
}

export interface ImportProgress {
  totalRows: number
  processedRows: number
  createdCount: number
  updatedCount: number
}

export type ImportPhase = 'reading' | 'validating' | 'writing'

export interface ImportOptions {
  userId?: number | null
  importId?: number | null
  /** Validate and write inside a transaction that is rolled back. */
  dryRun?: boolean
  onProgress?: (progress: ImportProgress, phase: ImportPhase) => Promise<void> | void
}

export interface ImportOutcome extends ImportProgress {
  status: 'completed' | 'failed'
  dryRun: boolean
  errors: StoredImportError[]
  errorCount: number
}

interface RawRow {
  row: number
  values: Record<string, string | null>
}

interface Plan {
  row: number
  input: CreatorImportRow
  /** The creator the row updates; undefined for a new one. */
  target?: Creator
  brandNo?: string
  teamId?: number | null
  uploaderId?: number | null
  /** Columns that failed the row rules: the row is still checked across fields, never written. */
  failed?: Set<string>
}

const KEY_FIELDS = ['brand_no', 'contract_no', 'contractor_name', 'channel_name']

/** What Excel shows in a cell whose formula failed. */
const EXCEL_ERROR = /^#(N\/A|VALUE!|REF!|DIV\/0!|NUM!|NAME\?|NULL!|SPILL!|CALC!|GETTING_DATA)$/

interface AccountRow {
  id: number
  creator_id: number
  platform: string
  uid: string | null
  fans: number | string
}

class DryRunRollback extends Error {}

const english = () => i18nManager.locale('en')

/* ------------------------------------------------------------------ */
/* Error collection                                                     */
/* ------------------------------------------------------------------ */

class ErrorList {
  items: StoredImportError[] = []
  count = 0
  #rows = new Set<number>()

  add(row: number, field: string | null, key: string, data: Record<string, string | number> = {}) {
    this.count++
    this.#rows.add(row)
    if (this.items.length >= IMPORT_MAX_REPORTED_ERRORS) return
    const column = field ? (IMPORT_COLUMN_BY_KEY.get(field)?.title ?? field) : ''
    this.items.push({
      row,
      column,
      field,
      key,
      ...(Object.keys(data).length ? { data } : {}),
      message: english().t(`import.${key}`, data),
    })
  }

  hasRow(row: number) {
    return this.#rows.has(row)
  }

  /** Sorted by row, then by the column's place in the template, with a final "…and N more". */
  report(): StoredImportError[] {
    const order = new Map(IMPORT_COLUMNS.map((column, index) => [column.key, index]))
    const sorted = [...this.items].sort(
      (a, b) => a.row - b.row || (order.get(a.field ?? '') ?? -1) - (order.get(b.field ?? '') ?? -1)
    )
    const hidden = this.count - sorted.length
    if (hidden > 0) {
      sorted.push({
        row: 0,
        column: '',
        field: null,
        key: 'errors.more_errors',
        data: { count: hidden },
        message: english().t('import.errors.more_errors', { count: hidden }),
      })
    }
    return sorted
  }
}

/** Translates stored errors into a locale (the report is stored once, read in any language). */
export function translateImportErrors(errors: StoredImportError[] | null | undefined, i18n: I18n) {
  return (errors ?? []).map((error) => ({
    row: error.row,
    column: error.column,
    field: error.field ?? null,
    message: error.key ? i18n.t(`import.${error.key}`, error.data ?? {}) : error.message,
  }))
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */
/* ------------------------------------------------------------------ */

interface SheetRows {
  rows: RawRow[]
  headerRow: number
  columns: Set<string>
}

type ReadResult = SheetRows | { fileError: { key: string; data?: Record<string, number> } }

/** Maps header cells (by key, else by title) to column numbers. */
function headerMap(values: unknown[]) {
  const map = new Map<number, string>()
  let filled = 0
  values.forEach((value, index) => {
    if (cellText(value) === null) return
    filled++
    const key = columnKeyOf(value)
    if (key && ![...map.values()].includes(key)) map.set(index, key)
  })
  return { map, filled }
}

/** A header names at least two template columns, and mostly template columns. */
function isHeader(candidate: { map: Map<number, string>; filled: number }) {
  return candidate.map.size >= 2 && candidate.map.size * 2 >= candidate.filled
}

function rowValues(values: unknown[], map: Map<number, string>) {
  const out: Record<string, string | null> = {}
  let any = false
  for (const [index, key] of map) {
    const text = cellText(values[index])
    out[key] = text
    if (text !== null) any = true
  }
  return any ? out : null
}

/**
 * Reads one sheet: the header is row 2 (the template's key row, completed by
 * row 1's titles) or, when row 2 is not a header, row 1 (titles only). A sheet
 * without a header gives null; its rows are skipped without being kept.
 */
async function readSheet(
  worksheet: AsyncIterable<ExcelJS.Row>,
  onRows: (count: number) => Promise<void> | void
): Promise<SheetRows | 'too_many' | null> {
  let header: Map<number, string> | null = null
  let headerRow = 0
  let titles: unknown[] | null = null
  let skip = false
  let tooMany = false
  const rows: RawRow[] = []

  for await (const row of worksheet) {
    if (skip) continue
    const values = (row.values ?? []) as unknown[]
    if (!header) {
      if (row.number === 1) {
        titles = values
        continue
      }
      if (row.number === 2) {
        const keys = headerMap(values)
        if (isHeader(keys)) {
          const named = new Set(keys.map.values())
          for (const [index, key] of titles ? headerMap(titles).map : []) {
            if (!keys.map.has(index) && !named.has(key)) keys.map.set(index, key)
          }
          header = keys.map
          headerRow = 2
          continue
        }
      }
      const first = titles ? headerMap(titles) : null
      if (first && isHeader(first)) {
        header = first.map
        headerRow = 1
      } else {
        skip = true
        continue
      }
    }
    const data = rowValues(values, header)
    if (!data) continue
    if ((data.brand_no ?? '').toUpperCase() === EXAMPLE_MARKER) continue
    if (rows.length >= IMPORT_MAX_ROWS) {
      tooMany = true
      break
    }
    rows.push({ row: row.number, values: data })
    if (rows.length % 500 === 0) await onRows(rows.length)
  }

  if (tooMany) return 'too_many'
  if (!header && titles) {
    // a title row alone: a header without data
    const first = headerMap(titles)
    if (isHeader(first)) {
      header = first.map
      headerRow = 1
    }
  }
  return header ? { rows, headerRow, columns: new Set(header.values()) } : null
}

/**
 * Streams the workbook (exceljs's streaming reader: memory stays flat
 * whatever the sheet's size) and returns the data rows of the sheet named
 * 'Creators', else of the first sheet with the template's header.
 */
async function readRows(
  path: string,
  onRows: (count: number) => Promise<void> | void
): Promise<ReadResult> {
  const stream = createReadStream(path)
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  })
  let chosen: SheetRows | null = null
  try {
    for await (const worksheet of reader) {
      const name = String((worksheet as unknown as { name?: string }).name ?? '')
      const preferred = name.trim().toLowerCase() === SHEET_NAME.toLowerCase()
      const sheet = await readSheet(
        worksheet as unknown as AsyncIterable<ExcelJS.Row>,
        chosen && !preferred ? () => {} : onRows
      )
      if (sheet === 'too_many') {
        return { fileError: { key: 'errors.too_many_rows', data: { max: IMPORT_MAX_ROWS } } }
      }
      if (sheet && (preferred || !chosen)) chosen = sheet
    }
  } catch (error) {
    logger.warn({ err: error }, 'creators import: the workbook could not be read')
    return { fileError: { key: 'errors.unreadable' } }
  } finally {
    stream.destroy()
  }
  return chosen ?? { fileError: { key: 'errors.no_sheet' } }
}

/* ------------------------------------------------------------------ */
/* Validation                                                           */
/* ------------------------------------------------------------------ */

const YES = new Set(['yes', 'y', 'true', '1', 'o', 'on', '예', '네', '是', 'はい', '○', 'v', '✓'])
const NO = new Set(['no', 'n', 'false', '0', 'x', 'off', '아니오', '아니요', '否', 'いいえ', '×'])

function normaliseDate(value: string) {
  const match = value.match(
    /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:[ T]00:00(?::00(?:\.0+)?)?Z?)?$/
  )
  if (!match) return value
  return `${match[1]}-${match[2].padStart(2, '0')}-${match[3].padStart(2, '0')}`
}

/** Excel's shapes → what the row validator reads. */
function prepareRow(values: Record<string, string | null>) {
  const prepared: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) {
    if (value === null) continue
    const column = IMPORT_COLUMN_BY_KEY.get(key)
    if (!column) continue
    switch (column.type) {
      case 'boolean': {
        const lower = value.toLowerCase()
        prepared[key] = YES.has(lower) ? true : NO.has(lower) ? false : value
        break
      }
      case 'date':
        prepared[key] = normaliseDate(value)
        break
      case 'integer':
      case 'decimal':
        prepared[key] = /^[+-]?[\d,. ]+$/.test(value) ? value.replace(/[, ]/g, '') : value
        break
      case 'list':
        prepared[key] = value
          .split(/[,，、;；\s]+/)
          .map((part) => part.trim().toLowerCase())
          .filter(Boolean)
        break
      case 'enum':
        prepared[key] = key === 'kind' ? value.toUpperCase() : value.toLowerCase()
        break
      default:
        prepared[key] = value
    }
  }
  // Excel turns a typed +82 into the number 82
  if (typeof prepared.area_code === 'string' && /^\d{1,6}$/.test(prepared.area_code)) {
    prepared.area_code = `+${prepared.area_code}`
  }
  return prepared
}

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = []
  for (let index = 0; index < items.length; index += size)
    out.push(items.slice(index, index + size))
  return out
}

/** Whether a stored attribute already holds a row's value (booleans read back as 0/1 on SQLite). */
function sameValue(stored: unknown, value: unknown) {
  if (value === null || value === undefined) return stored === null || stored === undefined
  if (DateTime.isDateTime(value)) {
    return DateTime.isDateTime(stored) && stored.toISODate() === value.toISODate()
  }
  if (typeof value === 'boolean') return Boolean(stored) === value
  if (typeof value === 'number') return stored !== null && Number(stored) === value
  if (Array.isArray(value)) return JSON.stringify(stored ?? null) === JSON.stringify(value)
  return stored === value
}

const isoOf = (value: Date | undefined) =>
  value ? DateTime.fromJSDate(value).toISODate() : undefined

const lowerKey = (...parts: string[]) =>
  parts.map((part) => part.trim().toLowerCase()).join('\u0000')

/** YYYY-MM-DD of a stored date column. */
const storedIso = (value: DateTime | null | undefined) => (value ? value.toISODate() : null)

async function loadCreators(column: 'brand_no' | 'contract_no' | 'channel_name', values: string[]) {
  const found: Creator[] = []
  for (const part of chunks([...new Set(values)], 500)) {
    found.push(...(await Creator.query().whereIn(column, part)))
  }
  return found
}

/* ------------------------------------------------------------------ */
/* The service                                                          */
/* ------------------------------------------------------------------ */

export default class CreatorImportService {
  /** Where uploads wait for their job (deleted once the import has finished). */
  static uploadsFolder() {
    return app.makePath('storage/imports')
  }

  /**
   * Runs the import of a creator_imports row (the job's work): pending →
   * running → completed | failed, progress written as it goes. A row that
   * already finished is left alone, so a retried job changes nothing.
   */
  static async run(importId: number) {
    const record = await CreatorImport.find(importId)
    if (!record) return null
    if (record.status === 'completed' || record.status === 'failed') return record

    record.merge({
      status: 'running',
      totalRows: 0,
      processedRows: 0,
      createdCount: 0,
      updatedCount: 0,
      errors: [],
      finishedAt: null,
    })
    await record.save()

    const sqlite = db.connection().dialect.name.includes('sqlite')
    const outcome = await this.importFile(this.pathOf(record), {
      userId: record.userId,
      importId: record.id,
      onProgress: async (progress, phase) => {
        // SQLite has one connection, held by the write transaction: report at the end
        if (phase === 'writing' && sqlite) return
        record.merge(progress)
        await record.save()
      },
    })

    await this.recordOutcome(record, outcome)
    await this.discardUpload(record)
    return record
  }

  /** After the job's last failed attempt: the import is failed and its upload removed. */
  /** Writes a finished import's figures and errors into its row. */
  static async recordOutcome(record: CreatorImport, outcome: ImportOutcome) {
    record.merge({
      status: outcome.status,
      totalRows: outcome.totalRows,
      processedRows: outcome.processedRows,
      createdCount: outcome.createdCount,
      updatedCount: outcome.updatedCount,
      errors: outcome.errors as any,
      finishedAt: DateTime.utc(),
    })
    await record.save()
  }

  static async markInterrupted(importId: number) {
    const record = await CreatorImport.find(importId)
    if (!record || record.status === 'completed') return
    const errors = new ErrorList()
    errors.add(0, null, 'errors.interrupted')
    record.merge({ status: 'failed', errors: errors.report() as any, finishedAt: DateTime.utc() })
    await record.save()
    await this.discardUpload(record)
  }

  /** The progress JSON of GET /api/creators/imports/:id, errors in the caller's language. */
  static present(record: CreatorImport, i18n: I18n) {
    return {
      id: record.id,
      status: record.status,
      file_name: record.fileName,
      total_rows: record.totalRows,
      processed_rows: record.processedRows,
      created_count: record.createdCount,
      updated_count: record.updatedCount,
      errors: translateImportErrors(record.errors as StoredImportError[], i18n),
      finished_at: record.finishedAt?.toUTC().toISO() ?? null,
      created_at: record.createdAt.toUTC().toISO(),
    }
  }

  /**
   * Uploads whose job never ran (a worker that was down, a crash) would keep
   * private data on disk: files older than `maxAgeHours` are deleted and their
   * unfinished imports marked failed. Runs before each new upload.
   */
  static async pruneStaleUploads(maxAgeHours = 48) {
    const folder = this.uploadsFolder()
    const cutoff = Date.now() - maxAgeHours * 3600 * 1000
    const names = await readdir(folder).catch(() => [] as string[])
    for (const name of names) {
      const path = join(folder, name)
      const stats = await stat(path).catch(() => null)
      if (stats?.isFile() && stats.mtimeMs < cutoff) await unlink(path).catch(() => {})
    }
    const stale = await CreatorImport.query()
      .whereIn('status', ['pending', 'running'])
      .where('created_at', '<', DateTime.fromMillis(cutoff).toUTC().toFormat('yyyy-MM-dd HH:mm:ss'))
    for (const record of stale) await this.markInterrupted(record.id)
  }

  static pathOf(record: CreatorImport) {
    return isAbsolute(record.filePath) ? record.filePath : app.makePath(record.filePath)
  }

  /** Uploaded files hold private data in plain text: they never outlive their import. */
  static async discardUpload(record: CreatorImport) {
    const path = resolve(this.pathOf(record))
    const inside = relative(this.uploadsFolder(), path)
    if (inside.startsWith('..') || isAbsolute(inside)) return
    await unlink(path).catch(() => {})
  }

  /** The import itself, for the job and for `node ace creators:import`. */
  static async importFile(path: string, options: ImportOptions = {}): Promise<ImportOutcome> {
    const progress: ImportProgress = {
      totalRows: 0,
      processedRows: 0,
      createdCount: 0,
      updatedCount: 0,
    }
    const errors = new ErrorList()
    const report = (phase: ImportPhase) => options.onProgress?.({ ...progress }, phase)
    const fail = (): ImportOutcome => ({
      ...progress,
      status: 'failed',
      dryRun: Boolean(options.dryRun),
      errors: errors.report(),
      errorCount: errors.count,
    })

    const problem = await inspectWorkbookFile(path)
    if (problem) {
      errors.add(0, null, `errors.${problem.key}`, 'data' in problem ? problem.data : {})
      return fail()
    }

    const read = await readRows(path, async (count) => {
      progress.totalRows = count
      await report('reading')
    })
    if ('fileError' in read) {
      errors.add(0, null, read.fileError.key, read.fileError.data)
      return fail()
    }
    const rows = read.rows
    progress.totalRows = rows.length
    await report('reading')
    const missing = IMPORT_COLUMNS.filter(
      (column) => column.required && !read.columns.has(column.key)
    )
    if (missing.length) {
      for (const column of missing) errors.add(read.headerRow, column.key, 'errors.missing_column')
      return fail()
    }
    if (rows.length === 0) {
      errors.add(0, null, 'errors.no_rows')
      return fail()
    }

    const plans = await this.#validate(rows, errors, async (processed) => {
      progress.processedRows = processed
      await report('validating')
    })
    progress.processedRows = rows.length
    await report('validating')
    if (errors.count > 0) return fail()

    try {
      await db.transaction(async (trx) => {
        await this.#write(plans, trx, options, async (created, updated) => {
          progress.createdCount = created
          progress.updatedCount = updated
          await report('writing')
        })
        if (options.dryRun) throw new DryRunRollback()
      })
    } catch (error) {
      if (!(error instanceof DryRunRollback)) throw error
    }
    return {
      ...progress,
      status: 'completed',
      dryRun: Boolean(options.dryRun),
      errors: [],
      errorCount: 0,
    }
  }

  /* ---------------------------------------------------------------- */

  static async #validate(
    rows: RawRow[],
    errors: ErrorList,
    onProgress: (processed: number) => Promise<void>
  ): Promise<Plan[]> {
    const plans: Plan[] = []

    // 1. each row on its own
    for (const [index, raw] of rows.entries()) {
      const prepared = prepareRow(raw.values)
      const failed = new Set<string>()
      for (const [field, value] of Object.entries(raw.values)) {
        if (value !== null && EXCEL_ERROR.test(value) && IMPORT_COLUMN_BY_KEY.has(field)) {
          failed.add(field)
          errors.add(raw.row, field, 'errors.excel_error', { value })
          delete prepared[field]
        }
      }
      try {
        const input = await creatorImportRowValidator.validate(prepared)
        plans.push({ row: raw.row, input, ...(failed.size ? { failed } : {}) })
      } catch (error) {
        if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
        const messages = error.messages as {
          field: string
          rule: string
          meta?: Record<string, unknown>
        }[]
        for (const message of messages) {
          const field = message.field.split('.')[0]
          if (failed.has(field)) continue
          failed.add(field)
          errors.add(
            raw.row,
            field,
            importRuleMessageKey(field, message.rule),
            importRuleMessageData(message.meta)
          )
        }
        // the other columns of the row still go through the checks below
        const rest: Record<string, unknown> = { ...prepared }
        for (const field of failed) delete rest[field]
        rest.contractor_name ??= '-'
        rest.channel_name ??= '-'
        const [again, input] = await creatorImportRowValidator.tryValidate(rest)
        if (!again) plans.push({ row: raw.row, input, failed })
      }
      if ((index + 1) % PROGRESS_EVERY === 0) await onProgress(index + 1)
    }

    // 2. duplicates inside the file
    const seen = new Map<string, number>()
    const duplicate = (plan: Plan, field: string, value: string) => {
      const key = `${field}\u0000${value}`
      const first = seen.get(key)
      if (first !== undefined) {
        errors.add(plan.row, field, 'errors.duplicate_in_file', { row: first })
        return true
      }
      seen.set(key, plan.row)
      return false
    }
    for (const plan of plans) {
      const { input } = plan
      if (input.brand_no) duplicate(plan, 'brand_no', input.brand_no)
      if (input.contract_no) duplicate(plan, 'contract_no', input.contract_no.toLowerCase())
      const keysFailed = KEY_FIELDS.some((field) => plan.failed?.has(field))
      if (!input.brand_no && !input.contract_no && !keysFailed) {
        duplicate(plan, 'channel_name', lowerKey(input.contractor_name, input.channel_name))
      }
      for (const platform of IMPORT_PLATFORMS) {
        const uid = (input as Record<string, unknown>)[`${platform}_uid`] as string | undefined
        if (uid) duplicate(plan, `${platform}_uid`, uid)
      }
    }

    // 3. the creators rows update
    const withBrand = await loadCreators(
      'brand_no',
      plans.flatMap((plan) => plan.input.brand_no ?? [])
    )
    const byBrand = new Map(withBrand.map((creator) => [creator.brandNo.toUpperCase(), creator]))
    const withContract = await loadCreators(
      'contract_no',
      plans.flatMap((plan) => plan.input.contract_no ?? [])
    )
    const byContract = new Map(
      withContract.map((creator) => [creator.contractNo!.toLowerCase(), creator])
    )
    const byNames = new Map<string, Creator[]>()
    const nameRows = plans.filter((plan) => !plan.input.brand_no && !plan.input.contract_no)
    for (const creator of await loadCreators(
      'channel_name',
      nameRows.map((plan) => plan.input.channel_name)
    )) {
      const key = lowerKey(creator.contractorName, creator.channelName)
      byNames.set(key, [...(byNames.get(key) ?? []), creator])
    }

    const claimed = new Map<number, number>()
    for (const plan of plans) {
      const { input } = plan
      // a row whose identifying columns are wrong matches nothing (and is not written)
      if (KEY_FIELDS.some((field) => plan.failed?.has(field))) continue
      let matchField = 'brand_no'
      if (input.brand_no) {
        plan.target = byBrand.get(input.brand_no)
      } else if (input.contract_no) {
        matchField = 'contract_no'
        plan.target = byContract.get(input.contract_no.toLowerCase())
      } else {
        matchField = 'channel_name'
        const matches = byNames.get(lowerKey(input.contractor_name, input.channel_name)) ?? []
        if (matches.length > 1) {
          errors.add(plan.row, 'channel_name', 'errors.ambiguous_names')
          continue
        }
        plan.target = matches[0]
      }
      if (input.contract_no) {
        const owner = byContract.get(input.contract_no.toLowerCase())
        if (owner && owner.id !== plan.target?.id) {
          errors.add(plan.row, 'contract_no', 'errors.contract_no_taken', {
            brand_no: owner.brandNo,
          })
        }
      }
      if (plan.target) {
        const other = claimed.get(plan.target.id)
        if (other !== undefined) {
          errors.add(plan.row, matchField, 'errors.same_creator', { row: other })
        } else {
          claimed.set(plan.target.id, plan.row)
        }
      }
    }

    // 4. uids held by other creators
    const owners = new Map<string, { creatorId: number; brandNo: string }>()
    for (const platform of IMPORT_PLATFORMS) {
      const uids = plans.flatMap(
        (plan) => ((plan.input as Record<string, unknown>)[`${platform}_uid`] as string) ?? []
      )
      for (const part of chunks([...new Set(uids)], 500)) {
        const found = await db
          .from('creator_platform_accounts')
          .join('creators', 'creators.id', 'creator_platform_accounts.creator_id')
          .where('creator_platform_accounts.platform', platform)
          .whereIn('creator_platform_accounts.uid', part)
          .select(
            'creator_platform_accounts.uid as uid',
            'creators.id as creator_id',
            'creators.brand_no as brand_no'
          )
        for (const owner of found) {
          owners.set(`${platform}\u0000${owner.uid}`, {
            creatorId: owner.creator_id,
            brandNo: owner.brand_no,
          })
        }
      }
    }

    // 5. references and rules across fields (against the stored creator on an update)
    const teamRows = await db.from('teams').select('id', 'key')
    const teams = new Map(teamRows.map((team) => [team.key as string, team.id as number]))
    const uploaders = await this.#uploaders(plans)

    for (const plan of plans) {
      const { input, target } = plan
      const values = input as Record<string, unknown>
      for (const platform of IMPORT_PLATFORMS) {
        const uid = values[`${platform}_uid`] as string | undefined
        const fans = values[`${platform}_fans`]
        if (fans !== undefined && !uid) {
          errors.add(plan.row, `${platform}_fans`, 'errors.fans_without_uid')
        }
        const owner = uid ? owners.get(`${platform}\u0000${uid}`) : undefined
        const unmatched = KEY_FIELDS.some((field) => plan.failed?.has(field))
        if (owner && owner.creatorId !== target?.id && !unmatched) {
          errors.add(plan.row, `${platform}_uid`, 'errors.uid_taken', { brand_no: owner.brandNo })
        }
      }

      if (input.cp_team) {
        plan.teamId = teams.get(input.cp_team) ?? null
        if (plan.teamId === null) errors.add(plan.row, 'cp_team', 'errors.team_unknown')
      }
      if (input.uploader) {
        plan.uploaderId = uploaders.get(input.uploader.toLowerCase()) ?? null
        if (plan.uploaderId === null) errors.add(plan.row, 'uploader', 'errors.uploader_unknown')
      }

      const contractDate = isoOf(input.contract_date) ?? storedIso(target?.contractDate)
      const endDate = isoOf(input.end_date) ?? storedIso(target?.endDate)
      if (contractDate && endDate && endDate < contractDate) {
        errors.add(
          plan.row,
          input.end_date ? 'end_date' : 'contract_date',
          'errors.end_before_contract'
        )
      }
      const ad = input.ad_income_ratio ?? target?.adIncomeRatio ?? 0
      const other = input.other_income_ratio ?? target?.otherIncomeRatio ?? 0
      if (Math.round((Number(ad) + Number(other)) * 100) > 100 * 100) {
        errors.add(
          plan.row,
          input.other_income_ratio !== undefined ? 'other_income_ratio' : 'ad_income_ratio',
          'errors.ratio_sum'
        )
      }
      const exclusive = input.video_exclusive_china ?? target?.videoExclusiveChina ?? false
      if (exclusive && input.contracted_platforms?.length) {
        errors.add(plan.row, 'contracted_platforms', 'errors.platforms_exclusive')
      }
    }
    await onProgress(rows.length)
    return plans
  }

  /** Uploaders named by email or id: active staff accounts, keyed by what the row says. */
  static async #uploaders(plans: Plan[]) {
    const named = [...new Set(plans.flatMap((plan) => plan.input.uploader?.toLowerCase() ?? []))]
    const found = new Map<string, number>()
    if (!named.length) return found
    const ids = named.filter((value) => /^\d{1,10}$/.test(value)).map(Number)
    const emails = named.filter((value) => !/^\d{1,10}$/.test(value))
    for (const part of chunks(emails, 500)) {
      const users = await db
        .from('users')
        .whereIn('email', part)
        .where('status', 'active')
        .where('account_type', 'staff')
        .select('id', 'email')
      for (const user of users) found.set(String(user.email).toLowerCase(), user.id)
    }
    for (const part of chunks(ids, 500)) {
      const users = await db
        .from('users')
        .whereIn('id', part)
        .where('status', 'active')
        .where('account_type', 'staff')
        .select('id')
      for (const user of users) found.set(String(user.id), user.id)
    }
    return found
  }

  /* ---------------------------------------------------------------- */

  static async #write(
    plans: Plan[],
    trx: TransactionClientContract,
    options: ImportOptions,
    onProgress: (created: number, updated: number) => Promise<void>
  ) {
    const stamp = DateTime.utc().toFormat(trx.dialect.dateTimeFormat)
    const creates = plans.filter((plan) => !plan.target)
    const updates = plans.filter((plan) => plan.target)
    let created = 0
    let updated = 0
    let sinceReport = 0
    const tick = async (count: number) => {
      sinceReport += count
      if (sinceReport >= PROGRESS_EVERY) {
        sinceReport = 0
        await onProgress(created, updated)
      }
    }

    // brand numbers for new rows without one
    const numbered = creates.filter((plan) => !plan.input.brand_no)
    if (numbered.length) {
      const reserved = plans.flatMap((plan) => plan.input.brand_no ?? [])
      let next = await CreatorImportService.nextBrandSequence(trx, reserved)
      for (const plan of numbered) plan.brandNo = CreatorImportService.formatBrandNo(next++)
    }
    for (const plan of creates) plan.brandNo ??= plan.input.brand_no

    // new creators, many per statement
    for (const part of chunks(creates, 100)) {
      const rows = part.map((plan) => {
        const creator = new Creator()
        this.#assign(creator, plan, true, options.userId ?? null)
        const columns = (
          creator as unknown as { prepareForAdapter(values: object): Record<string, unknown> }
        ).prepareForAdapter(creator.$attributes)
        return { ...columns, created_at: stamp, updated_at: stamp }
      })
      await trx.table('creators').multiInsert(rows)
      created += part.length
      await tick(part.length)
    }
    const idOf = new Map<string, number>()
    for (const part of chunks(
      creates.map((plan) => plan.brandNo!),
      500
    )) {
      const found = await trx.from('creators').whereIn('brand_no', part).select('id', 'brand_no')
      for (const row of found) idOf.set(row.brand_no, row.id)
    }

    // updated creators: only the cells the row fills
    for (const plan of updates) {
      const creator = plan.target!
      creator.useTransaction(trx)
      this.#assign(creator, plan, false, options.userId ?? null)
      await creator.save()
      updated++
      await tick(1)
    }

    // platform accounts (uid and fans; tokens and cookies are never in Excel)
    const touched = new Set(creates.map((plan) => idOf.get(plan.brandNo!)!))
    const existing = new Map<string, AccountRow>()
    for (const part of chunks(
      updates.map((plan) => plan.target!.id),
      500
    )) {
      const accounts: AccountRow[] = await trx
        .from('creator_platform_accounts')
        .whereIn('creator_id', part)
        .select('id', 'creator_id', 'platform', 'uid', 'fans')
      for (const account of accounts)
        existing.set(`${account.creator_id}:${account.platform}`, account)
    }
    const inserts: Record<string, unknown>[] = []
    for (const plan of plans) {
      const creatorId = plan.target?.id ?? idOf.get(plan.brandNo!)!
      const values = plan.input as Record<string, unknown>
      for (const platform of IMPORT_PLATFORMS) {
        const uid = values[`${platform}_uid`] as string | undefined
        const fans = values[`${platform}_fans`] as number | undefined
        if (uid === undefined && fans === undefined) continue
        const account = existing.get(`${creatorId}:${platform}`)
        if (account) {
          const changes: Record<string, unknown> = {}
          if (uid !== undefined && uid !== account.uid) changes.uid = uid
          if (fans !== undefined && fans !== Number(account.fans)) changes.fans = fans
          if (Object.keys(changes).length) {
            touched.add(creatorId)
            await trx
              .from('creator_platform_accounts')
              .where('id', account.id)
              .update({ ...changes, updated_at: stamp })
          }
        } else {
          touched.add(creatorId)
          inserts.push({
            creator_id: creatorId,
            platform: platform as PlatformKey,
            uid: uid ?? null,
            fans: fans ?? 0,
            active: true,
            token_status: 1,
            cookie_status: 1,
            created_at: stamp,
            updated_at: stamp,
          })
        }
      }
    }
    for (const part of chunks(inserts, 300)) {
      await trx.table('creator_platform_accounts').multiInsert(part)
    }

    // the fans and failing of creators whose accounts changed
    await CreatorImportService.recomputeTotals(trx, [...touched], stamp)

    await AuditService.record(
      {
        action: 'creator.import',
        userId: options.userId ?? null,
        subjectType: 'creator_import',
        subjectId: options.importId ?? null,
        meta: { created, updated, rows: plans.length, dry_run: Boolean(options.dryRun) },
      },
      trx
    )
    await onProgress(created, updated)
  }

  /**
   * Copies a row onto a creator: every column for a new one; for an update
   * only the filled cells whose value differs (so an unchanged row writes
   * nothing, and a private value is re-encrypted only when it changed).
   */
  static #assign(creator: Creator, plan: Plan, isNew: boolean, userId: number | null) {
    const input = plan.input
    const set = <K extends keyof Creator>(
      attribute: K,
      value: Creator[K] | undefined,
      empty: Creator[K]
    ) => {
      if (value === undefined) {
        if (isNew) creator[attribute] = empty
      } else if (isNew || !sameValue(creator[attribute], value)) {
        creator[attribute] = value
      }
    }
    const dateOf = (value: Date | undefined) =>
      value ? DateTime.fromISO(isoOf(value)!) : undefined

    if (isNew) {
      creator.brandNo = plan.brandNo!
      creator.contractStatus = 'valid'
      creator.totalFans = 0
      creator.failing = false
      creator.createdBy = userId
    }
    set('contractNo', input.contract_no, null)
    set('kind', input.kind, 'CR')
    set('contractorName', input.contractor_name, input.contractor_name)
    set('channelName', input.channel_name, input.channel_name)
    set('channelNameZh', input.channel_name_zh, null)
    set('channelIntroZh', input.channel_intro_zh, null)
    set('youtubeChannelName', input.youtube_channel_name, null)
    set('youtubeUrl', input.youtube_url, null)
    set('category', input.category, 'other')
    set('nationality', input.nationality, null)
    set('areaCode', input.area_code, null)
    set('gender', input.gender, null)
    set('companyRef', input.company_ref, null)
    set('contractDate', dateOf(input.contract_date), null)
    set('endDate', dateOf(input.end_date), null)
    set('hasAuthorizationDoc', input.has_authorization_doc, false)
    set('ipBusinessExclusive', input.ip_business_exclusive, false)
    set('videoExclusiveChina', input.video_exclusive_china, false)
    if (input.video_exclusive_china === true) set('contractedPlatforms', null, null)
    else set('contractedPlatforms', input.contracted_platforms, null)
    set('minMonthlyVideos', input.min_monthly_videos, 0)
    set('adIncomeRatio', input.ad_income_ratio, null)
    set('otherIncomeRatio', input.other_income_ratio, null)
    set('remark', input.remark, null)
    set('snsKr', input.sns_kr, null)
    set('snsZh', input.sns_zh, null)
    set('cpTeamId', plan.teamId ?? undefined, null)
    set('uploaderId', plan.uploaderId ?? undefined, null)
    set('baiduAppId', input.baidu_app_id, null)

    const values = input as Record<string, unknown>
    for (const field of PRIVATE_FIELDS) {
      let value = values[field]
      if (value instanceof Date) value = isoOf(value)
      if (value === undefined) {
        if (isNew) creator.setPrivate(field, null)
      } else if (isNew || creator.getPrivate(field) !== value) {
        creator.setPrivate(field, value as string)
      }
    }
  }

  /** The next number of `${APP_BRAND}-00001`-style brand numbers, above those stored and reserved. */
  static async nextBrandSequence(client: TransactionClientContract, reserved: string[] = []) {
    const prefix = `${studioConfig.brand.toUpperCase()}-`
    const stored = await client
      .from('creators')
      .where('brand_no', 'like', `${prefix}%`)
      .select('brand_no')
    let max = 0
    for (const brandNo of [...stored.map((row) => String(row.brand_no)), ...reserved]) {
      const rest = brandNo.toUpperCase().startsWith(prefix) ? brandNo.slice(prefix.length) : ''
      if (/^\d{1,9}$/.test(rest)) max = Math.max(max, Number(rest))
    }
    return max + 1
  }

  static formatBrandNo(sequence: number) {
    return `${studioConfig.brand.toUpperCase()}-${String(sequence).padStart(5, '0')}`
  }

  /**
   * creators.total_fans (the active accounts' fans) and creators.failing (an
   * active account whose token or cookie status is 1, whose token expired,
   * whose cookie recheck passed or whose last collection failed) — the rules
   * of PlatformAccountService, in one statement per 500 creators. The daily
   * collection (MetricCollectionService) calls it for the creators it touched,
   * with `touch: false` (a collection does not count as an edit of the creator).
   */
  static async recomputeTotals(
    client: TransactionClientContract,
    creatorIds: number[],
    stamp: string,
    options: { touch?: boolean } = {}
  ) {
    CreatorListCache.clear()
    const touch = options.touch ?? true
    const now = DateTime.utc()
    const format = client.dialect.dateTimeFormat
    const nowText = now.toFormat(format)
    const recheckText = now.minus({ days: COOKIE_RECHECK_DAYS }).toFormat(format)
    for (const part of chunks([...new Set(creatorIds)], 500)) {
      const placeholders = part.map(() => '?').join(', ')
      await client.rawQuery(
        `update creators set
           total_fans = (select coalesce(sum(a.fans), 0) from creator_platform_accounts a
                         where a.creator_id = creators.id and a.active <> 0),
           failing = case when exists (select 1 from creator_platform_accounts a
                         where a.creator_id = creators.id and a.active <> 0
                           and (a.token_status = 1 or a.cookie_status = 1 or a.collect_status = 1
                             or (a.token_expires_at is not null and a.token_expires_at <= ?)
                             or (a.cookie_checked_at is not null and a.cookie_checked_at <= ?)))
                     then 1 else 0 end${touch ? ',\n           updated_at = ?' : ''}
         where id in (${placeholders})`,
        [nowText, recheckText, ...(touch ? [stamp] : []), ...part]
      )
    }
  }
}
