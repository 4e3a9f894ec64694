import { Job } from '@rlanz/bull-queue'

/**
 * Every minute: publications whose job was lost or whose worker died are
 * run, and unfinished transfers older than a day removed (UploadSweep).
 */
export default class UploadSweepJob extends Job {
  static jobName = 'uploads:sweep'

  static get $$filepath() {
    return import.meta.url
  }

  async handle(): Promise<void> {
    const { default: UploadSweep } = await import('#services/uploads/upload_sweep')
    await UploadSweep.run()
  }

  async rescue(_payload: unknown, error: Error) {
    this.logger.error({ err: error }, 'uploads:sweep failed')
  }
}
