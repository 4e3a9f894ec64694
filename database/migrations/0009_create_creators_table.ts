import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Creators / IP of SPEC §3. Private values (phone, email, address, birth
 * date, passport, bank and tax payer, Baidu token) are stored only
 * encrypted (`*_encrypted`, AES-256 with APP_KEY) next to a masked form for
 * lists; `total_fans` and `failing` are kept up to date from the platform
 * accounts so that lists filter and sort without joins.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('creators', (table) => {
      table.increments('id')
      table.string('brand_no', 32).notNullable().unique()
      table.string('contract_no', 64).nullable().unique()
      table.string('kind', 2).notNullable().defaultTo('CR')
      table.string('contractor_name', 100).notNullable()
      table.string('channel_name', 150).notNullable()
      table.string('channel_name_zh', 150).nullable()
      table.text('channel_intro_zh').nullable()
      table.string('youtube_channel_name', 150).nullable()
      table.string('youtube_url', 255).nullable()
      table.string('category', 30).notNullable().defaultTo('other')
      table.string('avatar_path', 255).nullable()
      table.string('nationality', 2).nullable()
      table.string('area_code', 8).nullable()
      table.text('phone_encrypted').nullable()
      table.string('phone_masked', 40).nullable()
      table.text('email_encrypted').nullable()
      table.string('email_masked', 255).nullable()
      table.text('address_encrypted').nullable()
      table.text('birth_date_encrypted').nullable()
      table.string('gender', 10).nullable()
      table.text('passport_name_encrypted').nullable()
      table.text('passport_no_encrypted').nullable()
      table.string('passport_no_masked', 40).nullable()
      table.string('company_ref', 100).nullable()
      table.date('contract_date').nullable()
      table.date('end_date').nullable()
      table.date('cancel_date').nullable()
      table.string('contract_status', 12).notNullable().defaultTo('valid')
      table.boolean('has_authorization_doc').notNullable().defaultTo(false)
      table.boolean('ip_business_exclusive').notNullable().defaultTo(false)
      table.boolean('video_exclusive_china').notNullable().defaultTo(false)
      table.text('contracted_platforms').nullable()
      table.integer('min_monthly_videos').unsigned().notNullable().defaultTo(0)
      table.decimal('ad_income_ratio', 5, 2).nullable()
      table.decimal('other_income_ratio', 5, 2).nullable()
      table.text('bank_name_encrypted').nullable()
      table.text('bank_account_encrypted').nullable()
      table.string('bank_account_masked', 40).nullable()
      table.text('tax_payer_name_encrypted').nullable()
      table.text('remark').nullable()
      table.string('sns_kr', 255).nullable()
      table.string('sns_zh', 255).nullable()
      table
        .integer('cp_team_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('teams')
        .onDelete('SET NULL')
      table
        .integer('uploader_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('baidu_app_id', 64).nullable()
      table.text('baidu_token_encrypted').nullable()
      table.bigInteger('total_fans').notNullable().defaultTo(0)
      table.boolean('failing').notNullable().defaultTo(false)
      table
        .integer('created_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['contract_status', 'kind'])
      table.index(['total_fans'])
      table.index(['created_at'])
      table.index(['cp_team_id'])
      table.index(['failing'])
    })

    this.schema.createTable('creator_platform_accounts', (table) => {
      table.increments('id')
      table
        .integer('creator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creators')
        .onDelete('CASCADE')
      table.string('platform', 20).notNullable()
      table.string('uid', 64).nullable()
      table.string('channel_name', 150).nullable()
      table.string('channel_url', 255).nullable()
      table.bigInteger('fans').notNullable().defaultTo(0)
      table.boolean('active').notNullable().defaultTo(true)
      table.text('token_encrypted').nullable()
      table.smallint('token_status').notNullable().defaultTo(1)
      table.dateTime('token_connected_at').nullable()
      table.dateTime('token_expires_at').nullable()
      table.text('cookie_encrypted').nullable()
      table.smallint('cookie_status').notNullable().defaultTo(1)
      table.dateTime('cookie_entered_at').nullable()
      table.dateTime('cookie_checked_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.unique(['creator_id', 'platform'])
      table.unique(['platform', 'uid'])
      table.index(['platform', 'token_status'])
    })

    this.schema.createTable('creator_ad_prices', (table) => {
      table.increments('id')
      table
        .integer('creator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creators')
        .onDelete('CASCADE')
      table.string('platform', 20).notNullable()
      table.string('format', 20).notNullable()
      table.decimal('price', 14, 2).notNullable()
      table.string('currency', 3).notNullable().defaultTo('KRW')
      table.string('note', 255).nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.unique(['creator_id', 'platform', 'format'])
    })

    this.schema.createTable('creator_memos', (table) => {
      table.increments('id')
      table
        .integer('creator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creators')
        .onDelete('CASCADE')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.text('body').notNullable()
      table.dateTime('created_at').notNullable()

      table.index(['creator_id', 'created_at'])
    })

    this.schema.createTable('creator_audience_portraits', (table) => {
      table.increments('id')
      table
        .integer('creator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creators')
        .onDelete('CASCADE')
      table.string('platform', 20).notNullable()
      table.string('audience', 10).notNullable()
      table.string('dimension', 20).notNullable()
      table.string('bucket', 60).notNullable()
      table.decimal('share', 6, 4).notNullable()
      table.date('captured_on').notNullable()

      table.index(['creator_id', 'audience', 'dimension'])
    })

    this.schema.createTable('user_favorites', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table
        .integer('creator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('creators')
        .onDelete('CASCADE')
      table.dateTime('created_at').notNullable()

      table.unique(['user_id', 'creator_id'])
    })

    this.schema.createTable('creator_imports', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('file_name', 255).notNullable()
      table.string('file_path', 255).notNullable()
      table.string('status', 12).notNullable().defaultTo('pending')
      table.integer('total_rows').unsigned().notNullable().defaultTo(0)
      table.integer('processed_rows').unsigned().notNullable().defaultTo(0)
      table.integer('created_count').unsigned().notNullable().defaultTo(0)
      table.integer('updated_count').unsigned().notNullable().defaultTo(0)
      table.text('errors').nullable()
      table.dateTime('finished_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
    })

    this.schema.alterTable('users', (table) => {
      table.string('security_code_hash', 255).nullable()
    })

    this.schema.createTable('studio_settings', (table) => {
      table.string('key', 60).primary()
      table.text('value').nullable()
      table
        .integer('updated_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.dateTime('updated_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('studio_settings')
    this.schema.alterTable('users', (table) => {
      table.dropColumn('security_code_hash')
    })
    this.schema.dropTable('creator_imports')
    this.schema.dropTable('user_favorites')
    this.schema.dropTable('creator_audience_portraits')
    this.schema.dropTable('creator_memos')
    this.schema.dropTable('creator_ad_prices')
    this.schema.dropTable('creator_platform_accounts')
    this.schema.dropTable('creators')
  }
}
