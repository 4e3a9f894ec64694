import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { errors as vineErrors } from '@vinejs/vine'
import Creator from '#models/creator'
import { IMPORT_PLATFORMS } from '#services/creators/excel/columns'
import {
  importRuleMessageData,
  importRuleMessageKey,
  type ErrorList,
} from '#services/creators/excel/import_errors'
import { IMPORT_COLUMN_BY_KEY } from '#services/creators/excel/import_columns'
import type { RawRow } from '#services/creators/excel/read'
import { chunks } from '#support/chunks'
import { creatorImportRowValidator, type CreatorImportRow } from '#validators/creator_import'

/*
|--------------------------------------------------------------------------
| Validating the rows of an import
|--------------------------------------------------------------------------
|
| Every row is checked before anything is written: the VineJS row rules,
| duplicates inside the file, the creator each row updates, uids held by
| other creators, and the rules across fields (against the stored creator
| on an update). Each row becomes a plan for the writer.
|
*/

/** Rows validated between two progress reports. */
export const PROGRESS_EVERY = 100

/** One row, validated, with what the writer needs. */
export interface Plan {
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

/** The columns that identify the creator a row updates. */
const KEY_FIELDS = ['brand_no', 'contract_no', 'contractor_name', 'channel_name']

/** What Excel shows in a cell whose formula failed. */
const EXCEL_ERROR = /^#(N\/A|VALUE!|REF!|DIV\/0!|NUM!|NAME\?|NULL!|SPILL!|CALC!|GETTING_DATA)$/

/** Whether one of the row's identifying columns failed (such a row matches nothing). */
const keysFailed = (plan: Plan) => KEY_FIELDS.some((field) => plan.failed?.has(field))

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

/** 1. Each row on its own: Excel's error cells and the row rules. */
async function checkRows(
  rows: RawRow[],
  errors: ErrorList,
  onProgress: (processed: number) => Promise<void>
) {
  const plans: Plan[] = []
  for (const [index, raw] of rows.entries()) {
    const prepared = prepareRow(raw.values)
    const failed = new Set<string>()
    // an identifier Excel holds as a number (or a date) lost its form: never guessed back
    for (const field of raw.notText ?? []) {
      failed.add(field)
      errors.add(raw.row, field, 'errors.enter_as_text')
      delete prepared[field]
    }
    for (const [field, value] of Object.entries(raw.values)) {
      if (failed.has(field)) continue
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

  return plans
}

/** 2. Duplicates inside the file. */
function checkDuplicates(plans: Plan[], errors: ErrorList) {
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
    if (!input.brand_no && !input.contract_no && !keysFailed(plan)) {
      duplicate(plan, 'channel_name', lowerKey(input.contractor_name, input.channel_name))
    }
    for (const platform of IMPORT_PLATFORMS) {
      const uid = (input as Record<string, unknown>)[`${platform}_uid`] as string | undefined
      if (uid) duplicate(plan, `${platform}_uid`, uid)
    }
  }
}

/** 3. The creators rows update: by brand number, contract number, else contractor and channel names. */
async function matchCreators(plans: Plan[], errors: ErrorList) {
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
    if (keysFailed(plan)) continue
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
}

/** 4. Uids held by other creators, by platform and uid. */
async function uidOwners(plans: Plan[]) {
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

  return owners
}

/** 5. References and rules across fields (against the stored creator on an update). */
async function checkAcrossFields(
  plans: Plan[],
  errors: ErrorList,
  owners: Map<string, { creatorId: number; brandNo: string }>
) {
  const teamRows = await db.from('teams').select('id', 'key')
  const teams = new Map(teamRows.map((team) => [team.key as string, team.id as number]))
  const uploaders = await uploadersOf(plans)

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
      if (owner && owner.creatorId !== target?.id && !keysFailed(plan)) {
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
}

/** Uploaders named by email or id: active staff accounts, keyed by what the row says. */
async function uploadersOf(plans: Plan[]) {
  const named = [...new Set(plans.flatMap((plan) => plan.input.uploader?.toLowerCase() ?? []))]
  const found = new Map<string, number>()
  const isId = (value: string) => /^\d{1,10}$/.test(value)
  const lookups = [
    ['email', named.filter((value) => !isId(value))],
    ['id', named.filter(isId).map(Number)],
  ] as const
  for (const [column, values] of lookups) {
    for (const part of chunks<string | number>(values, 500)) {
      const users = await db
        .from('users')
        .whereIn(column, part)
        .where('status', 'active')
        .where('account_type', 'staff')
        .select('id', 'email')
      for (const user of users) {
        found.set(column === 'id' ? String(user.id) : String(user.email).toLowerCase(), user.id)
      }
    }
  }
  return found
}

/** Validates every row; returns the plans (the caller writes nothing when `errors` has any). */
export async function validateRows(
  rows: RawRow[],
  errors: ErrorList,
  onProgress: (processed: number) => Promise<void>
): Promise<Plan[]> {
  const plans = await checkRows(rows, errors, onProgress)
  checkDuplicates(plans, errors)
  await matchCreators(plans, errors)
  await checkAcrossFields(plans, errors, await uidOwners(plans))
  await onProgress(rows.length)
  return plans
}
