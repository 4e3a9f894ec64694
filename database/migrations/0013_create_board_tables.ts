import { BaseSchema } from '@adonisjs/lucid/schema'

/** The board (SPEC §2 Board): posts with sanitised HTML and search terms, and their attachments. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('board_posts', (table) => {
      table.increments('id')
      table.string('category', 30).notNullable()
      table.string('title', 200).notNullable()
      table.text('content_html', 'mediumtext').notNullable()
      table.text('content_text', 'mediumtext').notNullable()
      /** Space-separated words of title and text (jieba for Chinese, bigrams for Hangul and kana). */
      table.text('search_terms', 'mediumtext').notNullable()
      table.string('status', 10).notNullable().defaultTo('draft')
      table.boolean('pinned').notNullable().defaultTo(false)
      table.integer('views').unsigned().notNullable().defaultTo(0)
      table
        .integer('author_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.dateTime('published_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.index(['status', 'category', 'pinned', 'published_at'])
      table.index(['author_id', 'status'])
    })
    this.schema.createTable('board_attachments', (table) => {
      table.increments('id')
      table
        .integer('post_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('board_posts')
        .onDelete('CASCADE')
      table
        .integer('uploaded_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('file_key', 255).notNullable()
      table.string('name', 255).notNullable()
      table.string('mime', 100).notNullable()
      table.integer('size').unsigned().notNullable()
      table.dateTime('created_at').notNullable()
      table.index(['post_id'])
    })
  }

  async down() {
    this.schema.dropTable('board_attachments')
    this.schema.dropTable('board_posts')
  }
}
