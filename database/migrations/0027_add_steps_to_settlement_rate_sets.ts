import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The order of operations of a rate set (SPEC §3 'Revenue statement'): its
 * steps, comma-separated, one of ALLOWED_SETTLEMENT_ORDERS. The versions
 * written before the order could change were computed in the default order
 * (DEFAULT_SETTLEMENT_STEPS in api/shared/settlement.ts, written out here so
 * that this migration does not change when the default does).
 */
const DEFAULT_STEPS = 'cn_taxes,conversion,share,kr_withholding,settle'

export default class extends BaseSchema {
  protected tableName = 'settlement_rate_sets'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('steps', 120).notNullable().defaultTo(DEFAULT_STEPS)
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('steps')
    })
  }
}
