import { Job } from '@rlanz/bull-queue'

interface LabsDataExportPayload {
  /** The labs_data_exports row to write. */
  exportId: number
}

/**
 * Writes one Labs data download's workbook (DataExportService.run). The
 * payload is only the row's id: the row is the ledger and its lease keeps a
 * second run of the job from writing it again. After the last failed
 * attempt the download is marked failed.
 */
export default class LabsDataExportJob extends Job {
  static jobName = 'labs:data_export'

  static get $$filepath() {
    return import.meta.url
  }

  async handle(payload: LabsDataExportPayload): Promise<void> {
    const { default: DataExportService } = await import('#services/labs/data_export_service')
    const record = await DataExportService.run(Number(payload.exportId))
    this.logger.info(
      { exportId: payload.exportId, status: record?.status ?? 'missing', rows: record?.rows },
      'labs:data_export finished'
    )
  }

  async rescue(payload: LabsDataExportPayload, error: Error) {
    this.logger.error({ err: error, exportId: payload?.exportId }, 'labs:data_export failed')
    const { default: DataExportService } = await import('#services/labs/data_export_service')
    await DataExportService.fail(Number(payload.exportId), 'failed')
  }
}
