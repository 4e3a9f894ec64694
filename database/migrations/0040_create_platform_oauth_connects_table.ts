import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Connects started from a creator's edit tab and waiting for the open
 * platform's callback (issue 28 §2): the state the authorise page carries
 * is stored as its SHA-256 only, bound to the creator, the account (null
 * for a platform the creator has no account on yet) and the staff member
 * who started it; good for one callback within CONNECT_STATE_MINUTES.
 *
 * The platform accounts get what the refresh job last met: when it renewed
 * the login, and why it could not (the platform's refusal), shown beside
 * the token status.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('platform_oauth_connects', (table) => {
      table.increments('id')
      table.string('state_hash', 64).notNullable().unique()
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
        .onDelete('SET NULL')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('redirect_uri', 500).notNullable()
      table.dateTime('expires_at').notNullable()
      table.dateTime('used_at').nullable()
      /** connected, denied, failed (CONNECT_RESULTS) once used. */
      table.string('outcome', 20).nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['expires_at'])
    })

    this.schema.alterTable('creator_platform_accounts', (table) => {
      table.dateTime('token_refreshed_at').nullable()
      table.string('token_error', 500).nullable()
    })
  }

  async down() {
    this.schema.alterTable('creator_platform_accounts', (table) => {
      table.dropColumn('token_refreshed_at')
      table.dropColumn('token_error')
    })
    this.schema.dropTable('platform_oauth_connects')
  }
}
