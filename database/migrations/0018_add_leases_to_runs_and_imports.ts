import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Work that runs for a while (collection runs, backfills, imports) holds a
 * lease: the process that runs it (`lease_owner`, host:pid:start) and its
 * last heartbeat. A row whose process died is found by its stale heartbeat
 * (or its dead pid on the same host) and marked abandoned.
 */
const TABLES = ['metric_collection_runs', 'creator_imports']

export default class extends BaseSchema {
  async up() {
    for (const name of TABLES) {
      this.schema.alterTable(name, (table) => {
        table.string('lease_owner', 160).nullable()
        table.timestamp('heartbeat_at').nullable()
        table.index(['status', 'heartbeat_at'], `${name}_lease_index`)
      })
    }
  }

  async down() {
    for (const name of TABLES) {
      this.schema.alterTable(name, (table) => {
        table.dropIndex(['status', 'heartbeat_at'], `${name}_lease_index`)
        table.dropColumn('lease_owner')
        table.dropColumn('heartbeat_at')
      })
    }
  }
}
