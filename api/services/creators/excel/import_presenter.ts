import type { I18n } from '@adonisjs/i18n'
import type CreatorImport from '#models/creator_import'
import {
  translateImportErrors,
  type StoredImportError,
} from '#services/creators/excel/import_errors'
import { isoDateTime } from '#support/dates'
import { translateTitleWarnings } from '#support/workbook_warnings'

/** An import's progress (GET /api/creators/imports/:id), errors in the reader's language. */
export function presentCreatorImport(record: CreatorImport, i18n: I18n) {
  return {
    id: record.id,
    status: record.status,
    file_name: record.fileName,
    total_rows: record.totalRows,
    processed_rows: record.processedRows,
    created_count: record.createdCount,
    updated_count: record.updatedCount,
    unchanged_count: record.unchangedCount ?? 0,
    errors: translateImportErrors(record.errors as StoredImportError[], i18n),
    warnings: translateTitleWarnings(record.warnings, i18n),
    finished_at: isoDateTime(record.finishedAt),
    created_at: isoDateTime(record.createdAt),
  }
}
