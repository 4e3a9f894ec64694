import { open, stat } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import { DateTime } from 'luxon'
import studioConfig from '#config/studio'
import {
  CREATOR_CATEGORIES,
  CREATOR_KINDS,
  GENDERS,
  PLATFORMS,
  TEAMS,
  TOKEN_PLATFORMS,
  type PlatformKey,
  type PrivateField,
} from '#shared/constants'

/**
 * The Excel side of creators: the import template (one 'Creators' sheet with
 * a title row and a key row, an 'Instructions' sheet in English, Korean and
 * Chinese) and the list export. The importer maps columns by the key row
 * (row 2), falling back to the titles of row 1, so columns may be reordered
 * and unknown columns are ignored.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Upload limits. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024
/** Sum of the uncompressed parts of a workbook (guards against zip bombs). */
export const IMPORT_MAX_UNCOMPRESSED_BYTES = 400 * 1024 * 1024
/** Data rows one file may hold. */
export const IMPORT_MAX_ROWS = 50_000
/** Errors kept in the report (the total is reported too). */
export const IMPORT_MAX_REPORTED_ERRORS = 1_000
/** Rows of the template sheet that carry the drop-down lists. */
const TEMPLATE_VALIDATED_ROWS = 5_000

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
}

const date = (iso: string) => new Date(`${iso}T00:00:00Z`)

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

function platformColumns(platform: PlatformKey): ExcelColumn[] {
  const label = PLATFORM_LABEL[platform] ?? platform
  const example = PLATFORM_EXAMPLE[platform]
  return [
    {
      key: `${platform}_uid`,
      title: `${label} UID`,
      type: 'text',
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

/** Every column of the import template, in order. */
export const IMPORT_COLUMNS: ExcelColumn[] = [
  {
    key: 'brand_no',
    title: 'Brand No.',
    type: 'text',
    width: 14,
    example: EXAMPLE_MARKER,
    help: {
      en: 'The studio number of the creator. Empty: a new number is generated. A row whose number exists updates that creator.',
      ko: '크리에이터의 스튜디오 번호. 비워 두면 새 번호가 생성됩니다. 이미 있는 번호면 그 크리에이터를 수정합니다.',
      zh: '创作者的工作室编号。留空则自动生成；编号已存在时更新该创作者。',
    },
  },
  {
    key: 'contract_no',
    title: 'Contract No.',
    type: 'text',
    width: 16,
    example: 'C-2024-0001',
    help: {
      en: 'Contract number (unique). Used to find the creator when Brand No. is empty.',
      ko: '계약 번호(중복 불가). 브랜드 번호가 비어 있으면 이 번호로 크리에이터를 찾습니다.',
      zh: '合同编号（唯一）。品牌编号为空时用它查找创作者。',
    },
  },
  {
    key: 'kind',
    title: 'Kind',
    type: 'enum',
    width: 8,
    choices: CREATOR_KINDS,
    example: 'CR',
    help: {
      en: 'CR creator, IP brand or CH channel. Empty: CR.',
      ko: 'CR 크리에이터, IP 브랜드, CH 채널. 비우면 CR.',
      zh: 'CR 创作者、IP 品牌或 CH 频道。留空为 CR。',
    },
  },
  {
    key: 'contractor_name',
    title: 'Contractor Name',
    type: 'text',
    width: 18,
    required: true,
    example: '김지수',
    help: {
      en: 'Required. The person or company that signed (at most 100 characters).',
      ko: '필수. 계약자(개인 또는 회사) 이름, 최대 100자.',
      zh: '必填。签约人或公司名称（最多 100 字）。',
    },
  },
  {
    key: 'channel_name',
    title: 'Channel Name',
    type: 'text',
    width: 20,
    required: true,
    example: 'Jisoo Daily',
    help: {
      en: 'Required. Channel name in Korean or English (at most 150 characters).',
      ko: '필수. 한국어 또는 영어 채널명, 최대 150자.',
      zh: '必填。韩文或英文频道名（最多 150 字）。',
    },
  },
  {
    key: 'channel_name_zh',
    title: 'Channel Name (Chinese)',
    type: 'text',
    width: 20,
    example: '智秀日常',
    help: { en: 'Chinese channel name.', ko: '중국어 채널명.', zh: '中文频道名。' },
  },
  {
    key: 'channel_intro_zh',
    title: 'Channel Intro (Chinese)',
    type: 'text',
    width: 30,
    example: '首尔生活 vlog，每周更新。',
    help: {
      en: 'Chinese channel introduction (at most 2000 characters).',
      ko: '중국어 채널 소개, 최대 2000자.',
      zh: '中文频道简介（最多 2000 字）。',
    },
  },
  {
    key: 'youtube_channel_name',
    title: 'YouTube Channel Name',
    type: 'text',
    width: 20,
    example: 'Jisoo Daily',
    help: { en: 'YouTube channel name.', ko: '유튜브 채널명.', zh: 'YouTube 频道名。' },
  },
  {
    key: 'youtube_url',
    title: 'YouTube URL',
    type: 'text',
    width: 30,
    example: 'https://www.youtube.com/@jisoodaily',
    help: {
      en: 'YouTube channel address (https://…).',
      ko: '유튜브 채널 주소(https://…).',
      zh: 'YouTube 频道地址（https://…）。',
    },
  },
  {
    key: 'category',
    title: 'Category',
    type: 'enum',
    width: 12,
    choices: CREATOR_CATEGORIES,
    example: 'vlog',
    help: {
      en: 'One of the listed categories. Empty: other.',
      ko: '목록의 카테고리 중 하나. 비우면 other.',
      zh: '列表中的类别之一。留空为 other。',
    },
  },
  {
    key: 'nationality',
    title: 'Nationality',
    type: 'text',
    width: 11,
    example: 'KR',
    help: {
      en: 'Two-letter country code (KR, CN, JP, US …).',
      ko: '두 글자 국가 코드(KR, CN, JP, US …).',
      zh: '两位国家代码（KR、CN、JP、US …）。',
    },
  },
  {
    key: 'area_code',
    title: 'Area Code',
    type: 'text',
    width: 10,
    example: '+82',
    help: {
      en: 'Telephone country code: a plus sign and digits (+82).',
      ko: '전화 국가 번호: + 와 숫자(+82).',
      zh: '电话国家区号：加号和数字（+86）。',
    },
  },
  {
    key: 'phone',
    title: 'Phone',
    type: 'text',
    width: 16,
    private: 'phone',
    example: '010-1234-5678',
    help: {
      en: 'Private (L1). Digits, spaces and dashes. Stored encrypted.',
      ko: '개인정보(L1). 숫자, 공백, 하이픈. 암호화하여 저장.',
      zh: '隐私（L1）。数字、空格和横线。加密保存。',
    },
  },
  {
    key: 'email',
    title: 'Email',
    type: 'text',
    width: 24,
    private: 'email',
    example: 'jisoo@example.com',
    help: {
      en: 'Private (L1). Email address. Stored encrypted.',
      ko: '개인정보(L1). 이메일 주소. 암호화하여 저장.',
      zh: '隐私（L1）。电子邮箱。加密保存。',
    },
  },
  {
    key: 'address',
    title: 'Address',
    type: 'text',
    width: 30,
    private: 'address',
    example: '서울특별시 마포구 월드컵북로 396',
    help: {
      en: 'Private (L1). Postal address (at most 255 characters). Stored encrypted.',
      ko: '개인정보(L1). 주소, 최대 255자. 암호화하여 저장.',
      zh: '隐私（L1）。地址（最多 255 字）。加密保存。',
    },
  },
  {
    key: 'birth_date',
    title: 'Birth Date',
    type: 'date',
    width: 12,
    private: 'birth_date',
    example: date('1995-03-14'),
    help: {
      en: 'Private (L2). A past date, YYYY-MM-DD. Stored encrypted.',
      ko: '개인정보(L2). 과거 날짜, YYYY-MM-DD. 암호화하여 저장.',
      zh: '隐私（L2）。过去的日期，YYYY-MM-DD。加密保存。',
    },
  },
  {
    key: 'gender',
    title: 'Gender',
    type: 'enum',
    width: 9,
    choices: GENDERS,
    example: 'female',
    help: {
      en: 'female, male or other.',
      ko: 'female, male, other 중 하나.',
      zh: 'female、male 或 other。',
    },
  },
  {
    key: 'passport_name',
    title: 'Passport Name',
    type: 'text',
    width: 18,
    private: 'passport_name',
    example: 'KIM JISOO',
    help: {
      en: 'Private (L2). Name as in the passport. Stored encrypted.',
      ko: '개인정보(L2). 여권상 이름. 암호화하여 저장.',
      zh: '隐私（L2）。护照上的姓名。加密保存。',
    },
  },
  {
    key: 'passport_no',
    title: 'Passport No.',
    type: 'text',
    width: 14,
    private: 'passport_no',
    example: 'M12345678',
    help: {
      en: 'Private (L2). Capital letters and digits. Stored encrypted.',
      ko: '개인정보(L2). 영문 대문자와 숫자. 암호화하여 저장.',
      zh: '隐私（L2）。大写字母和数字。加密保存。',
    },
  },
  {
    key: 'company_ref',
    title: 'Company',
    type: 'text',
    width: 16,
    example: 'Jisoo Studio',
    help: { en: 'Company of the creator.', ko: '소속 회사.', zh: '所属公司。' },
  },
  {
    key: 'contract_date',
    title: 'Contract Date',
    type: 'date',
    width: 13,
    example: date('2024-01-01'),
    help: { en: 'YYYY-MM-DD.', ko: 'YYYY-MM-DD.', zh: 'YYYY-MM-DD。' },
  },
  {
    key: 'end_date',
    title: 'End Date',
    type: 'date',
    width: 13,
    example: date('2026-12-31'),
    help: {
      en: 'YYYY-MM-DD, on or after the contract date.',
      ko: 'YYYY-MM-DD, 계약일과 같거나 이후.',
      zh: 'YYYY-MM-DD，不早于签约日期。',
    },
  },
  {
    key: 'has_authorization_doc',
    title: 'Authorization Document',
    type: 'boolean',
    width: 12,
    example: 'yes',
    help: {
      en: 'yes or no: the authorization document is on file.',
      ko: 'yes 또는 no: 위임장 보유 여부.',
      zh: 'yes 或 no：是否有授权书。',
    },
  },
  {
    key: 'ip_business_exclusive',
    title: 'IP Business Exclusive',
    type: 'boolean',
    width: 12,
    example: 'no',
    help: { en: 'yes or no.', ko: 'yes 또는 no.', zh: 'yes 或 no。' },
  },
  {
    key: 'video_exclusive_china',
    title: 'Video Exclusive in China',
    type: 'boolean',
    width: 12,
    example: 'no',
    help: {
      en: 'yes or no. When yes, leave Contracted Platforms empty.',
      ko: 'yes 또는 no. yes이면 계약 플랫폼을 비워 두세요.',
      zh: 'yes 或 no。为 yes 时签约平台留空。',
    },
  },
  {
    key: 'contracted_platforms',
    title: 'Contracted Platforms',
    type: 'list',
    width: 22,
    choices: PLATFORMS,
    example: 'bilibili, douyin',
    help: {
      en: `Comma-separated platform keys, only when not exclusive in China: ${PLATFORMS.join(', ')}.`,
      ko: `쉼표로 구분한 플랫폼 키(중국 독점이 아닐 때만): ${PLATFORMS.join(', ')}.`,
      zh: `逗号分隔的平台代码（仅在非中国独家时）：${PLATFORMS.join(', ')}。`,
    },
  },
  {
    key: 'min_monthly_videos',
    title: 'Min. Monthly Videos',
    type: 'integer',
    width: 12,
    example: 4,
    help: {
      en: 'Minimum videos per month, a whole number ≥ 0.',
      ko: '월 최소 영상 수, 0 이상의 정수.',
      zh: '每月最少视频数，≥ 0 的整数。',
    },
  },
  {
    key: 'ad_income_ratio',
    title: 'Ad Income Ratio (%)',
    type: 'decimal',
    width: 12,
    example: 70,
    help: {
      en: '0–100, two decimals at most; with the other income ratio at most 100 in total.',
      ko: '0–100, 소수점 둘째 자리까지. 기타 수익 비율과 합계 100 이하.',
      zh: '0–100，最多两位小数；与其他收入比例之和不超过 100。',
    },
  },
  {
    key: 'other_income_ratio',
    title: 'Other Income Ratio (%)',
    type: 'decimal',
    width: 12,
    example: 30,
    help: {
      en: '0–100, two decimals at most.',
      ko: '0–100, 소수점 둘째 자리까지.',
      zh: '0–100，最多两位小数。',
    },
  },
  {
    key: 'bank_name',
    title: 'Bank Name',
    type: 'text',
    width: 16,
    private: 'bank_name',
    example: 'KB국민은행',
    help: {
      en: 'Private (L3). Stored encrypted.',
      ko: '개인정보(L3). 암호화하여 저장.',
      zh: '隐私（L3）。加密保存。',
    },
  },
  {
    key: 'bank_account',
    title: 'Bank Account',
    type: 'text',
    width: 18,
    private: 'bank_account',
    example: '123-45-678901',
    help: {
      en: 'Private (L3). Digits and dashes. Stored encrypted.',
      ko: '개인정보(L3). 숫자와 하이픈. 암호화하여 저장.',
      zh: '隐私（L3）。数字和横线。加密保存。',
    },
  },
  {
    key: 'tax_payer_name',
    title: 'Tax Payer Name',
    type: 'text',
    width: 16,
    private: 'tax_payer_name',
    example: '김지수',
    help: {
      en: 'Private (L3). Stored encrypted.',
      ko: '개인정보(L3). 암호화하여 저장.',
      zh: '隐私（L3）。加密保存。',
    },
  },
  {
    key: 'remark',
    title: 'Remark',
    type: 'text',
    width: 24,
    help: {
      en: 'Notes (at most 2000 characters).',
      ko: '비고, 최대 2000자.',
      zh: '备注（最多 2000 字）。',
    },
  },
  {
    key: 'sns_kr',
    title: 'SNS (Korea)',
    type: 'text',
    width: 24,
    example: 'https://www.instagram.com/jisoodaily',
    help: {
      en: 'Korean SNS link (https://…).',
      ko: '한국 SNS 링크(https://…).',
      zh: '韩国社交链接（https://…）。',
    },
  },
  {
    key: 'sns_zh',
    title: 'SNS (China)',
    type: 'text',
    width: 24,
    example: 'https://weibo.com/jisoodaily',
    help: {
      en: 'Chinese SNS link (https://…).',
      ko: '중국 SNS 링크(https://…).',
      zh: '中国社交链接（https://…）。',
    },
  },
  {
    key: 'cp_team',
    title: 'CP Team',
    type: 'enum',
    width: 12,
    choices: TEAMS,
    example: 'cp1',
    help: {
      en: 'Key of the responsible team (cp1, cp2 …).',
      ko: '담당 팀 키(cp1, cp2 …).',
      zh: '负责团队代码（cp1、cp2 …）。',
    },
  },
  {
    key: 'uploader',
    title: 'Uploader (email)',
    type: 'text',
    width: 22,
    help: {
      en: 'Email (or user id) of the active staff member who uploads for the creator.',
      ko: '업로드 담당 직원의 이메일(또는 사용자 ID). 활성 계정이어야 합니다.',
      zh: '负责上传的在职员工邮箱（或用户 ID）。',
    },
  },
  {
    key: 'baidu_app_id',
    title: 'Baidu App ID',
    type: 'text',
    width: 14,
    help: {
      en: 'Baidu app id (the token is set in the studio, never in Excel).',
      ko: '바이두 앱 ID(토큰은 스튜디오에서만 입력).',
      zh: '百度应用 ID（令牌只在系统中填写，不在 Excel 中）。',
    },
  },
  ...IMPORT_PLATFORMS.flatMap(platformColumns),
]

export const IMPORT_COLUMN_BY_KEY = new Map(IMPORT_COLUMNS.map((column) => [column.key, column]))

/* ------------------------------------------------------------------ */
/* Reading cells                                                       */
/* ------------------------------------------------------------------ */

/** A cell as text: rich text joined, formulas by their result, dates as YYYY-MM-DD; empty → null. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null
    return DateTime.fromJSDate(value, { zone: 'utc' }).toISODate()
  }
  if (typeof value === 'string') {
    const trimmed = value.trim()
    return trimmed === '' ? null : trimmed
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>
    if (Array.isArray(cell.richText)) {
      return cellText(cell.richText.map((part: { text?: string }) => part?.text ?? '').join(''))
    }
    if ('result' in cell) return cellText(cell.result)
    if ('formula' in cell || 'sharedFormula' in cell) return null
    if ('text' in cell) return cellText(cell.text) ?? cellText(cell.hyperlink)
    if ('error' in cell) return String(cell.error)
  }
  return null
}

/** Normalises a header cell for matching: lower case, no required marker or extra spaces. */
export function headerText(value: unknown) {
  const text = cellText(value)
  if (!text) return null
  return text.replace(/\*/g, '').replace(/\s+/g, ' ').trim().toLowerCase()
}

const KEY_BY_HEADER = new Map<string, string>()
for (const column of IMPORT_COLUMNS) {
  KEY_BY_HEADER.set(column.key, column.key)
  KEY_BY_HEADER.set(column.title.toLowerCase(), column.key)
}

/** The column key a header cell names (by key, else by title), if any. */
export function columnKeyOf(value: unknown) {
  const text = headerText(value)
  return text ? (KEY_BY_HEADER.get(text) ?? null) : null
}

/* ------------------------------------------------------------------ */
/* The uploaded file                                                   */
/* ------------------------------------------------------------------ */

export type FileProblem =
  { key: 'not_xlsx' } | { key: 'too_large'; data: { max: number } } | { key: 'unreadable' }

/**
 * Checks an uploaded file before any Excel parsing: size, the ZIP magic
 * bytes, a readable ZIP directory that holds an Excel workbook, and the
 * uncompressed size (so that a small file cannot expand into gigabytes).
 */
export async function inspectWorkbookFile(path: string): Promise<FileProblem | null> {
  const tooLarge = { key: 'too_large', data: { max: IMPORT_MAX_BYTES / 1024 / 1024 } } as const
  let size: number
  try {
    const stats = await stat(path)
    size = stats.size
  } catch {
    return { key: 'unreadable' }
  }
  if (size > IMPORT_MAX_BYTES) return tooLarge
  if (size < 22) return { key: 'not_xlsx' }

  const handle = await open(path, 'r')
  try {
    const magic = Buffer.alloc(4)
    await handle.read(magic, 0, 4, 0)
    if (magic.readUInt32LE(0) !== 0x04034b50) return { key: 'not_xlsx' }

    // End of central directory: the last record, within the final 64 KiB + 22 bytes
    const tailLength = Math.min(size, 65_557)
    const tail = Buffer.alloc(tailLength)
    await handle.read(tail, 0, tailLength, size - tailLength)
    let eocd = -1
    for (let index = tailLength - 22; index >= 0; index--) {
      if (tail.readUInt32LE(index) === 0x06054b50) {
        eocd = index
        break
      }
    }
    if (eocd < 0) return { key: 'unreadable' }
    const entries = tail.readUInt16LE(eocd + 10)
    const directorySize = tail.readUInt32LE(eocd + 12)
    const directoryOffset = tail.readUInt32LE(eocd + 16)
    if (directoryOffset + directorySize > size || directorySize > 16 * 1024 * 1024) {
      return { key: 'unreadable' }
    }
    const directory = Buffer.alloc(directorySize)
    await handle.read(directory, 0, directorySize, directoryOffset)

    const names = new Set<string>()
    let uncompressed = 0
    let position = 0
    for (let entry = 0; entry < entries; entry++) {
      if (position + 46 > directory.length || directory.readUInt32LE(position) !== 0x02014b50) {
        return { key: 'unreadable' }
      }
      const entrySize = directory.readUInt32LE(position + 24)
      const nameLength = directory.readUInt16LE(position + 28)
      const extraLength = directory.readUInt16LE(position + 30)
      const commentLength = directory.readUInt16LE(position + 32)
      if (entrySize === 0xffffffff) return tooLarge
      uncompressed += entrySize
      names.add(directory.toString('utf8', position + 46, position + 46 + nameLength))
      position += 46 + nameLength + extraLength + commentLength
    }
    if (uncompressed > IMPORT_MAX_UNCOMPRESSED_BYTES) return tooLarge
    if (!names.has('xl/workbook.xml') || !names.has('[Content_Types].xml')) {
      return { key: 'not_xlsx' }
    }
    return null
  } catch {
    return { key: 'unreadable' }
  } finally {
    await handle.close()
  }
}

/* ------------------------------------------------------------------ */
/* Writing workbooks                                                   */
/* ------------------------------------------------------------------ */

const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FF1F3A5F' },
}
const KEY_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8ECF2' } }
const REQUIRED_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FF8A2D2D' },
}

interface SheetColumn {
  key: string
  title: string
  width: number
  type?: ColumnType
  required?: boolean
}

/** Row 1: titles (required ones marked *); row 2: the field keys the importer reads. */
function writeHeader(sheet: ExcelJS.Worksheet, columns: SheetColumn[]) {
  sheet.columns = columns.map((column) => ({
    key: column.key,
    width: column.width,
    style: numberFormatOf(column.type),
  }))
  const titles = sheet.getRow(1)
  const keys = sheet.getRow(2)
  columns.forEach((column, index) => {
    const title = titles.getCell(index + 1)
    title.value = column.required ? `${column.title} *` : column.title
    title.font = { bold: true, color: { argb: 'FFFFFFFF' } }
    title.fill = column.required ? REQUIRED_FILL : HEADER_FILL
    title.alignment = { vertical: 'middle', wrapText: true }
    const key = keys.getCell(index + 1)
    key.value = column.key
    key.font = { italic: true, size: 9, color: { argb: 'FF5B6B80' } }
    key.fill = KEY_FILL
  })
  titles.height = 30
  sheet.views = [{ state: 'frozen', xSplit: 0, ySplit: 2 }]
}

function numberFormatOf(type: ColumnType | undefined): Partial<ExcelJS.Style> {
  switch (type) {
    case 'date':
      return { numFmt: 'yyyy-mm-dd' }
    case 'integer':
      return { numFmt: '0' }
    case 'decimal':
      return { numFmt: '0.##' }
    case undefined:
      return {}
    default:
      // text: Excel keeps leading zeros of phones, accounts and uids, and '+82'
      return { numFmt: '@' }
  }
}

function columnLetter(index: number) {
  let letters = ''
  let number = index
  while (number > 0) {
    const remainder = (number - 1) % 26
    letters = String.fromCharCode(65 + remainder) + letters
    number = Math.floor((number - 1) / 26)
  }
  return letters
}

/** exceljs supports data validations on ranges, but its typings do not declare them. */
interface DataValidations {
  add(range: string, validation: ExcelJS.DataValidation): void
}

function addValidations(sheet: ExcelJS.Worksheet) {
  const validations = (sheet as unknown as { dataValidations: DataValidations }).dataValidations
  const first = 3
  const last = first + TEMPLATE_VALIDATED_ROWS - 1
  IMPORT_COLUMNS.forEach((column, index) => {
    const range = `${columnLetter(index + 1)}${first}:${columnLetter(index + 1)}${last}`
    const common = { allowBlank: true, showErrorMessage: true, errorStyle: 'stop' as const }
    if (column.type === 'enum' && column.choices) {
      validations.add(range, {
        ...common,
        type: 'list',
        formulae: [`"${column.choices.join(',')}"`],
        error: `Choose one of: ${column.choices.join(', ')}`,
      })
    } else if (column.type === 'boolean') {
      validations.add(range, {
        ...common,
        type: 'list',
        formulae: ['"yes,no"'],
        error: 'yes or no',
      })
    } else if (column.type === 'integer') {
      validations.add(range, {
        ...common,
        type: 'whole',
        operator: 'greaterThanOrEqual',
        formulae: [0],
        error: 'A whole number ≥ 0',
      })
    } else if (column.type === 'decimal') {
      validations.add(range, {
        ...common,
        type: 'decimal',
        operator: 'between',
        formulae: [0, 100],
        error: 'A number between 0 and 100',
      })
    }
  })
}

const GENERAL_RULES: { en: string; ko: string; zh: string }[] = [
  {
    en: "Fill one creator per row of the 'Creators' sheet, from row 3. Row 1 holds the titles, row 2 the keys the importer reads: keep row 2 as it is (columns may be reordered or left out, except the required ones marked *).",
    ko: "'Creators' 시트의 3행부터 한 행에 한 크리에이터를 입력하세요. 1행은 제목, 2행은 가져오기가 읽는 키입니다. 2행은 그대로 두세요(* 표시된 필수 열 외에는 열 순서를 바꾸거나 빼도 됩니다).",
    zh: "在 'Creators' 工作表第 3 行起每行填写一位创作者。第 1 行为标题，第 2 行为导入读取的键名，请勿修改第 2 行（除带 * 的必填列外，列可调整顺序或删除）。",
  },
  {
    en: `The row whose Brand No. is ${EXAMPLE_MARKER} is an example and is never imported; delete it or leave it.`,
    ko: `브랜드 번호가 ${EXAMPLE_MARKER}인 행은 예시이며 가져오지 않습니다. 지우거나 그대로 두세요.`,
    zh: `品牌编号为 ${EXAMPLE_MARKER} 的行是示例，不会被导入；可删除或保留。`,
  },
  {
    en: 'Existing creators are updated, not duplicated: a row is matched by Brand No.; when that is empty by Contract No.; when both are empty by Contractor Name + Channel Name. Importing the same file twice changes nothing the second time.',
    ko: '기존 크리에이터는 중복 생성되지 않고 수정됩니다: 브랜드 번호로, 비어 있으면 계약 번호로, 둘 다 비어 있으면 계약자명 + 채널명으로 찾습니다. 같은 파일을 두 번 가져와도 중복되지 않습니다.',
    zh: '已有创作者会被更新而不会重复：先按品牌编号匹配，为空时按合同编号，两者都为空时按签约人名称 + 频道名。同一文件导入两次不会产生重复。',
  },
  {
    en: 'When updating, an empty cell keeps the value the studio has; the import never clears a value.',
    ko: '수정할 때 빈 칸은 기존 값을 유지합니다. 가져오기로 값을 지우지는 않습니다.',
    zh: '更新时空单元格保留系统中的原值；导入不会清空任何值。',
  },
  {
    en: 'All or nothing: every row is checked first; if any row has an error, nothing is imported and every error is listed with its row and column.',
    ko: '전부 아니면 전무: 모든 행을 먼저 검사하며, 한 행이라도 오류가 있으면 아무것도 가져오지 않고 모든 오류를 행과 열과 함께 보여 줍니다.',
    zh: '全部或全不：先检查每一行；只要有一行出错就不导入任何数据，并按行和列列出所有错误。',
  },
  {
    en: 'Private data (phone, email, address, birth date, passport, bank, tax payer) is stored encrypted. Tokens and cookies are never part of Excel: set them in the studio. The uploaded file is deleted after the import.',
    ko: '개인정보(전화, 이메일, 주소, 생년월일, 여권, 은행, 납세자)는 암호화하여 저장합니다. 토큰과 쿠키는 엑셀에 넣지 말고 스튜디오에서 입력하세요. 업로드한 파일은 가져오기 후 삭제됩니다.',
    zh: '隐私数据（电话、邮箱、地址、生日、护照、银行、纳税人）加密保存。令牌和 Cookie 不放在 Excel 中，请在系统中填写。上传的文件在导入后删除。',
  },
  {
    en: `At most ${IMPORT_MAX_ROWS.toLocaleString('en')} rows and ${IMPORT_MAX_BYTES / 1024 / 1024} MB per file. Yes/no columns accept yes, no (also y, n, true, false, 1, 0).`,
    ko: `파일당 최대 ${IMPORT_MAX_ROWS.toLocaleString('en')}행, ${IMPORT_MAX_BYTES / 1024 / 1024} MB. 예/아니오 열은 yes, no(y, n, true, false, 1, 0, 예, 아니오도 가능)를 받습니다.`,
    zh: `每个文件最多 ${IMPORT_MAX_ROWS.toLocaleString('en')} 行、${IMPORT_MAX_BYTES / 1024 / 1024} MB。是/否列接受 yes、no（也可 y、n、true、false、1、0、是、否）。`,
  },
]

function formatOf(column: ExcelColumn) {
  switch (column.type) {
    case 'enum':
      return (column.choices ?? []).join(', ')
    case 'boolean':
      return 'yes / no'
    case 'date':
      return 'YYYY-MM-DD'
    case 'integer':
      return '0, 1, 2 …'
    case 'decimal':
      return '0–100 (0.00)'
    case 'list':
      return 'a, b, c'
    default:
      return column.private ? 'text (private)' : 'text'
  }
}

function writeInstructions(sheet: ExcelJS.Worksheet) {
  sheet.columns = [
    { key: 'title', width: 24 },
    { key: 'key', width: 24 },
    { key: 'required', width: 10 },
    { key: 'format', width: 28 },
    { key: 'en', width: 60 },
    { key: 'ko', width: 55 },
    { key: 'zh', width: 50 },
  ]
  const wrap = { wrapText: true, vertical: 'top' } as const
  sheet.addRow([
    'Creators import — how to fill the template / 크리에이터 가져오기 안내 / 创作者导入说明',
  ])
  sheet.getRow(1).font = { bold: true, size: 14 }
  sheet.addRow([])
  const rulesHeader = sheet.addRow(['Rules', '', '', '', 'English', '한국어', '中文'])
  rulesHeader.font = { bold: true }
  for (const [index, rule] of GENERAL_RULES.entries()) {
    const row = sheet.addRow([`${index + 1}`, '', '', '', rule.en, rule.ko, rule.zh])
    row.alignment = wrap
  }
  sheet.addRow([])
  const header = sheet.addRow([
    'Column',
    'Key (row 2)',
    'Required',
    'Format / values',
    'English',
    '한국어',
    '中文',
  ])
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } }
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL
  })
  for (const column of IMPORT_COLUMNS) {
    const row = sheet.addRow([
      column.title,
      column.key,
      column.required ? 'yes' : '',
      formatOf(column),
      column.help.en,
      column.help.ko,
      column.help.zh,
    ])
    row.alignment = wrap
  }
}

/** The import template: 'Creators' (titles, keys, one example row, drop-down lists) and 'Instructions'. */
export async function buildTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'MCN Studio'
  workbook.created = new Date()
  const sheet = workbook.addWorksheet(SHEET_NAME)
  writeHeader(sheet, IMPORT_COLUMNS)
  const example = sheet.getRow(3)
  IMPORT_COLUMNS.forEach((column, index) => {
    if (column.example === undefined) return
    const cell = example.getCell(index + 1)
    cell.value = column.example
    cell.font = { italic: true, color: { argb: 'FF7A869A' } }
  })
  addValidations(sheet)
  writeInstructions(workbook.addWorksheet(INSTRUCTIONS_SHEET_NAME))
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** One row of the list export: masked private values only. */
export interface ExportRow {
  [key: string]: string | number | Date | null
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

/** The list export: the same title and key rows as the template, one creator per row. */
export async function buildExport(rows: ExportRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'MCN Studio'
  workbook.created = new Date()
  const sheet = workbook.addWorksheet(EXPORT_SHEET_NAME)
  writeHeader(sheet, EXPORT_COLUMNS)
  for (const row of rows) sheet.addRow(row)
  sheet.autoFilter = { from: { row: 2, column: 1 }, to: { row: 2, column: EXPORT_COLUMNS.length } }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** `creators-template-2026-01-31.xlsx`, dated in the studio's time zone. */
export function datedFileName(prefix: string) {
  return `${prefix}-${DateTime.now().setZone(studioConfig.timezone).toISODate()}.xlsx`
}
