import { BaseSchema } from '@adonisjs/lucid/schema'

/** Headline notifications (SPEC §7 /api/headline-notifications): one row per recipient. */
export default class extends BaseSchema {
  protected tableName = 'notifications'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.bigIncrements('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('kind', 30).notNullable()
      table.text('params').nullable()
      table.string('link', 255).nullable()
      table.string('dedupe_key', 150).nullable()
      table.dateTime('read_at').nullable()
      table.dateTime('created_at').notNullable()

      table.index(['user_id', 'id'])
      table.index(['user_id', 'read_at'])
      table.unique(['user_id', 'dedupe_key'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
