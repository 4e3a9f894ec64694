import { BaseSchema } from '@adonisjs/lucid/schema'

/** Market Store (brand deals) and E-Commerce (product sales per creator, platform and month). */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('brand_deals', (table) => {
      table.increments('id')
      table.string('brand', 150).notNullable()
      table.string('contact_name', 100).nullable()
      table.string('contact_email', 255).nullable()
      table
        .integer('creator_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('creators')
        .onDelete('SET NULL')
      table.string('platform', 20).nullable()
      table.string('format', 20).nullable()
      table.decimal('amount', 14, 2).nullable()
      table.string('currency', 3).notNullable().defaultTo('KRW')
      table.string('stage', 15).notNullable().defaultTo('enquiry')
      table
        .integer('owner_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table
        .integer('team_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('teams')
        .onDelete('SET NULL')
      table
        .integer('company_user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.text('note').nullable()
      table.dateTime('enquiry_at').notNullable()
      table.dateTime('negotiating_at').nullable()
      table.dateTime('signed_at').nullable()
      table.dateTime('delivered_at').nullable()
      table.dateTime('lost_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.index(['stage', 'team_id'])
      table.index(['company_user_id'])
      table.index(['signed_at'])
    })
    this.schema.createTable('product_sales', (table) => {
      table.increments('id')
      table
        .integer('creator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creators')
        .onDelete('CASCADE')
      table.string('platform', 20).notNullable()
      table.date('month').notNullable()
      table.string('product', 200).notNullable()
      table.integer('items').unsigned().notNullable().defaultTo(0)
      table.integer('orders').unsigned().notNullable().defaultTo(0)
      table.decimal('gmv', 14, 2).notNullable().defaultTo(0)
      table.decimal('commission', 14, 2).notNullable().defaultTo(0)
      table.string('currency', 3).notNullable().defaultTo('CNY')
      table
        .integer('created_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.unique(['creator_id', 'platform', 'month', 'product'])
      table.index(['month', 'platform'])
    })
  }

  async down() {
    this.schema.dropTable('product_sales')
    this.schema.dropTable('brand_deals')
  }
}
