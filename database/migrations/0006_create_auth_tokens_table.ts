import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Access tokens are short-lived; refresh tokens rotate within a family and a
 * reused one revokes its whole family. Only SHA-256 hashes are stored.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('access_tokens', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('family_id', 36).notNullable()
      table.string('hash', 64).notNullable().unique()
      table.dateTime('expires_at').notNullable()
      table.dateTime('last_used_at').nullable()
      table.dateTime('created_at').notNullable()

      table.index(['family_id'])
      table.index(['expires_at'])
    })

    this.schema.createTable('refresh_tokens', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('family_id', 36).notNullable()
      table.string('hash', 64).notNullable().unique()
      table.dateTime('expires_at').notNullable()
      table.dateTime('used_at').nullable()
      table.dateTime('revoked_at').nullable()
      table.string('ip', 45).nullable()
      table.string('user_agent', 255).nullable()
      table.dateTime('created_at').notNullable()

      table.index(['family_id'])
      table.index(['expires_at'])
    })
  }

  async down() {
    this.schema.dropTable('refresh_tokens')
    this.schema.dropTable('access_tokens')
  }
}
