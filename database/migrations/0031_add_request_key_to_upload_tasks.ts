import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The key the station sends with a submission (one per launch of the
 * form): a submission sent again with the same key — a double click, a
 * retry after a lost answer — finds the task the first one wrote instead of
 * writing a second task that would publish the video twice. Unique per
 * uploader; tasks written before have none.
 */
export default class extends BaseSchema {
  protected tableName = 'upload_tasks'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('request_key', 64).nullable()
      table.unique(['user_id', 'request_key'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropUnique(['user_id', 'request_key'])
      table.dropColumn('request_key')
    })
  }
}
