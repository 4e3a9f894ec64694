import { EXAMPLE_MARKER, IMPORT_MAX_ROWS, SHEET_NAME } from '#services/creators/excel/columns'
import { IMPORT_COLUMNS } from '#services/creators/excel/import_columns'
import { sheetReader } from '#support/workbook_stream'

export type { RawRow, ReadResult, SheetRows } from '#support/workbook_stream'

/*
| Reading an uploaded creators workbook: the rows of the 'Creators' sheet
| (else of the first sheet with a header naming the template's columns),
| streamed (support/workbook_stream.ts); the template's example row is
| passed over.
*/
export const readRows = sheetReader({
  columns: IMPORT_COLUMNS,
  sheetName: SHEET_NAME,
  maxRows: IMPORT_MAX_ROWS,
  skip: (values) => (values.brand_no ?? '').toUpperCase() === EXAMPLE_MARKER,
  label: 'creators import',
})
