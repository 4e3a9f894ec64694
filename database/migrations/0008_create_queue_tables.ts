import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The in-process queue driver keeps its jobs here so that they survive a
 * restart; `queue_schedules` records when each repeatable job last ran, for
 * both drivers' bookkeeping.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('queue_jobs', (table) => {
      table.bigIncrements('id')
      table.string('queue', 40).notNullable().defaultTo('default')
      table.string('name', 100).notNullable()
      table.text('payload').notNullable()
      table.string('status', 10).notNullable().defaultTo('pending')
      table.smallint('attempts').notNullable().defaultTo(0)
      table.smallint('max_attempts').notNullable().defaultTo(3)
      table.dateTime('run_at').notNullable()
      table.dateTime('locked_at').nullable()
      table.text('last_error').nullable()
      table.dateTime('finished_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['status', 'run_at'])
    })

    this.schema.createTable('queue_schedules', (table) => {
      table.increments('id')
      table.string('key', 100).notNullable().unique()
      table.string('job_name', 100).notNullable()
      table.string('cron', 60).notNullable()
      table.string('timezone', 60).notNullable()
      table.dateTime('next_run_at').notNullable()
      table.dateTime('last_run_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('queue_schedules')
    this.schema.dropTable('queue_jobs')
  }
}
