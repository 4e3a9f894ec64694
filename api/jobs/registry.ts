import type { Job } from '@rlanz/bull-queue'
import CleanupTokensJob from '#jobs/cleanup_tokens_job'
import CreatorImportJob from '#jobs/creator_import_job'
import MetricsCollectJob from '#jobs/metrics_collect_job'
import AlertScanJob from '#jobs/alert_scan_job'
import GrowthMeasureJob from '#jobs/growth_measure_job'
import GrowthSweepJob from '#jobs/growth_sweep_job'
import GrowthDiscoverJob from '#jobs/growth_discover_job'
import UploadPublishJob from '#jobs/upload_publish_job'
import UploadSweepJob from '#jobs/upload_sweep_job'
import OAuthRefreshJob from '#jobs/oauth_refresh_job'
import LoginsCheckJob from '#jobs/logins_check_job'
import OutsideCrawlSweepJob from '#jobs/outside_crawl_sweep_job'
import LabsDataExportJob from '#jobs/labs_data_export_job'
import LabsVideoDownloadJob from '#jobs/labs_video_download_job'
import studioConfig from '#config/studio'
import { GROWTH_SWEEP_CRON } from '#shared/growth'

/**
 * Every job class by its stable name. Both queue drivers look jobs up here,
 * so a job queued before a deploy (or from another checkout path) is still
 * found; later issues add their jobs to this list.
 */
export interface StudioJobClass {
  jobName: string
  new (...args: any[]): Job & {
    handle(payload: any): Promise<unknown>
    rescue?(payload: any, error: Error): Promise<unknown>
  }
}

export const JOBS: StudioJobClass[] = [
  CleanupTokensJob,
  CreatorImportJob,
  MetricsCollectJob,
  AlertScanJob,
  GrowthMeasureJob,
  GrowthSweepJob,
  GrowthDiscoverJob,
  UploadPublishJob,
  UploadSweepJob,
  LoginsCheckJob,
  OAuthRefreshJob,
  OutsideCrawlSweepJob,
  LabsDataExportJob,
  LabsVideoDownloadJob,
]

/**
 * Repeatable jobs; registered once (upserted by key) when a worker starts.
 * Cron rules are read in the studio's time zone (APP_TIMEZONE, config/studio.ts).
 */
export const SCHEDULES: { key: string; job: StudioJobClass; cron: string; payload: unknown }[] = [
  { key: 'tokens:cleanup:daily', job: CleanupTokensJob, cron: '30 3 * * *', payload: {} },
  // Before the collection: every stored login checked; the refused ones are skipped at 13:00
  { key: 'logins:check:daily', job: LoginsCheckJob, cron: '30 12 * * *', payload: {} },
  // SPEC §9: every day at 13:00, yesterday's values of every active account
  { key: 'metrics:collect:daily', job: MetricsCollectJob, cron: '0 13 * * *', payload: {} },
  // Half an hour later: alerts from the fresh snapshots and the accounts' states
  { key: 'alerts:scan:daily', job: AlertScanJob, cron: '30 13 * * *', payload: {} },
  // growth-hacking windows the queue lost are taken as soon as possible (late, real age)
  { key: 'videos:growth:sweep', job: GrowthSweepJob, cron: GROWTH_SWEEP_CRON, payload: {} },
  // uploads after the daily collection: first seen within the hour, in time for their 6 h window
  {
    key: 'videos:growth:discover',
    job: GrowthDiscoverJob,
    cron: studioConfig.growthDiscoveryCron,
    payload: {},
  },
  // publications whose job was lost or whose worker died, and day-old unfinished transfers
  { key: 'uploads:sweep', job: UploadSweepJob, cron: '* * * * *', payload: {} },
  // open-platform OAuth logins renewed before they lapse, the refused ones marked (issue 28 §2)
  { key: 'tokens:platform:refresh', job: OAuthRefreshJob, cron: '0 4 * * *', payload: {} },
  // outside crawl tasks and videos by link that are due, or left by a killed worker (issue 29)
  { key: 'outside:crawl:sweep', job: OutsideCrawlSweepJob, cron: '* * * * *', payload: {} },
]

export function findJob(name: string) {
  return JOBS.find((job) => job.jobName === name)
}
