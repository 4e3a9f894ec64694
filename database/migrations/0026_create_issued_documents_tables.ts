import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issued documents (SPEC §2 'Document issuing'): one row per issued PDF,
 * numbered per kind and year (`BD-2026-0001`, the counter in
 * `document_counters`, taken under a row lock), stored on Drive (`file_key`).
 * A re-issue is a new row pointing at the one it replaces, which is kept.
 * The public link is a random token: its SHA-256 finds the row
 * (`link_token_hash`), the token itself is kept encrypted so the issuer can
 * copy the link again; revoking the link or the document clears the hash.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('document_counters', (table) => {
      table.string('kind', 32).notNullable()
      table.integer('year').unsigned().notNullable()
      table.integer('last_number').unsigned().notNullable().defaultTo(0)
      table.primary(['kind', 'year'])
    })
    this.schema.createTable('issued_documents', (table) => {
      table.increments('id')
      table.string('number', 32).notNullable().unique()
      table.string('kind', 32).notNullable()
      table.integer('year').unsigned().notNullable()
      table.integer('sequence').unsigned().notNullable()
      table.string('lang', 8).notNullable()
      table
        .integer('creator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creators')
        .onDelete('CASCADE')
      table.string('title', 200).notNullable()
      table.string('month', 7).nullable()
      table.text('tabs').notNullable()
      table.string('note', 500).nullable()
      table.string('file_key', 200).notNullable()
      table.integer('file_size').unsigned().notNullable()
      table.string('status', 16).notNullable().defaultTo('issued')
      table.string('link_token_hash', 64).nullable().unique()
      table.text('link_token_encrypted').nullable()
      table.integer('replaces_id').unsigned().nullable()
      table.integer('replaced_by_id').unsigned().nullable()
      table.integer('issued_by').unsigned().nullable()
      table.integer('revoked_by').unsigned().nullable()
      table.dateTime('revoked_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.unique(['kind', 'year', 'sequence'])
      table.index(['creator_id', 'id'])
    })
  }

  async down() {
    this.schema.dropTable('issued_documents')
    this.schema.dropTable('document_counters')
  }
}
