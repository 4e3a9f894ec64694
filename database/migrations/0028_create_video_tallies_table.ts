import { BaseSchema } from '@adonisjs/lucid/schema'
import { VIDEO_FIELD_MAX } from '#shared/videos'
import { tallyInsertSql } from '#services/videos/video_tallies'

/**
 * How many videos each account has per category, listed or not, and views
 * tier (api/services/videos/video_tallies.ts). The video dashboard's total
 * and tier chips, and the video list's total, add these rows up instead of
 * counting a million videos; the video writer keeps the accounts it writes
 * up to date in the same transaction. Filled here from the stored videos.
 */
export default class extends BaseSchema {
  protected tableName = 'video_tallies'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table
        .integer('account_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creator_platform_accounts')
        .onDelete('CASCADE')
      table.integer('creator_id').unsigned().notNullable()
      table.string('platform', 20).notNullable()
      table.string('category', VIDEO_FIELD_MAX.category).notNullable().defaultTo('')
      table.tinyint('listed').notNullable()
      table.tinyint('tier').notNullable()
      table.integer('videos').unsigned().notNullable()
      table.primary(['account_id', 'category', 'listed', 'tier'])
      table.index(['creator_id'])
    })
    this.defer(async (db) => {
      await db.rawQuery(tallyInsertSql())
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
