import { BaseSchema } from '@adonisjs/lucid/schema'
import { OUTSIDE_LIMITS } from '#shared/outside'
import { VIDEO_FIELD_MAX, VIDEO_METRICS } from '#shared/videos'

/**
 * Outside tracking (issue 29): creators and videos the agency does not manage.
 *
 * - `outside_creators`: one per platform + uid, and its crawl task (SPEC §3
 *   "Outside crawl task"): state, parking interval in days, interval hours,
 *   custom times (JSON list of 'HH:MM'), the replay strategy (a default and
 *   JSON per hour), the auto new-video crawl flag, the one due time
 *   `next_run_at`, the lease of the crawl in hand (`lease_owner`,
 *   `heartbeat_at`), the newest figures and the 7-day fan growth the list
 *   sorts by and the scheduler's priority reads, how often staff opened it,
 *   and the managed creator it was connected to once signed.
 * - `outside_crawl_runs`: one per crawl: when, how long, what it read, its
 *   failure and reason.
 * - `outside_creator_snapshots`: the figures per day (the day's last crawl).
 * - `outside_videos`: an outside creator's uploads (auto new-video crawl) and
 *   single videos tracked by link, with their newest counters, their own
 *   due time and lease (videos by link), and the managed video they were
 *   connected to.
 * - `outside_video_points`: a video's counters at each crawl, with its age
 *   in hours, from which the 6/12/24/48/60 h growth windows are read.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('outside_creators', (table) => {
      table.increments('id')
      table.string('platform', 20).notNullable()
      table.string('uid', OUTSIDE_LIMITS.uidMax).notNullable()
      table.string('name', OUTSIDE_LIMITS.nameMax).notNullable().defaultTo('')
      table.string('channel_url', OUTSIDE_LIMITS.urlMax).nullable()
      table.string('avatar_url', OUTSIDE_LIMITS.urlMax).nullable()
      table.string('purpose', 20).notNullable().defaultTo('prospect')
      table.string('note', OUTSIDE_LIMITS.noteMax).nullable()
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table
        .integer('team_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('teams')
        .onDelete('SET NULL')

      table.string('state', 10).notNullable().defaultTo('running')
      table.smallint('interval_days').unsigned().notNullable().defaultTo(1)
      table.smallint('interval_hours').unsigned().notNullable().defaultTo(0)
      table.text('custom_times').nullable()
      table.string('replay_strategy', 10).notNullable().defaultTo('late')
      table.text('replay_by_hour').nullable()
      table.boolean('auto_video_crawl').notNullable().defaultTo(false)
      table.dateTime('next_run_at').nullable()
      /** The slot next_run_at stands for (a late or catch-up run keeps the slot it replays). */
      table.dateTime('next_slot_at').nullable()
      table.string('lease_owner', 160).nullable()
      table.timestamp('heartbeat_at').nullable()

      table.bigInteger('fans').notNullable().defaultTo(0)
      table.bigInteger('views').notNullable().defaultTo(0)
      table.bigInteger('likes').notNullable().defaultTo(0)
      table.bigInteger('comments').notNullable().defaultTo(0)
      table.bigInteger('videos').notNullable().defaultTo(0)
      table.bigInteger('fans_growth_7d').notNullable().defaultTo(0)
      table.integer('opened_count').unsigned().notNullable().defaultTo(0)
      table.dateTime('opened_at').nullable()
      table.dateTime('last_run_at').nullable()
      table.string('last_status', 10).nullable()
      table.string('last_error', 500).nullable()

      table
        .integer('connected_creator_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('creators')
        .onDelete('SET NULL')
      table.dateTime('connected_at').nullable()

      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.unique(['platform', 'uid'])
      table.index(['state', 'next_run_at'])
      table.index(['fans_growth_7d'])
    })

    this.schema.createTable('outside_crawl_runs', (table) => {
      table.bigIncrements('id')
      table
        .integer('outside_creator_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('outside_creators')
        .onDelete('CASCADE')
      table.bigInteger('outside_video_id').unsigned().nullable()
      table.string('trigger', 10).notNullable()
      table.dateTime('slot_at').nullable()
      table.string('status', 10).notNullable().defaultTo('running')
      table.dateTime('started_at').notNullable()
      table.dateTime('finished_at').nullable()
      table.integer('duration_ms').unsigned().nullable()
      table.bigInteger('fans').nullable()
      table.bigInteger('views').nullable()
      table.bigInteger('likes').nullable()
      table.bigInteger('videos').nullable()
      table.integer('videos_read').unsigned().notNullable().defaultTo(0)
      table.string('error_code', 20).nullable()
      table.string('error_message', 500).nullable()

      table.index(['outside_creator_id', 'started_at'])
      table.index(['outside_video_id', 'started_at'])
      table.index(['started_at'])
    })

    this.schema.createTable('outside_creator_snapshots', (table) => {
      table.bigIncrements('id')
      table
        .integer('outside_creator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('outside_creators')
        .onDelete('CASCADE')
      table.date('snapshot_date').notNullable()
      table.bigInteger('fans').notNullable().defaultTo(0)
      table.bigInteger('views').notNullable().defaultTo(0)
      table.bigInteger('likes').notNullable().defaultTo(0)
      table.bigInteger('comments').notNullable().defaultTo(0)
      table.bigInteger('shares').notNullable().defaultTo(0)
      table.bigInteger('videos').notNullable().defaultTo(0)
      table.string('adapter', 20).notNullable()
      table.dateTime('collected_at').notNullable()

      table.unique(['outside_creator_id', 'snapshot_date'], {
        indexName: 'outside_snapshots_day_unique',
      })
      table.index(['snapshot_date'])
    })

    this.schema.createTable('outside_videos', (table) => {
      table.bigIncrements('id')
      table
        .integer('outside_creator_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('outside_creators')
        .onDelete('CASCADE')
      table.string('origin', 10).notNullable()
      table.string('platform', 20).notNullable()
      table.string('platform_video_id', VIDEO_FIELD_MAX.platformVideoId).notNullable()
      table.string('title', VIDEO_FIELD_MAX.title).notNullable().defaultTo('')
      table.string('channel_name', OUTSIDE_LIMITS.nameMax).nullable()
      table.string('url', VIDEO_FIELD_MAX.url).nullable()
      table.string('thumbnail_url', VIDEO_FIELD_MAX.url).nullable()
      table.string('category', VIDEO_FIELD_MAX.category).nullable()
      table.dateTime('published_at').nullable()
      table.integer('duration_s').unsigned().nullable()
      for (const metric of VIDEO_METRICS) table.bigInteger(metric).notNullable().defaultTo(0)
      table.string('state', 10).notNullable().defaultTo('running')
      table.dateTime('next_run_at').nullable()
      table.string('lease_owner', 160).nullable()
      table.timestamp('heartbeat_at').nullable()
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table
        .bigInteger('connected_video_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('videos')
        .onDelete('SET NULL')
      table.dateTime('connected_at').nullable()
      table.dateTime('first_seen_at').notNullable()
      table.dateTime('last_seen_at').notNullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.unique(['platform', 'platform_video_id'])
      table.index(['outside_creator_id', 'published_at'])
      table.index(['state', 'next_run_at'])
      table.index(['published_at'])
    })

    this.schema.createTable('outside_video_points', (table) => {
      table.bigIncrements('id')
      table
        .bigInteger('outside_video_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('outside_videos')
        .onDelete('CASCADE')
      table.dateTime('taken_at').notNullable()
      /** Hours since upload when read (null when the platform gave no upload time). */
      table.decimal('age_hours', 8, 2).nullable()
      for (const metric of VIDEO_METRICS) table.bigInteger(metric).notNullable().defaultTo(0)

      table.unique(['outside_video_id', 'taken_at'])
    })
  }

  async down() {
    this.schema.dropTable('outside_video_points')
    this.schema.dropTable('outside_videos')
    this.schema.dropTable('outside_creator_snapshots')
    this.schema.dropTable('outside_crawl_runs')
    this.schema.dropTable('outside_creators')
  }
}
