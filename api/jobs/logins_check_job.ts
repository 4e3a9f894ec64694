import { Job } from '@rlanz/bull-queue'

/**
 * The daily account-health check (12:30, before the 13:00 collection): every
 * stored login is asked the platform's cheapest signed-in call, so that the
 * collection skips the refused ones as not connected (LoginCheckService).
 * Safe to run twice: a second run checks again and records the same.
 */
export default class LoginsCheckJob extends Job {
  static jobName = 'logins:check'

  static get $$filepath() {
    return import.meta.url
  }

  async handle(): Promise<void> {
    const { default: LoginCheckService } =
      await import('#services/platform_accounts/login_health/login_check_service')
    const counts = await LoginCheckService.check()
    this.logger.info(counts, 'logins:check finished')
  }

  async rescue(_payload: unknown, error: Error) {
    this.logger.error({ err: error }, 'logins:check failed')
  }
}
