import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import OutsideConnect from '#models/outside_connect'
import OutsideCreator from '#models/outside_creator'
import OutsideVideo from '#models/outside_video'
import type User from '#models/user'
import AuditService from '#services/audit/audit_service'
import CreatorConnect, { type CreatorTarget } from '#services/outside/connect/creator_connect'
import VideoConnect from '#services/outside/connect/video_connect'
import {
  activeConnect,
  alreadyConnected,
  leavePending,
} from '#services/outside/connect/connect_rules'
import type { Actor } from '#support/actor'
import { paginate, pageWindow } from '#support/pagination'
import { containing, whereAnyLike } from '#support/like'
import { refuseDuplicates } from '#support/sql'
import type {
  ConnectListFilters,
  ConnectInput,
  ConnectPickFilters,
  ConnectTaskFilters,
} from '#validators/connect_data'

/*
|--------------------------------------------------------------------------
| Connect data (issue 29): connect, confirm, revert, and the lists
|--------------------------------------------------------------------------
|
| A connect runs in one transaction with its audit row: the outside row is
| locked, its one active connect (the unique `active_key`) looked up — the
| same managed side again moves only what is new into the pending connect
| (nothing is doubled; a confirmed one is answered as it is), another one is
| refused until the first is reverted. Confirm and revert leave 'pending'
| with one conditional UPDATE, so a confirmed connect can never be reverted.
|
*/

const PRELOADS = (query: ModelQueryBuilderContract<typeof OutsideConnect>) =>
  query
    .preload('outsideCreator')
    .preload('outsideVideo')
    .preload('creator')
    .preload('video')
    .preload('user')
    .preload('confirmer')
    .preload('reverter')

function targetOf(input: ConnectInput): CreatorTarget {
  return input.new_creator ? { newCreator: true } : { creatorId: input.creator_id! }
}

export default class ConnectService {
  /** What a connect would move and keep (GET /api/connect_data/preview). */
  static preview(user: User, input: ConnectInput) {
    return input.kind === 'creator'
      ? CreatorConnect.preview(user, input.outside_creator_id!, targetOf(input))
      : VideoConnect.preview(user, input.outside_video_id!, input.video_id!)
  }

  /** Connects (POST /api/connect_data): answers the connect and the rows written now. */
  static async connect(actor: Actor, input: ConnectInput) {
    const outcome = await refuseDuplicates(
      () =>
        db.transaction(async (trx) => {
          const outsideId =
            input.kind === 'creator' ? input.outside_creator_id! : input.outside_video_id!
          const outside =
            input.kind === 'creator'
              ? await OutsideCreator.query({ client: trx })
                  .where('id', outsideId)
                  .forUpdate()
                  .firstOrFail()
              : await OutsideVideo.query({ client: trx })
                  .where('id', outsideId)
                  .forUpdate()
                  .firstOrFail()
          const existing = await activeConnect(trx, input.kind, outsideId)
          if (existing) {
            const same =
              input.kind === 'creator'
                ? !input.new_creator && existing.creatorId === input.creator_id
                : existing.videoId === input.video_id
            if (!same) throw alreadyConnected()
            if (existing.state !== 'pending') return { connect: existing, written: 0 }
          }
          const result =
            input.kind === 'creator'
              ? await CreatorConnect.move(
                  trx,
                  actor,
                  outside as OutsideCreator,
                  targetOf(input),
                  existing
                )
              : await VideoConnect.move(
                  trx,
                  actor,
                  outside as OutsideVideo,
                  input.video_id!,
                  existing
                )
          await AuditService.log(
            actor,
            'outside.connect',
            ['outside_connect', result.connect.id],
            {
              kind: input.kind,
              outside_id: outsideId,
              creator_id: result.connect.creatorId,
              account_id: result.connect.accountId,
              video_id: result.connect.videoId,
              created_creator: result.connect.createdCreator,
              created_account: result.connect.createdAccount,
              written: result.written,
              kept: result.connect.rowsKept,
              again: Boolean(existing),
            },
            trx
          )
          return result
        }),
      alreadyConnected
    )
    return { connect: await this.find(outcome.connect.id), written: outcome.written }
  }

  /** Makes a pending connect final (POST /api/connect_data/:id/confirm). */
  static async confirm(actor: Actor, connectId: number) {
    await db.transaction(async (trx) => {
      const connect = await leavePending(trx, connectId, {
        state: 'confirmed',
        confirmed_by: actor.user.id,
        confirmed_at: DateTime.utc().toFormat(trx.dialect.dateTimeFormat),
      })
      await AuditService.log(
        actor,
        'outside.connect_confirm',
        ['outside_connect', connect.id],
        { kind: connect.kind, creator_id: connect.creatorId, rows: connect.rowsMoved },
        trx
      )
    })
    return this.find(connectId)
  }

  /**
   * Takes a pending connect back (POST /api/connect_data/:id/revert): the
   * rows it wrote are deleted, the outside side's link cleared; a creator or
   * account it made stays (it may have been edited since), and the audit
   * row says so.
   */
  static async revert(actor: Actor, connectId: number) {
    await db.transaction(async (trx) => {
      const connect = await leavePending(trx, connectId, {
        state: 'reverted',
        active_key: null,
        reverted_by: actor.user.id,
        reverted_at: DateTime.utc().toFormat(trx.dialect.dateTimeFormat),
      })
      const removed =
        connect.kind === 'creator'
          ? await CreatorConnect.undo(trx, connect)
          : await VideoConnect.undo(trx, connect)
      await AuditService.log(
        actor,
        'outside.connect_revert',
        ['outside_connect', connect.id],
        {
          kind: connect.kind,
          creator_id: connect.creatorId,
          removed,
          kept_creator: connect.createdCreator,
          kept_account: connect.createdAccount,
        },
        trx
      )
    })
    return this.find(connectId)
  }

  static find(connectId: number) {
    return PRELOADS(OutsideConnect.query().where('id', connectId)).firstOrFail()
  }

  /** The connects, newest first (GET /api/connect_data). */
  static list(filters: ConnectListFilters) {
    const query = OutsideConnect.query()
    if (filters.kind) query.where('kind', filters.kind)
    if (filters.state) query.where('state', filters.state)
    if (filters.creator_id) query.where('creator_id', filters.creator_id)
    return paginate(query, pageWindow(filters._start, filters._end), (page) =>
      PRELOADS(page.orderBy('id', 'desc'))
    )
  }

  /**
   * The outside crawl tasks that feed a managed creator (GET
   * /api/connect_data/tasks): each outside creator with a connect, its
   * newest connect's creator, state and rows, and its crawl's last run.
   */
  static tasks(filters: ConnectTaskFilters) {
    const query = OutsideCreator.query().whereIn('id', (sub) =>
      sub.from('outside_connects').whereNotNull('outside_creator_id').select('outside_creator_id')
    )
    if (filters.platform) query.where('platform', filters.platform)
    if (filters.q) whereAnyLike(query, ['name', 'uid'], containing(filters.q))
    return paginate(query, pageWindow(filters._start, filters._end), (page) =>
      page.orderBy('connected_at', 'desc').orderBy('id', 'desc').preload('connectedCreator')
    )
  }

  /** The newest connect of each outside creator among `ids`. */
  static async newestConnects(outsideCreatorIds: number[]) {
    if (outsideCreatorIds.length === 0) return new Map<number, OutsideConnect>()
    const rows = await OutsideConnect.query()
      .whereIn('outside_creator_id', outsideCreatorIds)
      .orderBy('id', 'asc')
      .preload('creator')
    return new Map(rows.map((row) => [row.outsideCreatorId!, row]))
  }

  /** Outside creators or videos to pick from (GET /api/connect_data/outside?kind=&q=). */
  static async pick(filters: ConnectPickFilters) {
    const like = filters.q ? containing(filters.q) : null
    const limit = filters.limit ?? 20
    if (filters.kind === 'creator') {
      const query = OutsideCreator.query().orderBy('fans', 'desc').orderBy('id', 'asc').limit(limit)
      if (like) whereAnyLike(query, ['name', 'uid'], like)
      if (filters.id) query.where('id', filters.id)
      return query
    }
    const query = OutsideVideo.query().orderBy('views', 'desc').orderBy('id', 'asc').limit(limit)
    if (like) whereAnyLike(query, ['title', 'platform_video_id'], like)
    if (filters.id) query.where('id', filters.id)
    return query
  }
}
