import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('roles', (table) => {
      table.increments('id')
      table.string('key', 20).notNullable().unique()
      table.smallint('level').notNullable().defaultTo(0)
    })

    this.schema.createTable('teams', (table) => {
      table.increments('id')
      table.string('key', 40).notNullable().unique()
      table.string('name', 100).notNullable()
      table.smallint('sort_order').notNullable().defaultTo(0)
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('teams')
    this.schema.dropTable('roles')
  }
}
