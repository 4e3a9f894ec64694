import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The per-platform brake (api/services/platform_breaker): one row per
 * platform that answered a rate limit or a used-up quota — how many times in
 * a row (`trips`), why (`code`, the platform's own `upstream_code`) and until
 * when no job asks it (`paused_until`). It lives in the database so that a
 * restart or a second instance keeps the pause. A collection run counts the
 * accounts it deferred and keeps the platforms it found paused (`paused`, JSON).
 */
export default class extends BaseSchema {
  protected tableName = 'platform_pauses'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('platform', 20).notNullable().unique()
      table.integer('trips').unsigned().notNullable().defaultTo(0)
      table.string('code', 20).nullable()
      table.string('upstream_code', 40).nullable()
      table.string('message', 255).nullable()
      table.dateTime('opened_at').nullable()
      table.dateTime('paused_until').nullable()
      table.integer('run_id').unsigned().nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
    })
    this.schema.alterTable('metric_collection_runs', (table) => {
      table.integer('deferred').unsigned().notNullable().defaultTo(0)
      table.text('paused').nullable()
    })
  }

  async down() {
    this.schema.alterTable('metric_collection_runs', (table) => {
      table.dropColumn('deferred')
      table.dropColumn('paused')
    })
    this.schema.dropTable(this.tableName)
  }
}
