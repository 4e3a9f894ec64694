import { Job } from '@rlanz/bull-queue'

interface CreatorImportPayload {
  /** The creator_imports row to run. */
  importId: number
}

/**
 * Runs one Excel import of creators (POST /api/creators/imports) in the
 * background and writes its progress into the creator_imports row. The
 * import is all-or-nothing and a finished row is never run twice, so a retry
 * after a crash is safe; after the last failed attempt the import is marked
 * failed and its uploaded file deleted.
 */
export default class CreatorImportJob extends Job {
  static jobName = 'creators:import'

  static get $$filepath() {
    return import.meta.url
  }

  async handle(payload: CreatorImportPayload): Promise<void> {
    const { default: CreatorImportService } =
      await import('#services/creators/excel/import_service')
    const record = await CreatorImportService.run(payload.importId)
    this.logger.info(
      {
        importId: payload.importId,
        status: record?.status ?? 'missing',
        created: record?.createdCount,
        updated: record?.updatedCount,
        errors: record?.errors.length,
      },
      'creators:import finished'
    )
  }

  async rescue(payload: CreatorImportPayload, error: Error) {
    this.logger.error({ err: error, importId: payload.importId }, 'creators:import failed')
    const { default: CreatorImportService } =
      await import('#services/creators/excel/import_service')
    await CreatorImportService.markInterrupted(payload.importId)
  }
}
