import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Who made a document's current public link, and when: a link lets anyone
 * who holds it read the PDF without signing in, so it is answered for by
 * the person who made it (shown on the documents tab, and audited).
 */
export default class extends BaseSchema {
  protected tableName = 'issued_documents'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('link_created_by').unsigned().nullable()
      table.dateTime('link_created_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('link_created_by')
      table.dropColumn('link_created_at')
    })
  }
}
