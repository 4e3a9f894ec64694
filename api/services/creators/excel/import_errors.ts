import i18nManager from '@adonisjs/i18n/services/main'
import type { I18n } from '@adonisjs/i18n'
import { IMPORT_MAX_REPORTED_ERRORS } from '#services/creators/excel/columns'
import { IMPORT_COLUMNS, IMPORT_COLUMN_BY_KEY } from '#services/creators/excel/import_columns'

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

const english = () => i18nManager.locale('en')

/** Every error of one import, by row and column; the first IMPORT_MAX_REPORTED_ERRORS are kept. */
export class ErrorList {
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

/**
 * Message keys (resources/lang/<locale>/import.json) of a VineJS rule failing
 * on a field: field-specific wording first, then the rule's, then a generic one.
 */
const FIELD_RULE_KEYS: Record<string, string> = {
  'brand_no.regex': 'errors.brand_no_format',
  '*_uid.regex': 'errors.uid_format',
  'nationality.regex': 'errors.nationality_format',
  'area_code.regex': 'errors.area_code_format',
  'phone.regex': 'errors.phone_format',
  'passport_no.regex': 'errors.passport_no_format',
  'bank_account.regex': 'errors.bank_account_format',
  'min_monthly_videos.min': 'errors.min_monthly_videos_negative',
  'birth_date.date.before': 'errors.birth_date_past',
}

const RULE_KEYS = new Set([
  'required',
  'string',
  'maxLength',
  'minLength',
  'regex',
  'email',
  'url',
  'enum',
  'number',
  'withoutDecimals',
  'min',
  'max',
  'decimal',
  'date',
  'boolean',
  'array',
  'distinct',
])

export function importRuleMessageKey(field: string, rule: string) {
  const generic = field.endsWith('_uid') ? `*_uid.${rule}` : `${field}.${rule}`
  const specific = FIELD_RULE_KEYS[`${field}.${rule}`] ?? FIELD_RULE_KEYS[generic]
  if (specific) return specific
  if (RULE_KEYS.has(rule)) return `rules.${rule}`
  return 'rules.invalid'
}

/** The arguments a rule's message shows ({max}, {min}, {choices}). */
export function importRuleMessageData(meta: Record<string, unknown> | undefined) {
  const data: Record<string, string | number> = {}
  if (!meta) return data
  for (const name of ['max', 'min'] as const) {
    if (typeof meta[name] === 'number') data[name] = meta[name] as number
  }
  if (Array.isArray(meta.choices)) data.choices = meta.choices.join(', ')
  return data
}
