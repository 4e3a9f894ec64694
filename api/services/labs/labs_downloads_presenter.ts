import type LabsDataExport from '#models/labs_data_export'
import type LabsVideoDownload from '#models/labs_video_download'
import { downloaderSettings } from '#services/labs/video_download_runner'

/** Translates a full key of resources/lang/<locale>/labs.json (`labs.…`). */
type Translate = (key: string, data?: Record<string, unknown>) => string

/** A data download as the screen follows it: progress, and the failure in the reader's language. */
export function presentDataExport(record: LabsDataExport, t: Translate) {
  const percent =
    record.status === 'completed'
      ? 100
      : record.total
        ? Math.min(99, Math.floor((record.processed / record.total) * 100))
        : 0
  return {
    id: record.id,
    status: record.status,
    granularity: record.granularity,
    start: record.startDate,
    end: record.endDate,
    fields: record.fields,
    total: record.total,
    processed: record.processed,
    rows: record.rows,
    percent,
    file_bytes: record.fileBytes,
    error: record.error,
    message: record.error ? t(`labs.data.errors.${record.error}`) : null,
    created_at: record.createdAt.toISO(),
    finished_at: record.finishedAt?.toISO() ?? null,
  }
}

/** A video download of the list: progress in per cent, bytes, the failure in the reader's language. */
export function presentVideoDownload(
  record: LabsVideoDownload,
  t: Translate,
  viewer: { id: number; role: string }
) {
  return {
    id: record.id,
    video_id: record.videoId,
    link: record.link,
    status: record.status,
    percent: record.status === 'completed' ? 100 : Math.round(record.progress) / 10,
    bytes: record.bytes,
    total_bytes: record.totalBytes,
    file_name: record.fileName,
    error: record.error,
    message: record.error
      ? t(`labs.video.errors.${record.error}`, {
          max_mb: Math.round(downloaderSettings().maxBytes / 1024 / 1024),
        })
      : null,
    error_detail: record.errorDetail,
    requested_by: record.user?.name ?? null,
    may_delete: viewer.role === 'admin' || viewer.id === record.userId,
    created_at: record.createdAt.toISO(),
    finished_at: record.finishedAt?.toISO() ?? null,
  }
}
