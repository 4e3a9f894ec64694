import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A creators import reports the rows that matched a creator and changed
 * nothing (`unchanged_count`: they are not written), and the titles it read
 * as another column's or did not read (`warnings`, JSON).
 */
export default class extends BaseSchema {
  protected tableName = 'creator_imports'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('unchanged_count').unsigned().notNullable().defaultTo(0)
      table.text('warnings').nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('unchanged_count')
      table.dropColumn('warnings')
    })
  }
}
