import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Monthly settlement (SPEC §3 'Revenue statement'). Money is DECIMAL on both
 * SQLite and MySQL and read as text into big.js; nothing is a float.
 *
 * - `platform_revenues`: what a platform paid for a creator in a month, per
 *   platform, revenue kind (ad or other) and currency.
 * - `exchange_rates`: won per unit of a currency on a date, with its source
 *   and who entered it.
 * - `settlement_rate_sets`: the tax rates and minimum payout; an edit is a new
 *   row (the id is the version), rows are never changed.
 * - `settlements`: one statement per creator and month with every figure, the
 *   rate version, the exchange rates and rounding rules it used (`rules`),
 *   its lines per currency and kind (`lines`), and draft → confirmed → paid.
 * - `settlement_adjustments`: corrections of a confirmed statement, in won,
 *   taken into the next month's run (`applied_settlement_id`).
 * - the `finance` role: sees and settles money.
 */
export default class extends BaseSchema {
  async up() {
    const creatorRef = (table: any, name = 'creator_id') =>
      table
        .integer(name)
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creators')
        .onDelete('CASCADE')
    const userRef = (table: any, name: string) =>
      table
        .integer(name)
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')

    this.schema.createTable('platform_revenues', (table) => {
      table.increments('id')
      creatorRef(table)
      table.date('month').notNullable()
      table.string('platform', 20).notNullable()
      table.string('kind', 10).notNullable()
      table.string('currency', 3).notNullable()
      table.decimal('amount', 14, 2).notNullable()
      table.string('note', 500).nullable()
      userRef(table, 'created_by')
      userRef(table, 'updated_by')
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.unique(['creator_id', 'month', 'platform', 'kind', 'currency'], {
        indexName: 'platform_revenues_row_unique',
      })
      table.index(['month'], 'platform_revenues_month_index')
    })

    this.schema.createTable('exchange_rates', (table) => {
      table.increments('id')
      table.string('currency', 3).notNullable()
      table.decimal('rate', 12, 4).notNullable()
      table.date('rate_date').notNullable()
      table.string('source', 20).notNullable()
      table.string('note', 500).nullable()
      userRef(table, 'created_by')
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.unique(['currency', 'rate_date'], { indexName: 'exchange_rates_currency_date_unique' })
    })

    this.schema.createTable('settlement_rate_sets', (table) => {
      table.increments('id')
      table.decimal('cn_vat_rate', 7, 4).notNullable()
      table.decimal('cn_surcharge_rate', 7, 4).notNullable()
      table.decimal('cn_withholding_rate', 7, 4).notNullable()
      table.decimal('kr_income_tax_rate', 7, 4).notNullable()
      table.decimal('kr_local_tax_rate', 7, 4).notNullable()
      table.decimal('minimum_payout_krw', 14, 2).notNullable()
      table.string('note', 500).nullable()
      userRef(table, 'created_by')
      table.dateTime('created_at').notNullable()
    })

    this.schema.createTable('settlements', (table) => {
      table.increments('id')
      creatorRef(table)
      table.date('month').notNullable()
      table.string('status', 12).notNullable().defaultTo('draft')
      table
        .integer('rate_set_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('settlement_rate_sets')
      table.date('rate_date').notNullable()
      table.boolean('individual').notNullable().defaultTo(true)
      table.bigInteger('month_fans').notNullable().defaultTo(0)
      table.bigInteger('monthly_increase').notNullable().defaultTo(0)
      table.bigInteger('views').notNullable().defaultTo(0)
      table.integer('video_count').notNullable().defaultTo(0)
      table.decimal('ad_ratio', 5, 2).nullable()
      table.decimal('other_ratio', 5, 2).nullable()
      for (const column of [
        'platform_total_krw',
        'china_tax_krw',
        'after_tax_krw',
        'monthly_revenue_krw',
        'carry_over_krw',
        'adjustments_krw',
        'settleable_total_krw',
        'kr_income_tax_krw',
        'kr_local_tax_krw',
        'creator_total_krw',
        'settled_krw',
        'carried_forward_krw',
      ]) {
        table.decimal(column, 16, 2).notNullable().defaultTo(0)
      }
      table.text('lines').notNullable()
      table.text('rules').notNullable()
      userRef(table, 'computed_by')
      userRef(table, 'confirmed_by')
      table.dateTime('confirmed_at').nullable()
      userRef(table, 'paid_by')
      table.dateTime('paid_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.unique(['creator_id', 'month'], { indexName: 'settlements_creator_month_unique' })
      table.index(['month', 'status'], 'settlements_month_status_index')
    })

    this.schema.createTable('settlement_adjustments', (table) => {
      table.increments('id')
      creatorRef(table)
      table
        .integer('settlement_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('settlements')
        .onDelete('CASCADE')
      table.decimal('amount_krw', 14, 2).notNullable()
      table.string('reason', 500).notNullable()
      table
        .integer('applied_settlement_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('settlements')
        .onDelete('SET NULL')
      userRef(table, 'created_by')
      table.dateTime('created_at').notNullable()
      table.index(['creator_id', 'applied_settlement_id'], 'settlement_adjustments_open_index')
    })

    this.defer(async (db) => {
      const existing = await db.from('roles').where('key', 'finance').first()
      if (!existing) await db.table('roles').insert({ key: 'finance', level: 3 })
    })
  }

  async down() {
    this.schema.dropTable('settlement_adjustments')
    this.schema.dropTable('settlements')
    this.schema.dropTable('settlement_rate_sets')
    this.schema.dropTable('exchange_rates')
    this.schema.dropTable('platform_revenues')
    this.defer(async (db) => {
      await db.from('roles').where('key', 'finance').delete()
    })
  }
}
