import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The upload station's ledger (SPEC §2 'Video Upload Station', §4 'Upload').
 *
 * - `upload_tasks`: one submitted upload — the creator, the uploader, the
 *   form's values as submitted (JSON), the video and thumbnail as Drive keys
 *   with their size, type and length, the booked time and the task's state
 *   (running until every publication ended, then success, partial or failure).
 * - `upload_publications`: one row per chosen platform. Its status is the
 *   waiting/result lists' state (requesting, uploading, scheduled, success,
 *   failure) plus `submitting` while the job holds it; attempts, the next
 *   attempt's time, the lease (owner, heartbeat, expiry), the adapter's last
 *   checkpoint, the platform's id and link once known, and the last error.
 *   The queue carries only a publication's id: the row is the truth.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('upload_tasks', (table) => {
      table.bigIncrements('id')
      table
        .integer('creator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creators')
        .onDelete('CASCADE')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('title', 200).notNullable()
      table.text('form').notNullable()
      table.string('video_key', 300).notNullable()
      table.bigInteger('video_size').unsigned().notNullable()
      table.string('video_mime', 60).notNullable()
      table.integer('video_duration_s').unsigned().nullable()
      table.string('thumbnail_key', 300).notNullable()
      table.bigInteger('thumbnail_size').unsigned().notNullable()
      table.string('thumbnail_mime', 60).notNullable()
      table.dateTime('scheduled_at').nullable()
      table.string('status', 12).notNullable().defaultTo('running')
      table.dateTime('finished_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['creator_id', 'created_at'])
      table.index(['user_id', 'created_at'])
      table.index(['status'])
    })

    this.schema.createTable('upload_publications', (table) => {
      table.bigIncrements('id')
      table
        .bigInteger('task_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('upload_tasks')
        .onDelete('CASCADE')
      table.string('platform', 20).notNullable()
      table
        .integer('account_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('creator_platform_accounts')
        .onDelete('SET NULL')
      table.string('status', 12).notNullable().defaultTo('requesting')
      table.smallint('attempts').unsigned().notNullable().defaultTo(0)
      table.dateTime('next_attempt_at').notNullable()
      table.string('lease_owner', 120).nullable()
      table.dateTime('lease_expires_at').nullable()
      table.dateTime('heartbeat_at').nullable()
      table.text('checkpoint').nullable()
      table.dateTime('submitted_at').nullable()
      table.bigInteger('sent_bytes').unsigned().notNullable().defaultTo(0)
      table.bigInteger('total_bytes').unsigned().notNullable().defaultTo(0)
      /** The time the platform is told to publish at (platform-side scheduling), else null. */
      table.dateTime('platform_scheduled_at').nullable()
      table.string('platform_video_id', 100).nullable()
      table.string('url', 500).nullable()
      table.boolean('scheduled').notNullable().defaultTo(false)
      table.bigInteger('video_id').unsigned().nullable()
      table.string('error_code', 30).nullable()
      table.string('error_message', 500).nullable()
      table.dateTime('started_at').nullable()
      table.dateTime('finished_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.unique(['task_id', 'platform'])
      table.index(['status', 'next_attempt_at'])
      table.index(['status', 'lease_expires_at'])
    })
  }

  async down() {
    this.schema.dropTable('upload_publications')
    this.schema.dropTable('upload_tasks')
  }
}
