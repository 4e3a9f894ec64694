import { BaseSeeder } from '@adonisjs/lucid/seeders'
import Alert from '#models/alert'
import AlertScanService from '#services/alerts/alert_scan_service'
import { addDays } from '#services/metrics/metric_scope'

/*
|--------------------------------------------------------------------------
| The demo alerts
|--------------------------------------------------------------------------
| Runs the alert scan over the demo history (04_demo_metrics_seeder) and the
| demo accounts' tokens and cookies, so the alert dashboard has the failed
| collections, expiring tokens and follower jumps a fresh install holds.
| Runs once: while there is no alert yet.
*/
export default class DemoAlertsSeeder extends BaseSeeder {
  static environment = ['development', 'production']

  async run() {
    await DemoAlertsSeeder.seed()
  }

  static async seed() {
    if (await Alert.query().first()) return null
    // The last two weeks of follower changes, then today's states.
    const newest = await AlertScanService.latestDay()
    for (let back = 13; back >= 1; back--)
      await AlertScanService.scan({ day: addDays(newest, -back) })
    return AlertScanService.scan({ day: newest })
  }
}
