/**
 * The upload ledger's states (the publications' states are
 * PUBLICATION_STATUSES of `#shared/uploads`). Keep it free of Node-only
 * imports: the admin reads it too.
 */

/** A task runs until every publication ended; then all succeeded, some did, or none. */
export const UPLOAD_TASK_STATUSES = ['running', 'success', 'partial', 'failure'] as const
export type UploadTaskStatus = (typeof UPLOAD_TASK_STATUSES)[number]

/** Publication states that are not over yet. */
export const OPEN_PUBLICATION_STATUSES = ['requesting', 'scheduled', 'uploading'] as const

/** How the booked time was applied to a platform (see docs/uploads.md 'Ledger and publishing'). */
export const SCHEDULE_MODES = ['immediate', 'platform'] as const
export type ScheduleMode = (typeof SCHEDULE_MODES)[number]
