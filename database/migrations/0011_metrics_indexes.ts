import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Indexes found with `npm run bench` (EXPLAIN / ANALYZE on 4.38 M snapshots):
 *
 * - metric_snapshots (snapshot_date, platform, creator_id, account_id, fans,
 *   views, likes, comments): the per-creator figures of the dashboard and the
 *   data center read a few whole days (the range's end and the day before its
 *   start; the 1w/1m/3m window edges) and sum fans and views per creator.
 *   With this index they are answered from the index alone, without one
 *   clustered-row lookup per account and day (18,000 rows: ~55–200 ms → ~10 ms
 *   cold on MariaDB). It starts with the columns of the
 *   (snapshot_date, platform, creator_id) index of 0010, which it replaces.
 * - metric_daily_totals (updated_at): MetricsCache reads max(updated_at) as
 *   the data version every few seconds; the index answers it without a scan.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('metric_snapshots', (table) => {
      table.index(
        [
          'snapshot_date',
          'platform',
          'creator_id',
          'account_id',
          'fans',
          'views',
          'likes',
          'comments',
        ],
        'metric_snapshots_date_cover_index'
      )
    })
    this.schema.alterTable('metric_snapshots', (table) => {
      table.dropIndex(['snapshot_date', 'platform', 'creator_id'])
    })
    this.schema.alterTable('metric_daily_totals', (table) => {
      table.index(['updated_at'])
    })
  }

  async down() {
    this.schema.alterTable('metric_daily_totals', (table) => {
      table.dropIndex(['updated_at'])
    })
    this.schema.alterTable('metric_snapshots', (table) => {
      table.index(['snapshot_date', 'platform', 'creator_id'])
    })
    this.schema.alterTable('metric_snapshots', (table) => {
      table.dropIndex([], 'metric_snapshots_date_cover_index')
    })
  }
}
