import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The video dashboard's views-tier chips and total count the videos still
 * listed (`deleted_on` null) per views range: with `(deleted_on, views)`
 * each count is a range of this index alone, instead of a range of `views`
 * that reads every row for its `deleted_on` (1.4 s cold on 1.1 M videos).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('videos', (table) => {
      table.index(['deleted_on', 'views'], 'videos_listed_views_index')
    })
  }

  async down() {
    this.schema.alterTable('videos', (table) => {
      table.dropIndex(['deleted_on', 'views'], 'videos_listed_views_index')
    })
  }
}
