import env from '#start/env'

/** The upload ledger's limits (api/start/env.ts): see docs/uploads.md 'Ledger and publishing'. */
export const UPLOAD_LEDGER = {
  /** The largest file one resumable upload may announce. */
  maxBytes: env.get('UPLOAD_MAX_BYTES') ?? 8 * 1024 ** 3,
  /** An unfinished resumable upload older than this is removed by the sweep. */
  unfinishedTtlMs: 24 * 3600_000,
  /** Attempts per publication, the first included. */
  publishAttempts: env.get('UPLOAD_PUBLISH_ATTEMPTS') ?? 5,
  /** The first retry's wait; doubled per attempt (with jitter), at most maxRetryMs. */
  retryBaseMs: env.get('UPLOAD_RETRY_BASE_MS') ?? 30_000,
  maxRetryMs: 30 * 60_000,
  /** A publication's progress is written to its row at most this often. */
  progressEveryMs: 1_000,
}
