import { BaseSchema } from '@adonisjs/lucid/schema'
import { VIDEO_FIELD_MAX, VIDEO_METRICS } from '#shared/videos'

/**
 * Videos (issue: the video half of the studio).
 *
 * - `videos`: every video of every tracked account, with its latest counters
 *   (copied from the newest snapshot, so lists sort without a join), the
 *   week's and month's view gains (kept by the ingest, for the rapid-rise
 *   and monthly top lists) and `deleted_on` once the platform stopped
 *   listing it — a video is never dropped.
 * - `video_snapshots`: a video's counters per day (`snapshot_date`), with the
 *   moment they were read and where they came from, as for channel snapshots.
 * - `video_growth_points`: the growth-hacking windows of a new video (6, 12,
 *   24, 48, 60 hours after upload): due time, status (pending, taken, late,
 *   missed), the real age when measured and the counters then.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('videos', (table) => {
      table.bigIncrements('id')
      table
        .integer('account_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creator_platform_accounts')
        .onDelete('CASCADE')
      table
        .integer('creator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creators')
        .onDelete('CASCADE')
      table.string('platform', 20).notNullable()
      table.string('platform_video_id', VIDEO_FIELD_MAX.platformVideoId).notNullable()
      table.string('title', VIDEO_FIELD_MAX.title).notNullable().defaultTo('')
      table.text('tags').nullable()
      table.string('category', VIDEO_FIELD_MAX.category).nullable()
      table.dateTime('published_at').nullable()
      table.integer('duration_s').unsigned().nullable()
      table.string('thumbnail_url', VIDEO_FIELD_MAX.url).nullable()
      table.string('url', VIDEO_FIELD_MAX.url).nullable()
      for (const metric of VIDEO_METRICS) table.bigInteger(metric).notNullable().defaultTo(0)
      table.bigInteger('views_week').notNullable().defaultTo(0)
      table.bigInteger('views_month').notNullable().defaultTo(0)
      table.string('source', 10).notNullable()
      table.string('adapter', 20).notNullable()
      table.dateTime('first_seen_at').notNullable()
      table.dateTime('last_seen_at').notNullable()
      table.date('deleted_on').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.unique(['account_id', 'platform_video_id'])
      table.index(['creator_id', 'published_at'])
      table.index(['published_at'])
      table.index(['platform', 'published_at'])
      table.index(['views_week'])
      table.index(['views_month'])
      table.index(['views'])
    })

    this.schema.createTable('video_snapshots', (table) => {
      table.bigIncrements('id')
      table
        .bigInteger('video_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('videos')
        .onDelete('CASCADE')
      table.integer('creator_id').unsigned().notNullable()
      table.date('snapshot_date').notNullable()
      for (const metric of VIDEO_METRICS) table.bigInteger(metric).notNullable().defaultTo(0)
      table.string('source', 10).notNullable()
      table.string('adapter', 20).notNullable()
      table.dateTime('collected_at').notNullable()

      table.unique(['video_id', 'snapshot_date'])
      table.index(['creator_id', 'snapshot_date'])
      table.index(['snapshot_date'])
    })

    this.schema.createTable('video_growth_points', (table) => {
      table.bigIncrements('id')
      table
        .bigInteger('video_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('videos')
        .onDelete('CASCADE')
      table.integer('creator_id').unsigned().notNullable()
      table.smallint('window_hours').unsigned().notNullable()
      table.dateTime('due_at').notNullable()
      table.string('status', 10).notNullable().defaultTo('pending')
      table.dateTime('taken_at').nullable()
      /** Hours since upload when measured (a late window keeps its real age). */
      table.decimal('age_hours', 8, 2).nullable()
      for (const metric of VIDEO_METRICS) table.bigInteger(metric).nullable()
      table.string('source', 10).nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.unique(['video_id', 'window_hours'])
      table.index(['status', 'due_at'])
      table.index(['creator_id', 'window_hours'])
    })
  }

  async down() {
    this.schema.dropTable('video_growth_points')
    this.schema.dropTable('video_snapshots')
    this.schema.dropTable('videos')
  }
}
