import { Job } from '@rlanz/bull-queue'

interface UploadPublishPayload {
  publicationId: number
}

/**
 * Publishes one platform's part of an upload (PublicationRunner). The
 * payload is only the publication's id: the row is the ledger, so a job run
 * twice runs the publication once (its lease), and a lost job is taken by
 * the upload sweep. The job never fails by itself: a failed attempt is
 * written to the row and queued again from there.
 */
export default class UploadPublishJob extends Job {
  static jobName = 'uploads:publish'

  static get $$filepath() {
    return import.meta.url
  }

  async handle(payload: UploadPublishPayload): Promise<void> {
    const { default: PublicationRunner } = await import('#services/uploads/publication_runner')
    const outcome = await PublicationRunner.run(Number(payload.publicationId))
    this.logger.info({ publicationId: payload.publicationId, outcome }, 'uploads:publish finished')
  }

  async rescue(payload: UploadPublishPayload, error: Error) {
    this.logger.error(
      { err: error, publicationId: payload?.publicationId },
      'uploads:publish failed; the upload sweep takes the publication'
    )
  }
}
