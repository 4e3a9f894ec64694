import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Video search and suggestions (api/services/videos/video_words.ts).
 *
 * - `video_words`: the words of each video's title and tags (Chinese cut by
 *   jieba, Hangul and kana as two-character pieces, other words lower-cased),
 *   one row per word and video; `whole` marks the words a person would type
 *   (jieba's words, whole Hangul/kana/Latin words, whole tags), which the
 *   suggestions offer. Primary key (word, video_id): a search word (or a
 *   prefix of it) is an index range.
 * - `video_word_counts`: per suggestable word, how many videos carry it and
 *   their views, rebuilt from `video_words` after each ingest, so that a
 *   prefix's suggestions are one short range of the primary key.
 * - indexes for the dashboard's saves and shares tops and the cache's data
 *   version (newest `updated_at`).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('video_words', (table) => {
      table.string('word', 64).notNullable()
      table
        .bigInteger('video_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('videos')
        .onDelete('CASCADE')
      table.boolean('whole').notNullable().defaultTo(false)
      table.primary(['word', 'video_id'])
      table.index(['video_id'])
    })

    this.schema.createTable('video_word_counts', (table) => {
      table.string('word', 64).notNullable().primary()
      table.integer('videos').unsigned().notNullable().defaultTo(0)
      table.bigInteger('views').notNullable().defaultTo(0)
    })

    this.schema.alterTable('videos', (table) => {
      table.index(['favorites'])
      table.index(['shares'])
      table.index(['updated_at'])
    })
  }

  async down() {
    this.schema.alterTable('videos', (table) => {
      table.dropIndex(['favorites'])
      table.dropIndex(['shares'])
      table.dropIndex(['updated_at'])
    })
    this.schema.dropTable('video_word_counts')
    this.schema.dropTable('video_words')
  }
}
