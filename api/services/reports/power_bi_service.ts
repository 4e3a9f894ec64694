import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Creator from '#models/creator'
import { seesMoney } from '#shared/roles'
import { chunks } from '#support/chunks'
import { utcOf } from '#support/dates'
import type { PowerBiAccountRow } from '#shared/reports'

/**
 * The Power BI feed (/api/power-bi/accounts/self): the caller's own
 * platform accounts, one flat row each, with the fans and views of the
 * account's newest snapshot (the account's stored fans when it has none)
 * and when it was last collected. Whose accounts: Creator.inPowerBiFeedOf
 * (every creator's for money roles, read without a list of ids).
 */
export default class PowerBiService {
  static async accounts(user: User): Promise<PowerBiAccountRow[]> {
    const creatorIds = seesMoney(user)
      ? null
      : await Creator.query()
          .withScopes((scopes) => scopes.inPowerBiFeedOf(user))
          .select('id')
          .then((rows) => rows.map((row) => row.id))
    if (creatorIds !== null && creatorIds.length === 0) return []
    const read = (ids: number[] | null) => {
      const query = db
        .from('creator_platform_accounts as a')
        .join('creators as c', 'c.id', 'a.creator_id')
        .leftJoin('teams as t', 't.id', 'c.cp_team_id')
        .leftJoin('metric_snapshots as s', 's.account_id', 'a.id')
        .where((newest) =>
          newest
            .whereNull('s.id')
            .orWhereRaw(
              's.snapshot_date = (select max(s2.snapshot_date) from metric_snapshots s2 where s2.account_id = a.id)'
            )
        )
        .select(
          'a.id',
          'a.creator_id',
          'c.brand_no',
          'c.channel_name as creator_name',
          't.key as team',
          'a.platform',
          'a.uid',
          'a.channel_name',
          'a.channel_url',
          'a.active',
          'a.fans as account_fans',
          's.fans as snapshot_fans',
          's.views as snapshot_views',
          'a.last_collected_at'
        )
        .orderBy('a.creator_id')
        .orderBy('a.platform')
      if (ids) query.whereIn('a.creator_id', ids)
      return query
    }
    const rows: Record<string, any>[] = []
    if (creatorIds === null) rows.push(...(await read(null)))
    else for (const ids of chunks(creatorIds, 500)) rows.push(...(await read(ids)))
    rows.sort(
      (a, b) =>
        Number(a.creator_id) - Number(b.creator_id) || String(a.platform).localeCompare(b.platform)
    )
    return rows.map((row) => ({
      account_id: Number(row.id),
      creator_id: Number(row.creator_id),
      brand_no: row.brand_no,
      creator_name: row.creator_name,
      team: row.team ?? null,
      platform: row.platform,
      uid: row.uid ?? null,
      channel_name: row.channel_name ?? null,
      channel_url: row.channel_url ?? null,
      active: Boolean(row.active),
      fans: Number(row.snapshot_fans ?? row.account_fans ?? 0),
      views: Number(row.snapshot_views ?? 0),
      last_collected_at: utcOf(row.last_collected_at)?.toISO() ?? null,
    }))
  }
}
