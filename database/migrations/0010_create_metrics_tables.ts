import { BaseSchema } from '@adonisjs/lucid/schema'
import { METRICS } from '#shared/constants'

/**
 * Metrics of SPEC §3: one snapshot per platform account per day with the
 * day's values and the differences to the day before, the per-day and
 * per-platform totals the dashboards read (a rollup kept by the collection),
 * and one row per collection run.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('metric_snapshots', (table) => {
      table.bigIncrements('id')
      table
        .integer('account_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creator_platform_accounts')
        .onDelete('CASCADE')
      table
        .integer('creator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creators')
        .onDelete('CASCADE')
      table.string('platform', 20).notNullable()
      table.date('snapshot_date').notNullable()
      for (const metric of METRICS) table.bigInteger(metric).notNullable().defaultTo(0)
      for (const metric of METRICS) table.bigInteger(`${metric}_diff`).notNullable().defaultTo(0)
      table.string('source', 10).notNullable()
      table.string('adapter', 20).notNullable()
      table.dateTime('collected_at').notNullable()

      table.unique(['account_id', 'snapshot_date'])
      table.index(['snapshot_date', 'platform', 'creator_id'])
      table.index(['creator_id', 'snapshot_date'])
    })

    this.schema.createTable('metric_daily_totals', (table) => {
      table.increments('id')
      table.date('snapshot_date').notNullable()
      table.string('platform', 20).notNullable()
      table.integer('accounts').unsigned().notNullable().defaultTo(0)
      table.integer('creators').unsigned().notNullable().defaultTo(0)
      for (const metric of METRICS) table.bigInteger(metric).notNullable().defaultTo(0)
      for (const metric of METRICS) table.bigInteger(`${metric}_diff`).notNullable().defaultTo(0)
      table.dateTime('updated_at').notNullable()

      table.unique(['snapshot_date', 'platform'])
      table.index(['platform', 'snapshot_date'])
    })

    this.schema.createTable('metric_collection_runs', (table) => {
      table.increments('id')
      table.date('snapshot_date').notNullable()
      table.string('platform', 20).nullable()
      table.text('creator_ids').nullable()
      table.string('trigger', 12).notNullable()
      table.string('status', 12).notNullable().defaultTo('queued')
      table.integer('total').unsigned().notNullable().defaultTo(0)
      table.integer('processed').unsigned().notNullable().defaultTo(0)
      table.integer('succeeded').unsigned().notNullable().defaultTo(0)
      table.integer('failed').unsigned().notNullable().defaultTo(0)
      table.integer('skipped').unsigned().notNullable().defaultTo(0)
      table.integer('duration_ms').unsigned().nullable()
      table.text('failures').nullable()
      table.text('error').nullable()
      table
        .integer('requested_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.dateTime('started_at').nullable()
      table.dateTime('finished_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['snapshot_date'])
      table.index(['status'])
    })

    this.schema.alterTable('creator_platform_accounts', (table) => {
      table.smallint('collect_status').notNullable().defaultTo(0)
      table.string('collect_error', 255).nullable()
      table.dateTime('last_collected_at').nullable()
      table.dateTime('collect_failed_at').nullable()
      table.index(['collect_status'])
    })
  }

  async down() {
    this.schema.alterTable('creator_platform_accounts', (table) => {
      table.dropIndex(['collect_status'])
      table.dropColumn('collect_status')
      table.dropColumn('collect_error')
      table.dropColumn('last_collected_at')
      table.dropColumn('collect_failed_at')
    })
    this.schema.dropTable('metric_collection_runs')
    this.schema.dropTable('metric_daily_totals')
    this.schema.dropTable('metric_snapshots')
  }
}
