import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import type { ApiClient } from '@japa/api-client'
import CreatorImport from '#models/creator_import'
import type User from '#models/user'
import { buildTemplate } from '#services/creators/excel/template'
import { XLSX_MIME } from '#support/xlsx'
import CreatorImportService from '#services/creators/excel/import_service'
import { loadWorkbook } from '#tests/helpers/excel'
import { runQueued } from '#tests/helpers/queue'

/**
 * For group.each.setup: uploads a test leaves behind (one whose job it never
 * ran) are removed afterwards; the rows pointing at them are rolled back.
 */
export function removeLeftUploads() {
  const folder = CreatorImportService.uploadsFolder()
  const list = () => {
    try {
      return readdirSync(folder)
    } catch {
      return []
    }
  }
  const before = new Set(list())
  return () => {
    for (const name of list()) {
      if (!before.has(name)) rmSync(join(folder, name), { force: true })
    }
  }
}

export type CellValue = string | number | boolean | Date | null | Record<string, unknown>
export type Row = Record<string, CellValue | undefined>

/** The keys of row 2, by column number. */
export function keyColumns(sheet: ExcelJS.Worksheet) {
  const columns = new Map<string, number>()
  sheet.getRow(2).eachCell((cell, column) => {
    columns.set(String(cell.value), column)
  })
  return columns
}

/**
 * Fills a template (the API's download, else one built here) with rows
 * placed by their keys from row 4 on, leaving the example row (3) in place.
 */
export async function fillTemplate(rows: Row[], template?: Buffer, firstRow = 4) {
  const workbook = await loadWorkbook(template ?? (await buildTemplate()))
  const sheet = workbook.getWorksheet('Creators')!
  const columns = keyColumns(sheet)
  rows.forEach((row, index) => {
    const excelRow = sheet.getRow(firstRow + index)
    for (const [key, value] of Object.entries(row)) {
      if (value === undefined) continue
      const column = columns.get(key)
      if (!column) throw new Error(`the template has no column ${key}`)
      excelRow.getCell(column).value = value as ExcelJS.CellValue
    }
    excelRow.commit()
  })
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

export function upload(client: ApiClient, user: User, buffer: Buffer, filename = 'creators.xlsx') {
  return client
    .post('/api/creators/imports')
    .file('file', buffer, { filename, contentType: XLSX_MIME })
    .loginAs(user)
}

/** Runs the queued import jobs until the import has finished. */
export async function runImport(id: number) {
  await runQueued(async () => {
    const record = await CreatorImport.find(id)
    return record?.status === 'completed' || record?.status === 'failed'
  }, `import ${id}`)
}

/** Uploads, runs the job and returns the progress JSON (GET /api/creators/imports/:id). */
export async function importThroughApi(client: ApiClient, user: User, buffer: Buffer, lang = 'en') {
  const uploaded = await upload(client, user, buffer)
  uploaded.assertStatus(202)
  const id = uploaded.body().data.id as number
  await runImport(id)
  const progress = await client
    .get(`/api/creators/imports/${id}`)
    .header('lang', lang)
    .loginAs(user)
  progress.assertStatus(200)
  return progress.body().data as {
    id: number
    status: string
    total_rows: number
    processed_rows: number
    created_count: number
    updated_count: number
    errors: { row: number; column: string; field: string | null; message: string }[]
    finished_at: string | null
  }
}

/** A complete, valid row; `n` keeps its unique values apart. */
export function creatorRow(n: number, overrides: Row = {}): Row {
  const no = String(n).padStart(3, '0')
  return {
    contract_no: `T-2025-${no}`,
    kind: 'CR',
    contractor_name: `김테스트${n}`,
    channel_name: `Test Channel ${n}`,
    channel_name_zh: `测试频道${n}`,
    category: 'food',
    nationality: 'KR',
    area_code: '+82',
    phone: `010-5555-0${no}`,
    email: `creator${no}@example.com`,
    address: `서울특별시 마포구 테스트로 ${n}`,
    birth_date: new Date(Date.UTC(1994, 4, 17)),
    gender: 'female',
    passport_name: `KIM TEST${n}`,
    passport_no: `M7700${no}`,
    contract_date: new Date(Date.UTC(2024, 0, 1)),
    end_date: '2026-12-31',
    has_authorization_doc: 'yes',
    video_exclusive_china: 'no',
    contracted_platforms: 'bilibili, douyin',
    min_monthly_videos: 4,
    ad_income_ratio: 70,
    other_income_ratio: 30,
    bank_name: 'KB국민은행',
    bank_account: `123-45-678${no}`,
    tax_payer_name: `김테스트${n}`,
    cp_team: 'cp1',
    bilibili_uid: `98765${no}`,
    bilibili_fans: 1000 * n,
    douyin_uid: `MS4wTest${no}`,
    douyin_fans: 500 * n,
    ...overrides,
  }
}
