/**
 * The upload ledger's states (the publications' states are
 * PUBLICATION_STATUSES of `#shared/uploads`). Keep it free of Node-only
 * imports: the admin reads it too.
 */

/** A task runs until every publication ended; then all succeeded, some did, or none. */
const UPLOAD_TASK_STATUSES = ['running', 'success', 'partial', 'failure'] as const
export type UploadTaskStatus = (typeof UPLOAD_TASK_STATUSES)[number]
