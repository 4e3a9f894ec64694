import { BaseSchema } from '@adonisjs/lucid/schema'

/** The alert dashboard: one row per condition (dedupe_key), kept in step by the daily scan. */
export default class extends BaseSchema {
  protected tableName = 'alerts'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('kind', 30).notNullable()
      table.string('severity', 10).notNullable()
      table
        .integer('creator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creators')
        .onDelete('CASCADE')
      table
        .integer('account_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('creator_platform_accounts')
        .onDelete('CASCADE')
      table.string('platform', 20).nullable()
      table.date('day').notNullable()
      table.string('dedupe_key', 150).notNullable().unique()
      table.text('figures').nullable()
      table.string('status', 15).notNullable().defaultTo('open')
      table
        .integer('assignee_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table
        .integer('acknowledged_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.dateTime('acknowledged_at').nullable()
      table.dateTime('resolved_at').nullable()
      table.string('note', 500).nullable()
      table.dateTime('last_seen_at').notNullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.index(['status', 'kind'])
      table.index(['creator_id'])
      table.index(['assignee_id', 'status'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
