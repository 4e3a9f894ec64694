import { BaseSchema } from '@adonisjs/lucid/schema'

/** Private letters (/app/private_letter): one row per letter, each side may delete its copy. */
export default class extends BaseSchema {
  protected tableName = 'letters'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('sender_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table
        .integer('recipient_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table
        .integer('reply_to_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('letters')
        .onDelete('SET NULL')
      table.string('subject', 200).notNullable()
      table.text('body').notNullable()
      table.dateTime('read_at').nullable()
      table.dateTime('sender_deleted_at').nullable()
      table.dateTime('recipient_deleted_at').nullable()
      table.dateTime('created_at').notNullable()
      table.index(['recipient_id', 'recipient_deleted_at', 'id'])
      table.index(['sender_id', 'sender_deleted_at', 'id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
