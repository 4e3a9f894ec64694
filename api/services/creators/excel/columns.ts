import type { CellKind } from '#support/workbook_cells'
import { PLATFORMS, TOKEN_PLATFORMS, type PlatformKey, type PrivateField } from '#shared/constants'

/*
|--------------------------------------------------------------------------
| The creators' workbooks: limits, sheets and columns
|--------------------------------------------------------------------------
|
| The import template has one 'Creators' sheet with a title row and a key
| row, and an 'Instructions' sheet in English, Korean and Chinese; the list
| export uses the same two header rows. The importer maps columns by the key
| row (row 2), falling back to the titles of row 1, so columns may be
| reordered and unknown columns are ignored. The template's columns are in
| import_columns.ts.
|
*/

/** Upload limits. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024
/** Sum of the uncompressed parts of a workbook (guards against zip bombs). */
export const IMPORT_MAX_UNCOMPRESSED_BYTES = 400 * 1024 * 1024
/** Data rows one file may hold. */
export const IMPORT_MAX_ROWS = 50_000
/** Errors kept in the report (the total is reported too). */
export const IMPORT_MAX_REPORTED_ERRORS = 1_000
/** Rows of the template sheet that carry the drop-down lists. */
export const TEMPLATE_VALIDATED_ROWS = 5_000

export const SHEET_NAME = 'Creators'
export const EXPORT_SHEET_NAME = 'Creators export'
export const INSTRUCTIONS_SHEET_NAME = 'Instructions'
/** Rows whose Brand No. holds this are the template's example and are never imported. */
export const EXAMPLE_MARKER = 'EXAMPLE'

/** The platforms whose uid and fans the template carries (no tokens or cookies in Excel). */
export const IMPORT_PLATFORMS: PlatformKey[] = [...TOKEN_PLATFORMS, 'youtube']

export type ColumnType = 'text' | 'enum' | 'boolean' | 'date' | 'integer' | 'decimal' | 'list'

export interface ExcelColumn {
  key: string
  title: string
  type: ColumnType
  width: number
  required?: boolean
  choices?: readonly string[]
  private?: PrivateField
  platform?: PlatformKey
  example?: string | number | Date
  help: { en: string; ko: string; zh: string }
  /** How the cells are read (workbook_cells.ts): 'value' when not said. */
  read?: CellKind
  /** Other titles meaning exactly this column (read, with a warning). */
  aliases?: readonly string[]
}

/** A column of a written sheet: title (row 1), key (row 2), width and number format. */
export interface SheetColumn {
  key: string
  title: string
  width: number
  type?: ColumnType
  required?: boolean
}

const PLATFORM_LABEL: Record<string, string> = {
  haokan: 'Haokan',
  bilibili: 'Bilibili',
  xigua: 'Xigua',
  weibo: 'Weibo',
  douyin: 'Douyin',
  youtube: 'YouTube',
}

const PLATFORM_EXAMPLE: Partial<Record<PlatformKey, { uid: string; fans: number }>> = {
  bilibili: { uid: '3493117000000001', fans: 152_000 },
  douyin: { uid: 'MS4wLjABAAAAexample01', fans: 48_500 },
  youtube: { uid: 'UCexampleJisooDaily00001', fans: 310_000 },
}

export function platformColumns(platform: PlatformKey): ExcelColumn[] {
  const label = PLATFORM_LABEL[platform] ?? platform
  const example = PLATFORM_EXAMPLE[platform]
  return [
    {
      key: `${platform}_uid`,
      title: `${label} UID`,
      type: 'text',
      read: 'identifier',
      width: 22,
      platform,
      example: example?.uid,
      help: {
        en: `The creator's account id on ${label}. One account per platform; an id may belong to one creator only.`,
        ko: `${label} 계정 ID. 플랫폼마다 한 계정이며, 같은 ID는 한 크리에이터에게만 등록됩니다.`,
        zh: `${label} 账号 ID。每个平台一个账号，同一 ID 只能属于一位创作者。`,
      },
    },
    {
      key: `${platform}_fans`,
      title: `${label} Fans`,
      type: 'integer',
      width: 14,
      platform,
      example: example?.fans,
      help: {
        en: `Followers on ${label} (whole number ≥ 0). Needs the ${label} UID in the same row.`,
        ko: `${label} 팔로워 수(0 이상의 정수). 같은 행에 ${label} UID가 필요합니다.`,
        zh: `${label} 粉丝数（≥ 0 的整数）。同一行需填写 ${label} UID。`,
      },
    },
  ]
}

export const EXPORT_COLUMNS: SheetColumn[] = [
  { key: 'id', title: 'ID', width: 8, type: 'integer' },
  { key: 'brand_no', title: 'Brand No.', width: 14, type: 'text' },
  { key: 'contract_no', title: 'Contract No.', width: 16, type: 'text' },
  { key: 'kind', title: 'Kind', width: 8, type: 'text' },
  { key: 'contractor_name', title: 'Contractor Name', width: 18, type: 'text' },
  { key: 'channel_name', title: 'Channel Name', width: 20, type: 'text' },
  { key: 'channel_name_zh', title: 'Channel Name (Chinese)', width: 20, type: 'text' },
  { key: 'category', title: 'Category', width: 12, type: 'text' },
  { key: 'nationality', title: 'Nationality', width: 11, type: 'text' },
  { key: 'contract_status', title: 'Contract Status', width: 12, type: 'text' },
  { key: 'contract_date', title: 'Contract Date', width: 13, type: 'date' },
  { key: 'end_date', title: 'End Date', width: 13, type: 'date' },
  { key: 'cancel_date', title: 'Cancel Date', width: 13, type: 'date' },
  { key: 'cp_team', title: 'CP Team', width: 10, type: 'text' },
  { key: 'total_fans', title: 'Total Fans', width: 12, type: 'integer' },
  { key: 'failing', title: 'Failing', width: 9, type: 'text' },
  { key: 'phone_masked', title: 'Phone (masked)', width: 16, type: 'text' },
  { key: 'email_masked', title: 'Email (masked)', width: 22, type: 'text' },
  { key: 'passport_no_masked', title: 'Passport No. (masked)', width: 16, type: 'text' },
  { key: 'bank_account_masked', title: 'Bank Account (masked)', width: 18, type: 'text' },
  ...PLATFORMS.flatMap((platform): SheetColumn[] => [
    { key: `${platform}_uid`, title: `${platform} UID`, width: 20, type: 'text' },
    { key: `${platform}_fans`, title: `${platform} Fans`, width: 12, type: 'integer' },
  ]),
  { key: 'created_at', title: 'Created At', width: 18, type: 'text' },
]
