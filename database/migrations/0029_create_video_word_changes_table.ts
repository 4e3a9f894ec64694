import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The suggestion words whose counts a write changed
 * (api/services/videos/video_words.ts): the video writer appends the whole
 * words a video gained or lost (a new or retitled video, one marked deleted
 * or listed again) in its own transaction, and the end of a collection run
 * recounts just those words in video_word_counts, then empties the rows it
 * read. No unique key: the collection's concurrent account transactions
 * append without waiting on each other's rows; the index on `word` lets the
 * recount read the words in order.
 */
export default class extends BaseSchema {
  protected tableName = 'video_word_changes'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.bigIncrements('id')
      table.string('word', 64).notNullable()
      table.index(['word'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
