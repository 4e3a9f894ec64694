import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A product sale may belong to a company account (the brand whose product
 * sold): that company reads its own sales and nobody else's.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('product_sales', (table) => {
      table
        .integer('company_user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.index(['company_user_id'], 'product_sales_company_user_id_index')
    })
  }

  async down() {
    this.schema.alterTable('product_sales', (table) => {
      table.dropForeign(['company_user_id'])
      table.dropIndex(['company_user_id'], 'product_sales_company_user_id_index')
      table.dropColumn('company_user_id')
    })
  }
}
