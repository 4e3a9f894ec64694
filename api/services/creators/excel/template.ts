import type ExcelJS from 'exceljs'
import {
  EXAMPLE_MARKER,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  INSTRUCTIONS_SHEET_NAME,
  SHEET_NAME,
  TEMPLATE_VALIDATED_ROWS,
  type ExcelColumn,
} from '#services/creators/excel/columns'
import { IMPORT_COLUMNS } from '#services/creators/excel/import_columns'
import {
  HEADER_FILL,
  columnLetter,
  newWorkbook,
  toBuffer,
  writeHeader,
} from '#services/creators/excel/workbook'

/*
| The import template: the 'Creators' sheet (titles, keys, one example row and
| drop-down lists on the first rows) and the 'Instructions' sheet.
*/

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
  const workbook = newWorkbook()
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
  return toBuffer(workbook)
}
