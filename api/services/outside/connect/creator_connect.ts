import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import StudioException from '#exceptions/studio_exception'
import Creator from '#models/creator'
import CreatorPlatformAccount from '#models/creator_platform_account'
import OutsideConnect from '#models/outside_connect'
import OutsideCreator from '#models/outside_creator'
import type User from '#models/user'
import CreatorService from '#services/creators/creator_service'
import CreatorTotalsService from '#services/creators/totals_service'
import MetricRollupService, { dayOf } from '#services/metrics/rollup_service'
import SnapshotWriter, { type SnapshotRow } from '#services/metrics/snapshot_writer'
import PlatformAccountService from '#services/platform_accounts/platform_account_service'
import type { Actor } from '#support/actor'
import { chunks } from '#support/chunks'
import { activeKeyOf, recordMove, splitDays } from '#services/outside/connect/connect_rules'
import { CONNECT_SOURCE } from '#shared/connect_data'
import { CREATOR_LIMITS, METRICS } from '#shared/constants'

/*
|--------------------------------------------------------------------------
| An outside creator's days onto a managed creator's platform account
|--------------------------------------------------------------------------
|
| Each day of outside_creator_snapshots becomes a metric_snapshots row of
| the account (source 'outside', the connect's id) unless the account
| already holds that day: the managed account's own value wins and the
| outside one stays where it is, as its source. SnapshotWriter computes the
| differences day to day as for a collection (and recomputes the account's
| next stored day after a written one); the daily totals of the touched days
| are rebuilt and the account's and creator's fans refreshed, as an export
| import does. A revert deletes exactly the rows of its connect and
| recomputes the differences of the days that followed them.
|
*/

/** Where the days go: a creator `user` sees, or a new creator made from the outside one. */
export type CreatorTarget = { creatorId: number } | { newCreator: true }

/** An outside snapshot as read for a move. */
interface OutsideDay {
  date: string
  row: Record<string, unknown>
}

/** Days per lookup or update statement (well under SQLite's bound-variable limit). */
const DAYS_PER_STATEMENT = 500

async function outsideDays(client: QueryClientContract, outsideCreatorId: number) {
  const rows = await client
    .from('outside_creator_snapshots')
    .where('outside_creator_id', outsideCreatorId)
    .orderBy('snapshot_date', 'asc')
    .select('snapshot_date', 'fans', 'views', 'likes', 'comments', 'shares', 'videos')
    .select('adapter', 'collected_at')
  return rows.map((row): OutsideDay => ({ date: dayOf(row.snapshot_date), row }))
}

/** The days of `dates` that the account holds already. */
async function heldDays(client: QueryClientContract, accountId: number | null, dates: string[]) {
  const held = new Set<string>()
  if (accountId === null || dates.length === 0) return held
  const rows = await client
    .from('metric_snapshots')
    .where('account_id', accountId)
    .whereBetween('snapshot_date', [dates[0], dates.at(-1)!])
    .select('snapshot_date')
  for (const row of rows) held.add(dayOf(row.snapshot_date))
  return held
}

/** The outside days split into those that move and those the account keeps. */
async function planOf(
  client: QueryClientContract,
  outside: OutsideCreator,
  accountId: number | null
) {
  const days = await outsideDays(client, outside.id)
  const held = await heldDays(
    client,
    accountId,
    days.map((day) => day.date)
  )
  return splitDays(days, held)
}

/** The managed creator `user` sees (404 otherwise) and its account on `outside`'s platform. */
async function targetOf(
  client: QueryClientContract,
  user: User,
  outside: OutsideCreator,
  creatorId: number
) {
  const creator = await Creator.query({ client })
    .withScopes((scopes) => scopes.visibleTo(user))
    .where('creators.id', creatorId)
    .firstOrFail()
  const account = await CreatorPlatformAccount.query({ client })
    .where('creator_id', creator.id)
    .where('platform', outside.platform)
    .first()
  return { creator, account }
}

/** The account on the outside creator's platform held by another creator (its uid), if any. */
function uidHolder(client: QueryClientContract, outside: OutsideCreator, creatorId: number | null) {
  const query = CreatorPlatformAccount.query({ client })
    .where('platform', outside.platform)
    .where('uid', outside.uid)
  if (creatorId !== null) query.whereNot('creator_id', creatorId)
  return query.first()
}

const uidTaken = () => new StudioException('connect_data.errors.uid_taken', { status: 409 })

/** The row of one outside day for the account (its differences left to the writer). */
function snapshotRowOf(account: CreatorPlatformAccount, day: OutsideDay): SnapshotRow {
  const value = (metric: string) => Number(day.row[metric] ?? 0)
  const collected = day.row.collected_at
  return {
    account_id: account.id,
    creator_id: account.creatorId,
    platform: account.platform,
    snapshot_date: day.date,
    fans: value('fans'),
    views: value('views'),
    likes: value('likes'),
    comments: value('comments'),
    shares: value('shares'),
    danmaku: 0,
    coins: 0,
    forwards: 0,
    recommends: 0,
    videos: value('videos'),
    source: CONNECT_SOURCE,
    adapter: String(day.row.adapter ?? CONNECT_SOURCE).slice(0, 20),
    collected_at:
      collected instanceof Date ? collected : new Date(`${String(collected).replace(' ', 'T')}Z`),
  }
}

/** The creator a "new creator" connect makes: named after the outside one, with its account. */
function newCreatorInput(outside: OutsideCreator) {
  const name = (outside.name || outside.uid).slice(0, CREATOR_LIMITS.contractorNameMax)
  return {
    contractor_name: name,
    channel_name: name,
    accounts: [
      {
        platform: outside.platform,
        uid: outside.uid,
        channel_name: outside.name || null,
        channel_url: outside.channelUrl,
      },
    ],
  }
}

/** The account's fans and its creator's totals after its days changed, and the day totals. */
async function refreshTotals(
  trx: TransactionClientContract,
  account: CreatorPlatformAccount,
  dates: string[]
) {
  if (dates.length) await MetricRollupService.rebuild(dates, trx)
  const stamp = DateTime.utc().toFormat(trx.dialect.dateTimeFormat)
  await CreatorTotalsService.refreshAccountFans(trx, [account.id])
  await CreatorTotalsService.recompute(trx, [account.creatorId], stamp, { touch: false })
}

export default class CreatorConnect {
  /** What a connect would do: the days that would move and those the account keeps. */
  static async preview(user: User, outsideCreatorId: number, target: CreatorTarget) {
    const client = db.connection()
    const outside = await OutsideCreator.findOrFail(outsideCreatorId)
    const found =
      'creatorId' in target ? await targetOf(client, user, outside, target.creatorId) : null
    const holder = found?.account
      ? null
      : await uidHolder(client, outside, found?.creator.id ?? null)
    const plan = await planOf(client, outside, found?.account?.id ?? null)
    return {
      outside,
      creator: found?.creator ?? null,
      account: found?.account ?? null,
      uidTakenBy: holder?.creatorId ?? null,
      days: plan.days.length,
      moving: plan.moving.length,
      kept: plan.kept,
      firstDay: plan.days[0]?.date ?? null,
      lastDay: plan.days.at(-1)?.date ?? null,
    }
  }

  /**
   * Connects inside `trx`: finds or makes the creator and its account,
   * writes the days the account lacks under `existing` (the pending connect
   * of the same creator, run again) or a new connect, and links the outside
   * creator. Answers the connect and how many rows it wrote now.
   */
  static async move(
    trx: TransactionClientContract,
    actor: Actor,
    outside: OutsideCreator,
    target: CreatorTarget,
    existing: OutsideConnect | null
  ) {
    let createdCreator = false
    let createdAccount = false
    let creator: Creator
    let account: CreatorPlatformAccount | null
    if ('creatorId' in target) {
      ;({ creator, account } = await targetOf(trx, actor.user, outside, target.creatorId))
    } else {
      if (await uidHolder(trx, outside, null)) throw uidTaken()
      creator = await CreatorService.create(newCreatorInput(outside), actor, trx)
      account = await CreatorPlatformAccount.query({ client: trx })
        .where('creator_id', creator.id)
        .where('platform', outside.platform)
        .firstOrFail()
      createdCreator = true
      createdAccount = true
    }
    if (!account) {
      if (await uidHolder(trx, outside, creator.id)) throw uidTaken()
      const made = await PlatformAccountService.upsert(
        creator,
        outside.platform,
        { uid: outside.uid, channel_name: outside.name || null, channel_url: outside.channelUrl },
        { trx }
      )
      account = made.account
      createdAccount = true
    }

    const plan = await planOf(trx, outside, account.id)
    const connect =
      existing ??
      (await OutsideConnect.create(
        {
          kind: 'creator',
          state: 'pending',
          activeKey: activeKeyOf('creator', outside.id),
          outsideCreatorId: outside.id,
          platform: outside.platform,
          creatorId: creator.id,
          accountId: account.id,
          createdCreator,
          createdAccount,
          accountFansBefore: createdAccount ? 0 : account.fans,
          userId: actor.user.id,
          rowsMoved: 0,
          rowsKept: 0,
        },
        { client: trx }
      ))

    const rows = plan.moving.map((day) => snapshotRowOf(account!, day))
    const written = await SnapshotWriter.upsertMany(rows, trx)
    const movedDates = rows.map((row) => row.snapshot_date)
    for (const part of chunks(movedDates, DAYS_PER_STATEMENT)) {
      await trx
        .from('metric_snapshots')
        .where('account_id', account.id)
        .whereIn('snapshot_date', part)
        .where('source', CONNECT_SOURCE)
        .whereNull('connect_id')
        .update({ connect_id: connect.id })
    }
    await refreshTotals(trx, account, written.dates)

    await recordMove(trx, connect, plan, rows.length)

    outside.useTransaction(trx)
    outside.merge({
      connectedCreatorId: creator.id,
      connectedAt: outside.connectedAt ?? DateTime.utc(),
    })
    await outside.save()
    return { connect, written: rows.length }
  }

  /**
   * Deletes the rows `connect` wrote (its id, source 'outside'), recomputes
   * the differences of the account's days that followed them, rebuilds the
   * touched days' totals and clears the outside creator's link. Answers how
   * many rows went.
   */
  static async undo(trx: TransactionClientContract, connect: OutsideConnect) {
    const account = connect.accountId
      ? await CreatorPlatformAccount.query({ client: trx }).where('id', connect.accountId).first()
      : null
    let removed = 0
    const touched = new Set<string>()
    if (account) {
      const written = await trx
        .from('metric_snapshots')
        .where('connect_id', connect.id)
        .where('source', CONNECT_SOURCE)
        .select('snapshot_date')
      const deleted = written.map((row) => dayOf(row.snapshot_date)).sort()
      removed = deleted.length
      for (const day of deleted) touched.add(day)
      await trx
        .from('metric_snapshots')
        .where('connect_id', connect.id)
        .where('source', CONNECT_SOURCE)
        .delete()
      for (const day of await this.#recomputeFollowers(trx, account, deleted)) touched.add(day)
      const left = await trx.from('metric_snapshots').where('account_id', account.id).first()
      if (!left && connect.accountFansBefore !== null) {
        await trx
          .from('creator_platform_accounts')
          .where('id', account.id)
          .update({ fans: connect.accountFansBefore })
      }
      await refreshTotals(trx, account, [...touched].sort())
    }
    if (connect.outsideCreatorId) {
      await trx
        .from('outside_creators')
        .where('id', connect.outsideCreatorId)
        .where('connected_creator_id', connect.creatorId)
        .update({ connected_creator_id: null, connected_at: null })
    }
    return removed
  }

  /**
   * The account's stored days whose day before (in the timeline before the
   * delete) was a deleted one: written again without differences, so the
   * writer computes them against the day that now precedes them.
   */
  static async #recomputeFollowers(
    trx: TransactionClientContract,
    account: CreatorPlatformAccount,
    deleted: string[]
  ) {
    if (deleted.length === 0) return []
    const remaining = await trx
      .from('metric_snapshots')
      .where('account_id', account.id)
      .where('snapshot_date', '>', deleted[0])
      .orderBy('snapshot_date', 'asc')
      .select('snapshot_date')
    const gone = new Set(deleted)
    const timeline = [
      ...new Set([...deleted, ...remaining.map((row) => dayOf(row.snapshot_date))]),
    ].sort()
    const followers = timeline.filter(
      (day, index) => !gone.has(day) && index > 0 && gone.has(timeline[index - 1])
    )
    if (followers.length === 0) return []
    const rows: SnapshotRow[] = []
    for (const part of chunks(followers, DAYS_PER_STATEMENT)) {
      const stored = await trx
        .from('metric_snapshots')
        .where('account_id', account.id)
        .whereIn('snapshot_date', part)
        .select('snapshot_date', ...METRICS, 'source', 'adapter', 'collected_at')
      for (const row of stored) {
        const collected = row.collected_at
        rows.push({
          ...(Object.fromEntries(METRICS.map((metric) => [metric, Number(row[metric])])) as Record<
            (typeof METRICS)[number],
            number
          >),
          account_id: account.id,
          creator_id: account.creatorId,
          platform: account.platform,
          snapshot_date: dayOf(row.snapshot_date),
          source: row.source,
          adapter: row.adapter,
          collected_at:
            collected instanceof Date
              ? collected
              : new Date(`${String(collected).replace(' ', 'T')}Z`),
        })
      }
    }
    const written = await SnapshotWriter.upsertMany(rows, trx)
    return written.dates
  }
}
