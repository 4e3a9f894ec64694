import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import StudioException from '#exceptions/studio_exception'
import OutsideConnect from '#models/outside_connect'
import type { ConnectKind } from '#shared/connect_data'
import { affectedRows } from '#support/sql'

/*
| What both kinds of connect share: the one active connect per outside
| creator or video (its `active_key`), and the two state changes taken with
| one conditional UPDATE so that two requests never both succeed.
*/

/** The unique key of the connect that feeds the managed side from `kind` `id`. */
export function activeKeyOf(kind: ConnectKind, outsideId: number) {
  return `${kind}:${outsideId}`
}

/** The pending or confirmed connect of an outside creator or video, if any. */
export function activeConnect(
  trx: TransactionClientContract,
  kind: ConnectKind,
  outsideId: number
) {
  return OutsideConnect.query({ client: trx })
    .where('active_key', activeKeyOf(kind, outsideId))
    .first()
}

export const alreadyConnected = () =>
  new StudioException('connect_data.errors.already_connected', { status: 409 })

/**
 * Takes a pending connect to `state` (one conditional UPDATE): answers the
 * connect as it now is, or 409 when it was no longer pending (confirmed,
 * reverted, or taken by another request a moment before).
 */
export async function leavePending(
  trx: TransactionClientContract,
  connectId: number,
  changes: Record<string, unknown>
) {
  const connect = await OutsideConnect.query({ client: trx }).where('id', connectId).firstOrFail()
  const stamp = DateTime.utc().toFormat(trx.dialect.dateTimeFormat)
  const updated = await trx
    .from('outside_connects')
    .where('id', connectId)
    .where('state', 'pending')
    .update({ ...changes, updated_at: stamp })
  if (affectedRows(updated) !== 1) {
    throw new StudioException(`connect_data.errors.not_pending_${connect.state}`, { status: 409 })
  }
  await connect.refresh()
  return connect
}

/** The days of a plan: all of them, those that move, and those the managed side already holds. */
export function splitDays<Day extends { date: string }>(days: Day[], held: Set<string>) {
  return {
    days,
    moving: days.filter((day) => !held.has(day.date)),
    kept: days.filter((day) => held.has(day.date)).map((day) => day.date),
  }
}

/** Records on `connect` what one more move wrote: its rows, the days kept and the days covered. */
export async function recordMove(
  trx: TransactionClientContract,
  connect: OutsideConnect,
  plan: ReturnType<typeof splitDays>,
  moved: number
) {
  connect.useTransaction(trx)
  connect.merge({
    rowsMoved: connect.rowsMoved + moved,
    rowsKept: plan.kept.length,
    firstDay: plan.days[0]?.date ?? null,
    lastDay: plan.days.at(-1)?.date ?? null,
  })
  await connect.save()
}
