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
