import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('email', 255).notNullable().unique()
      table.string('password', 255).notNullable()
      table.string('name', 100).notNullable()
      table.string('phone', 30).nullable()
      table.string('account_type', 10).notNullable().defaultTo('staff')
      table.string('role', 20).notNullable().references('key').inTable('roles')
      table.string('status', 10).notNullable().defaultTo('pending')
      table.string('locale', 5).notNullable().defaultTo('en')
      table.string('sex', 10).nullable()
      table.string('company_name', 150).nullable()
      table.string('channel_name', 150).nullable()
      table.string('avatar_path', 255).nullable()
      table
        .integer('approved_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.dateTime('approved_at').nullable()
      table.string('rejected_reason', 500).nullable()
      table.dateTime('last_login_at').nullable()
      table.string('last_login_ip', 45).nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['status', 'account_type'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
