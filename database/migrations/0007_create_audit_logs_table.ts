import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'audit_logs'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.bigIncrements('id')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('action', 60).notNullable()
      table.string('subject_type', 40).nullable()
      table.string('subject_id', 64).nullable()
      table.string('ip', 45).nullable()
      table.text('meta').nullable()
      table.dateTime('created_at').notNullable()

      table.index(['created_at'])
      table.index(['action', 'created_at'])
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
