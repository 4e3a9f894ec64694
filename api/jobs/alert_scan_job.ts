import { Job } from '@rlanz/bull-queue'

interface AlertScanPayload {
  /** The snapshot day to read growth and loss from (default: the newest). */
  day?: string
}

/**
 * The daily alert scan (13:30, after the 13:00 collection): tokens, cookies,
 * failed collections and follower changes (AlertScanService).
 */
export default class AlertScanJob extends Job {
  static jobName = 'alerts:scan'

  static get $$filepath() {
    return import.meta.url
  }

  async handle(payload: AlertScanPayload = {}): Promise<void> {
    const { default: AlertScanService } = await import('#services/alerts/alert_scan_service')
    const result = await AlertScanService.scan({ day: payload.day })
    this.logger.info(result, 'alerts:scan finished')
  }

  async rescue(_payload: AlertScanPayload, error: Error) {
    this.logger.error({ err: error }, 'alerts:scan failed')
  }
}
