import { Job } from '@rlanz/bull-queue'

/**
 * Daily at 04:00: open-platform OAuth logins renewed before they lapse, the
 * ones the platform refuses marked "cannot access" (OAuthRefreshService);
 * connects started more than a day ago forgotten. Safe to run twice.
 */
export default class OAuthRefreshJob extends Job {
  static jobName = 'tokens:platform:refresh'

  static get $$filepath() {
    return import.meta.url
  }

  async handle(): Promise<void> {
    const { default: OAuthRefreshService } =
      await import('#services/platform_accounts/oauth_refresh_service')
    const { default: OAuthConnectService } =
      await import('#services/platform_accounts/oauth_connect_service')
    const summary = await OAuthRefreshService.run()
    const connects = await OAuthConnectService.prune()
    this.logger.info({ ...summary, connects }, 'tokens:platform:refresh finished')
  }

  async rescue(_payload: unknown, error: Error) {
    this.logger.error({ err: error }, 'tokens:platform:refresh failed')
  }
}
