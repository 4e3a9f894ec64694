import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import db from '@adonisjs/lucid/services/db'
import { LockTimeoutError, withDatabaseLock } from '#support/database_lock'

/**
 * Brings the database up to date: runs pending migrations, the reference
 * data and, unless --no-demo, the demo agency (only while none exists), its
 * creators (only while there are none), their metrics history (only while
 * there are no snapshots) and the other areas' demo records (each only while
 * its area is empty).
 * `npm start` runs it before serving.
 *
 * Two runs on one database (two instances started at once, a release job
 * retried) take turns: the second waits for the first (at most --wait
 * seconds), then finds nothing left to do.
 */
export default class StudioPrepare extends BaseCommand {
  static commandName = 'studio:prepare'
  static description = 'Migrate the database and seed reference and demo data (idempotent)'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Seed the demo agency when the database has none', default: true })
  declare demo: boolean

  @flags.number({
    description: 'Seconds to wait for another studio:prepare on the same database',
    default: 900,
  })
  declare wait: number

  async run() {
    const wait = {
      waitMs: Math.max(0, this.wait) * 1000,
      onWait: () =>
        this.logger.info(
          'Another studio:prepare is working on this database: waiting for it to finish'
        ),
    }
    try {
      await withDatabaseLock('studio_prepare', wait, () => this.migrateAndSeed())
    } catch (error) {
      if (!(error instanceof LockTimeoutError)) throw error
      this.logger.error(
        `Another studio:prepare held the database for ${Math.round(error.waitedMs / 1000)} s; stopped waiting (--wait)`
      )
      this.exitCode = 1
    }
  }

  /**
   * One demo step in one transaction (the steps' own transactions nest in
   * it): a run stopped half-way, by Ctrl+C or a kill, leaves nothing of the
   * step, so the next start does it again instead of finding it begun and
   * passing it by with part of the history.
   */
  private async atomically<T>(step: () => Promise<T>): Promise<T> {
    await db.beginGlobalTransaction()
    try {
      const result = await step()
      await db.commitGlobalTransaction()
      return result
    } catch (error) {
      await db.rollbackGlobalTransaction()
      throw error
    }
  }

  private async migrateAndSeed() {
    const migrate = await this.kernel.exec('migration:run', ['--force'])
    if (migrate.exitCode) {
      this.exitCode = migrate.exitCode
      return
    }
    const { default: ReferenceSeeder } = await import('#database/seeders/01_reference_seeder')
    await ReferenceSeeder.seed()
    if (this.demo) {
      const { default: DemoSeeder } = await import('#database/seeders/02_demo_seeder')
      const created = await this.atomically(() => DemoSeeder.seed())
      if (created) this.logger.success('Seeded the demo agency')
      const { default: DemoCreatorsSeeder } =
        await import('#database/seeders/03_demo_creators_seeder')
      if (await this.atomically(() => DemoCreatorsSeeder.seed()))
        this.logger.success('Seeded the demo creators')
      const { default: DemoMetricsSeeder, DEMO_METRIC_DAYS } =
        await import('#database/seeders/04_demo_metrics_seeder')
      const started = Date.now()
      const snapshots = await this.atomically(() => DemoMetricsSeeder.seed())
      if (snapshots) {
        const seconds = ((Date.now() - started) / 1000).toFixed(1)
        this.logger.success(
          `Seeded ${DEMO_METRIC_DAYS} days of demo metrics (${snapshots} snapshots, ${seconds} s)`
        )
      }
      const videos = await this.atomically(() => DemoMetricsSeeder.seedVideos())
      if (videos) {
        this.logger.success(
          `Seeded the demo videos (${videos.videos} videos, ${videos.snapshots} snapshots, ${(videos.durationMs / 1000).toFixed(1)} s)`
        )
      }
      const growth = await this.atomically(() => DemoMetricsSeeder.seedGrowth())
      if (growth) {
        this.logger.success(
          `Seeded the demo videos' growth windows (${growth.taken} taken, ${growth.missed} missed, ${growth.pending} pending)`
        )
      }
      const { default: DemoBoardSeeder } = await import('#database/seeders/05_demo_board_seeder')
      if (await this.atomically(() => DemoBoardSeeder.seed()))
        this.logger.success('Seeded the demo board')
      const { default: DemoAlertsSeeder } = await import('#database/seeders/06_demo_alerts_seeder')
      const alerts = await this.atomically(() => DemoAlertsSeeder.seed())
      if (alerts)
        this.logger.success(
          `Scanned the demo history for alerts (${alerts.found} conditions today)`
        )
      const { default: DemoMarketSeeder } = await import('#database/seeders/07_demo_market_seeder')
      if (await this.atomically(() => DemoMarketSeeder.seed()))
        this.logger.success('Seeded the demo deals and sales')
      const { default: DemoLettersSeeder } =
        await import('#database/seeders/08_demo_letters_seeder')
      if (await this.atomically(() => DemoLettersSeeder.seed()))
        this.logger.success('Seeded the demo letters')
      const { default: DemoSettlementSeeder } =
        await import('#database/seeders/09_demo_settlement_seeder')
      if (await this.atomically(() => DemoSettlementSeeder.seed()))
        this.logger.success('Seeded the demo revenue, exchange rates and settlements')
      const { default: DemoUploadsSeeder } =
        await import('#database/seeders/10_demo_uploads_seeder')
      const uploads = await this.atomically(() => DemoUploadsSeeder.seed())
      if (uploads) this.logger.success(`Seeded the demo upload history (${uploads} uploads)`)
    }
  }
}
