import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The account-health check (api/services/platform_accounts/login_health/):
 * when an account's stored login (token or cookie) was last checked with the
 * platform's cheapest signed-in call, what it came to (LOGIN_CHECK_RESULTS:
 * works, refused, captcha, unknown) and, when it did not work, the
 * platform's code and message (never the login itself).
 */
export default class extends BaseSchema {
  protected tableName = 'creator_platform_accounts'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.timestamp('login_checked_at').nullable()
      table.string('login_check_result', 12).nullable()
      table.string('login_check_error', 255).nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('login_checked_at')
      table.dropColumn('login_check_result')
      table.dropColumn('login_check_error')
    })
  }
}
