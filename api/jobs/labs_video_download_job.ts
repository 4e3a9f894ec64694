import { Job } from '@rlanz/bull-queue'

interface LabsVideoDownloadPayload {
  /** The labs_video_downloads row to run. */
  downloadId: number
}

/**
 * Runs one Labs YouTube download (VideoDownloadRunner). The payload is only
 * the row's id: the row is the ledger, its lease keeps a second run of the
 * job from downloading again, and every failure is written to the row (the
 * job is queued with one attempt: asking again is the person's choice).
 */
export default class LabsVideoDownloadJob extends Job {
  static jobName = 'labs:video_download'

  static get $$filepath() {
    return import.meta.url
  }

  async handle(payload: LabsVideoDownloadPayload): Promise<void> {
    const { default: VideoDownloadRunner } = await import('#services/labs/video_download_runner')
    const record = await VideoDownloadRunner.run(Number(payload.downloadId))
    this.logger.info(
      {
        downloadId: payload.downloadId,
        status: record?.status ?? 'missing',
        error: record?.error ?? undefined,
      },
      'labs:video_download finished'
    )
  }

  async rescue(payload: LabsVideoDownloadPayload, error: Error) {
    this.logger.error({ err: error, downloadId: payload?.downloadId }, 'labs:video_download failed')
    const { default: VideoDownloadService } = await import('#services/labs/video_download_service')
    await VideoDownloadService.fail(Number(payload.downloadId), 'failed')
  }
}
