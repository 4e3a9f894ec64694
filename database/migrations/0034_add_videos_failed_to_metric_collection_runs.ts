import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * How many accounts of a collection run had their channel statistics
 * collected but their videos not written (the write failed even after its
 * retries): the run still finishes, and shows this count instead of hiding
 * the failure in the log.
 */
export default class extends BaseSchema {
  protected tableName = 'metric_collection_runs'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('videos_failed').unsigned().notNullable().defaultTo(0)
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('videos_failed')
    })
  }
}
