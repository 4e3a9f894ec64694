import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Simulated mode (PLATFORM_ADAPTERS=simulated, the demo): the web server
 * starts the fake platform server in its own process at boot, so the
 * Upload Station's adapters have Bilibili, Xigua and Haokan to talk to on
 * a fresh machine; it stops with the app. Other processes (a queue worker,
 * the tests) start it on first use.
 */
export default class FakePlatformsProvider {
  constructor(protected app: ApplicationService) {}

  async ready() {
    if (this.app.getEnvironment() !== 'web') return
    const { default: config } = await import('#config/upload_platforms')
    if (config.mode !== 'simulated') return
    const { FakePlatforms } = await import('#platforms/upload/fake_platforms')
    const { default: logger } = await import('@adonisjs/core/services/logger')
    try {
      const server = await FakePlatforms.shared()
      logger.info('fake upload platforms (Bilibili, Xigua, Haokan) at %s', server.url)
    } catch (error) {
      // the station's calls start it again on first use (and report the failure there)
      logger.warn({ err: error }, 'the fake upload platforms could not start')
    }
  }

  async shutdown() {
    const { FakePlatforms } = await import('#platforms/upload/fake_platforms')
    await FakePlatforms.stop()
  }
}
