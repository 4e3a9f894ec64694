import { BaseSchema } from '@adonisjs/lucid/schema'
import { VIDEO_LINK_MAX } from '#shared/labs_downloads'

/**
 * Labs downloads (SPEC §2 'Labs'), each row the ledger of its queued job and
 * held by the one lease while it runs (`lease_owner`, `heartbeat_at`):
 *
 * - `labs_data_exports`: a weekly or monthly figures workbook — who asked,
 *   the period, granularity, creators and fields, the language of its
 *   titles, the progress (creators written of all), the file in storage.
 * - `labs_video_downloads`: a YouTube video saved to storage — the video id
 *   read from the link, the progress the downloader printed, the bytes on
 *   disk, the file, and why it failed. `active_key` holds the video id while
 *   the download is queued or running and is null afterwards: its unique
 *   index lets one download per video be in hand at a time.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('labs_data_exports', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('status', 12).notNullable().defaultTo('queued')
      table.string('granularity', 8).notNullable()
      table.date('start_date').notNullable()
      table.date('end_date').notNullable()
      table.text('creator_ids').notNullable()
      table.string('fields', 100).notNullable()
      table.string('locale', 8).notNullable()
      table.integer('total').unsigned().notNullable().defaultTo(0)
      table.integer('processed').unsigned().notNullable().defaultTo(0)
      table.integer('rows').unsigned().notNullable().defaultTo(0)
      table.string('file_path', 255).nullable()
      table.bigInteger('file_bytes').unsigned().nullable()
      table.string('error', 40).nullable()
      table.string('lease_owner', 160).nullable()
      table.timestamp('heartbeat_at').nullable()
      table.dateTime('finished_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['user_id', 'created_at'])
      table.index(['status', 'heartbeat_at'], 'labs_data_exports_lease_index')
    })

    this.schema.createTable('labs_video_downloads', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('video_id', 11).notNullable()
      table.string('active_key', 11).nullable().unique()
      table.string('link', VIDEO_LINK_MAX).notNullable()
      table.string('status', 12).notNullable().defaultTo('queued')
      /** Per mille, as the downloader last printed it. */
      table.smallint('progress').unsigned().notNullable().defaultTo(0)
      table.bigInteger('bytes').unsigned().notNullable().defaultTo(0)
      table.bigInteger('total_bytes').unsigned().nullable()
      table.string('file_path', 255).nullable()
      table.string('file_name', 255).nullable()
      table.string('error', 40).nullable()
      table.string('error_detail', 500).nullable()
      table.string('lease_owner', 160).nullable()
      table.timestamp('heartbeat_at').nullable()
      table.dateTime('started_at').nullable()
      table.dateTime('finished_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['user_id', 'created_at'])
      table.index(['status', 'heartbeat_at'], 'labs_video_downloads_lease_index')
    })
  }

  async down() {
    this.schema.dropTable('labs_video_downloads')
    this.schema.dropTable('labs_data_exports')
  }
}
