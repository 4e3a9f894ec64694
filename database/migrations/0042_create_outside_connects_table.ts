import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Connect data (issue 29): an outside creator connected to a managed
 * creator's platform account, or an outside video to a managed video, once
 * it signs — its history moved across once, reversible until confirmed.
 *
 * - `outside_connects`: one per connect: the kind, the outside creator or
 *   video, the managed creator + account or video (and whether the connect
 *   made the creator or the account, and the account's fans before), the state (pending → confirmed, or
 *   reverted), who did each step and when, and how many days it moved and
 *   how many it kept because the managed side held them. `active_key`
 *   ('creator:<id>' / 'video:<id>' while pending or confirmed, null once
 *   reverted) is unique: an outside creator or video feeds one managed side
 *   at a time, whatever two requests do at once.
 * - `metric_snapshots.connect_id`, `video_snapshots.connect_id`: the connect
 *   that wrote the row (source 'outside'), so that a revert deletes exactly
 *   those rows.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('outside_connects', (table) => {
      table.increments('id')
      table.string('kind', 10).notNullable()
      table.string('state', 10).notNullable().defaultTo('pending')
      table.string('active_key', 40).nullable().unique()
      table
        .integer('outside_creator_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('outside_creators')
        .onDelete('SET NULL')
      table
        .bigInteger('outside_video_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('outside_videos')
        .onDelete('SET NULL')
      table.string('platform', 20).notNullable()
      table
        .integer('creator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creators')
        .onDelete('CASCADE')
      table
        .integer('account_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('creator_platform_accounts')
        .onDelete('CASCADE')
      table
        .bigInteger('video_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('videos')
        .onDelete('CASCADE')
      table.boolean('created_creator').notNullable().defaultTo(false)
      table.boolean('created_account').notNullable().defaultTo(false)
      /** The account's fans before the connect (what a revert leaves when no day of it remains). */
      table.bigInteger('account_fans_before').nullable()
      table.integer('rows_moved').unsigned().notNullable().defaultTo(0)
      table.integer('rows_kept').unsigned().notNullable().defaultTo(0)
      table.date('first_day').nullable()
      table.date('last_day').nullable()
      for (const who of ['user_id', 'confirmed_by', 'reverted_by']) {
        table
          .integer(who)
          .unsigned()
          .nullable()
          .references('id')
          .inTable('users')
          .onDelete('SET NULL')
      }
      table.dateTime('confirmed_at').nullable()
      table.dateTime('reverted_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['kind', 'state', 'created_at'])
      table.index(['outside_creator_id'])
      table.index(['outside_video_id'])
      table.index(['creator_id'])
    })

    this.schema.alterTable('metric_snapshots', (table) => {
      table.integer('connect_id').unsigned().nullable()
      table.index(['connect_id'])
    })
    this.schema.alterTable('video_snapshots', (table) => {
      table.integer('connect_id').unsigned().nullable()
      table.index(['connect_id'])
    })
  }

  async down() {
    this.schema.alterTable('video_snapshots', (table) => {
      table.dropIndex(['connect_id'])
      table.dropColumn('connect_id')
    })
    this.schema.alterTable('metric_snapshots', (table) => {
      table.dropIndex(['connect_id'])
      table.dropColumn('connect_id')
    })
    this.schema.dropTable('outside_connects')
  }
}
