import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Creator from '#models/creator'
import AuditService from '#services/audit/audit_service'
import { formatBrandNo, nextBrandSequence } from '#services/creators/brand_numbers'
import { PRIVATE_FIELDS } from '#services/creators/creator_fields'
import { IMPORT_PLATFORMS } from '#services/creators/excel/columns'
import { PROGRESS_EVERY, type Plan } from '#services/creators/excel/validate'
import CreatorTotalsService from '#services/creators/totals_service'
import { chunks } from '#support/chunks'
import type { PlatformKey } from '#shared/constants'

/*
|--------------------------------------------------------------------------
| Writing a validated import
|--------------------------------------------------------------------------
|
| Inside the import's one transaction: new creators many per statement (brand
| numbers for those without one), updated creators only where a filled cell
| differs, platform accounts (uid and fans; tokens and cookies are never in
| Excel), then the creators' totals and one audit entry.
|
*/

/** What the writer needs to know about the import it writes. */
interface WriteOptions {
  userId?: number | null
  importId?: number | null
  dryRun?: boolean
}

interface AccountRow {
  id: number
  creator_id: number
  platform: string
  uid: string | null
  fans: number | string
}

const isoOf = (value: Date | undefined) =>
  value ? DateTime.fromJSDate(value).toISODate() : undefined

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

type AccountChange =
  { id: number; changes: Record<string, unknown> } | { insert: Record<string, unknown> }

/** What a row changes in its creator's platform accounts (uid and fans only). */
function accountChanges(
  plan: Plan,
  creatorId: number,
  existing: Map<string, AccountRow>,
  stamp: string
) {
  const values = plan.input as Record<string, unknown>
  const out: AccountChange[] = []
  for (const platform of IMPORT_PLATFORMS) {
    const uid = values[`${platform}_uid`] as string | undefined
    const fans = values[`${platform}_fans`] as number | undefined
    if (uid === undefined && fans === undefined) continue
    const account = existing.get(`${creatorId}:${platform}`)
    if (account) {
      const changes: Record<string, unknown> = {}
      if (uid !== undefined && uid !== account.uid) changes.uid = uid
      if (fans !== undefined && fans !== Number(account.fans)) changes.fans = fans
      if (Object.keys(changes).length) out.push({ id: account.id, changes })
    } else {
      out.push({
        insert: {
          creator_id: creatorId,
          platform: platform as PlatformKey,
          uid: uid ?? null,
          fans: fans ?? 0,
          active: true,
          token_status: 1,
          cookie_status: 1,
          created_at: stamp,
          updated_at: stamp,
        },
      })
    }
  }
  return out
}

interface WriteCounts {
  created: number
  updated: number
  /** Rows of existing creators whose every filled cell equals what is stored: nothing written. */
  unchanged: number
}

export async function writePlans(
  plans: Plan[],
  trx: TransactionClientContract,
  options: WriteOptions,
  onProgress: (counts: WriteCounts) => Promise<void>
) {
  const stamp = DateTime.utc().toFormat(trx.dialect.dateTimeFormat)
  const creates = plans.filter((plan) => !plan.target)
  const updates = plans.filter((plan) => plan.target)
  const counts: WriteCounts = { created: 0, updated: 0, unchanged: 0 }
  let sinceReport = 0
  const tick = async (count: number) => {
    sinceReport += count
    if (sinceReport >= PROGRESS_EVERY) {
      sinceReport = 0
      await onProgress({ ...counts })
    }
  }

  // brand numbers for new rows without one
  const numbered = creates.filter((plan) => !plan.input.brand_no)
  if (numbered.length) {
    const reserved = plans.flatMap((plan) => plan.input.brand_no ?? [])
    let next = await nextBrandSequence(trx, reserved)
    for (const plan of numbered) plan.brandNo = formatBrandNo(next++)
  }
  for (const plan of creates) plan.brandNo ??= plan.input.brand_no

  // new creators, many per statement
  for (const part of chunks(creates, 100)) {
    const rows = part.map((plan) => {
      const creator = new Creator()
      assign(creator, plan, true, options.userId ?? null)
      const columns = (
        creator as unknown as { prepareForAdapter(values: object): Record<string, unknown> }
      ).prepareForAdapter(creator.$attributes)
      return { ...columns, created_at: stamp, updated_at: stamp }
    })
    await trx.table('creators').multiInsert(rows)
    counts.created += part.length
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

  // the platform accounts of the creators rows update
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

  // updated creators: only the cells the row fills, and only when one differs
  const touched = new Set(creates.map((plan) => idOf.get(plan.brandNo!)!))
  const accountWork: AccountChange[] = []
  for (const plan of creates) {
    accountWork.push(...accountChanges(plan, idOf.get(plan.brandNo!)!, existing, stamp))
  }
  for (const plan of updates) {
    const creator = plan.target!
    creator.useTransaction(trx)
    assign(creator, plan, false, options.userId ?? null)
    const accounts = accountChanges(plan, creator.id, existing, stamp)
    if (!creator.$isDirty && accounts.length === 0) {
      counts.unchanged++
    } else {
      if (creator.$isDirty) await creator.save()
      if (accounts.length) touched.add(creator.id)
      accountWork.push(...accounts)
      counts.updated++
    }
    await tick(1)
  }

  // platform accounts (uid and fans; tokens and cookies are never in Excel)
  const inserts: Record<string, unknown>[] = []
  for (const work of accountWork) {
    if ('insert' in work) inserts.push(work.insert)
    else {
      await trx
        .from('creator_platform_accounts')
        .where('id', work.id)
        .update({ ...work.changes, updated_at: stamp })
    }
  }
  for (const part of chunks(inserts, 300)) {
    await trx.table('creator_platform_accounts').multiInsert(part)
  }

  // the fans and failing of creators whose accounts changed
  await CreatorTotalsService.recompute(trx, [...touched], stamp)

  // the studio log records what the import changed; a file that changed nothing leaves no entry
  if (counts.created + counts.updated > 0) {
    await AuditService.record(
      {
        action: 'creator.import',
        userId: options.userId ?? null,
        subjectType: 'creator_import',
        subjectId: options.importId ?? null,
        meta: { ...counts, rows: plans.length, dry_run: Boolean(options.dryRun) },
      },
      trx
    )
  }
  await onProgress({ ...counts })
}

/**
 * Copies a row onto a creator: every column for a new one; for an update
 * only the filled cells whose value differs (so an unchanged row writes
 * nothing, and a private value is re-encrypted only when it changed).
 */
function assign(creator: Creator, plan: Plan, isNew: boolean, userId: number | null) {
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
  const dateOf = (value: Date | undefined) => (value ? DateTime.fromISO(isoOf(value)!) : undefined)

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
