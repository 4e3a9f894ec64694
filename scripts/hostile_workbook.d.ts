/** See hostile_workbook.js. */
export function hostileWorkbook(options: {
  rows: number
  rowXml?: (n: number) => string
  lieAboutSize?: boolean
}): Promise<Buffer>
