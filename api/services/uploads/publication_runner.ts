import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import logger from '@adonisjs/core/services/logger'
import UploadPublication from '#models/upload_publication'
import UploadTask from '#models/upload_task'
import CreatorPlatformAccount from '#models/creator_platform_account'
import type { PlatformAccountRef } from '#platforms/types'
import {
  UploadError,
  type PublishContext,
  type PublishRequest,
  type Published,
  type UploadAdapter,
  type UploadCheckpoint,
} from '#platforms/upload/types'
import {
  PUBLISH_ATTEMPT_LIMIT_MS,
  SCHEDULE_LEAD_HOURS,
  TITLE_MAX,
  cutText,
  type UploadPlatformPlan,
} from '#shared/uploads'
import uploads from '#platforms/upload/main'
import UploadFinisher from '#services/uploads/upload_finisher'
import Transfers from '#services/uploads/transfers'
import { UPLOAD_LEDGER } from '#services/uploads/transfer_limits'
import { LEASE_OWNER, claimLease, leaseLapsed } from '#support/lease'
import { affectedRows, sqlDateTime } from '#support/sql'

/** Why an attempt was stopped when its process shuts down. */
class WorkerStopping extends Error {
  constructor() {
    super('worker stopping')
  }
}

/** What one run of a publication came to. */
type RunOutcome = 'skipped' | 'success' | 'retry' | 'failure'

/** The task's form as stored: the submission and each platform's plan (checkUpload's). */
interface StoredForm {
  plans?: UploadPlatformPlan[]
}

/** `text` cut to `max` code points (for stored error messages). */
function cut(text: string, max: number) {
  const chars = [...text]
  return chars.length > max ? chars.slice(0, max).join('') : text
}

/**
 * The wait before attempt `attempt + 1`: the base doubled per attempt, with
 * jitter (half to all of it), at most maxRetryMs; never shorter than the
 * platform's own Retry-After.
 */
export function backoffMs(attempt: number, retryAfterMs = 0, random = Math.random) {
  const exponential = Math.min(
    UPLOAD_LEDGER.retryBaseMs * 2 ** Math.max(attempt - 1, 0),
    UPLOAD_LEDGER.maxRetryMs
  )
  return Math.max(Math.round(exponential * (0.5 + random() * 0.5)), retryAfterMs)
}

/**
 * Runs one publication of the ledger (docs/uploads.md 'Ledger and
 * publishing'): takes its lease with one conditional UPDATE (a row another
 * live worker holds is skipped), asks the platform's listing first when an
 * earlier submit may have gone through, publishes through the adapter with
 * the stored checkpoint, and records the platform's id in the same UPDATE
 * that marks the success. A retryable failure waits with backoff (a delayed
 * job, and the sweep as the safety net); any other failure, or the last
 * attempt, ends the publication. When the task's last publication ends, the
 * task is finished (UploadFinisher).
 */
export default class PublicationRunner {
  /** The attempts in hand in this process, stopped together by stopAll(). */
  static #running = new Set<AbortController>()

  /**
   * Stops every attempt in hand (the process is shutting down): each
   * publication goes back to waiting, due now, with its last checkpoint, so
   * the next worker goes on from that step instead of the shutdown waiting
   * up to the attempt's time limit.
   */
  static stopAll() {
    for (const controller of this.#running) controller.abort(new WorkerStopping())
  }

  static async run(
    publicationId: number,
    options: { now?: DateTime; signal?: AbortSignal } = {}
  ): Promise<RunOutcome> {
    const now = options.now ?? DateTime.utc()
    const claimed = await this.#claim(publicationId, now)
    if (!claimed) return 'skipped'
    const { publication, lease } = claimed

    const controller = new AbortController()
    this.#running.add(controller)
    const limit = setTimeout(
      () => controller.abort(new Error('attempt time limit')),
      PUBLISH_ATTEMPT_LIMIT_MS
    )
    const stop = () => controller.abort(new WorkerStopping())
    options.signal?.addEventListener('abort', stop, { once: true })
    lease.onLost(() => controller.abort(new Error('lease lost')))
    try {
      return await this.#attempt(publication, now, controller.signal)
    } finally {
      clearTimeout(limit)
      this.#running.delete(controller)
      lease.stop()
      options.signal?.removeEventListener('abort', stop)
    }
  }

  /**
   * The lease: a waiting row that is due, or a row `uploading` whose lease
   * expired or whose owner process is gone, becomes this worker's in one
   * conditional UPDATE; answers the row, or null when another worker has it,
   * it is not due, or it is over.
   */
  static async #claim(id: number, now: DateTime) {
    const row = await UploadPublication.find(id)
    if (!row) return null
    let where: (query: DatabaseQueryBuilderContract) => void
    if (row.status === 'requesting' || row.status === 'scheduled') {
      where = (query) =>
        query
          .whereIn('status', ['requesting', 'scheduled'])
          .where('next_attempt_at', '<=', sqlDateTime(now))
    } else if (row.status === 'uploading') {
      const lapsed = leaseLapsed(
        { owner: row.leaseOwner, expiresAt: row.leaseExpiresAt },
        'upload_publications',
        now
      )
      if (!lapsed) return null
      // taken from the owner it had: another worker taking it first changed that
      where = (query) => {
        query.where('status', 'uploading')
        if (row.leaseOwner) query.where('lease_owner', row.leaseOwner)
        else query.whereNull('lease_owner')
      }
    } else {
      return null
    }
    const lease = await claimLease('upload_publications', id, {
      where,
      now,
      set: {
        status: 'uploading',
        attempts: db.knexRawQuery('attempts + 1'),
        started_at: sqlDateTime(row.startedAt ?? now),
        updated_at: sqlDateTime(),
      },
    })
    if (!lease) return null
    await row.refresh()
    return { publication: row, lease }
  }

  static async #attempt(publication: UploadPublication, now: DateTime, signal: AbortSignal) {
    const task = await UploadTask.findOrFail(publication.taskId)
    const account = publication.accountId
      ? await CreatorPlatformAccount.find(publication.accountId)
      : null
    if (!account) {
      return this.#fail(publication, 'rejected', 'The creator has no account on this platform')
    }
    const ref: PlatformAccountRef = {
      id: account.id,
      creatorId: account.creatorId,
      platform: account.platform,
      uid: account.uid,
      token: account.getToken(),
      cookie: account.getCookie(),
      connected: Boolean(account.tokenEncrypted || account.cookieEncrypted),
    }
    let adapter: UploadAdapter
    try {
      adapter = uploads.use(publication.platform)
    } catch (error) {
      return this.#failed(publication, error, now)
    }
    const request = await this.#request(task, publication, ref, now)

    try {
      // a submit whose answer was lost: the platform's own listing says whether it went through
      if (publication.checkpoint?.step === 'submitting') {
        const after = publication.submittedAt ?? publication.startedAt ?? task.createdAt
        const found = await adapter.findPublished(ref, {
          title: request.title,
          after: after.toUTC().toISO()!,
        })
        if (found) return await this.#succeed(publication, task, found, request)
      }
      const published = await adapter.publish(request, this.#context(publication, signal))
      return await this.#succeed(publication, task, published, request)
    } catch (error) {
      const reason = signal.aborted ? signal.reason : null
      if (reason instanceof WorkerStopping) return this.#release(publication)
      if (reason && !(error instanceof UploadError)) {
        return this.#failed(
          publication,
          new UploadError(publication.platform, 'timeout', String(reason?.message ?? reason)),
          now
        )
      }
      return this.#failed(publication, error, now)
    }
  }

  /**
   * What the platform is asked: its plan as checkUpload made it when the
   * upload was submitted (values cut to its limits), the files, and the
   * booked time — sent only while it is still the platform's lead time
   * ahead; a publication that runs later than that is published at once.
   */
  static async #request(
    task: UploadTask,
    publication: UploadPublication,
    account: PlatformAccountRef,
    now: DateTime
  ): Promise<PublishRequest> {
    const platform = publication.platform
    const plan = (task.form as StoredForm).plans?.find((entry) => entry.platform === platform)
    const video = await Transfers.info(task.videoKey.split('/').pop()!)
    const thumbnail = await Transfers.info(task.thumbnailKey.split('/').pop()!)
    const booked = publication.platformScheduledAt
    const scheduledAt =
      booked && booked.diff(now, 'hours').hours >= SCHEDULE_LEAD_HOURS[platform]
        ? booked.toUTC().toISO()
        : null
    return {
      publicationId: publication.id,
      account,
      video: {
        path: video?.path ?? Transfers.pathOf(task.videoKey),
        size: task.videoSize,
        name: video?.metadata.filename ?? 'video.mp4',
        mime: task.videoMime,
        durationS: task.videoDurationS ?? 0,
      },
      thumbnail: {
        path: thumbnail?.path ?? Transfers.pathOf(task.thumbnailKey),
        size: task.thumbnailSize,
        name: thumbnail?.metadata.filename ?? 'thumbnail',
        mime: task.thumbnailMime,
      },
      title: plan?.title ?? cutText(task.title, TITLE_MAX[platform]).text,
      detail: plan?.detail ?? '',
      category: plan?.category ?? null,
      subcategory: plan?.subcategory ?? null,
      tags: plan?.tags ?? [],
      eventTag: plan?.eventTag ?? null,
      topic: plan?.topic ?? null,
      share: plan?.share ?? false,
      advert: plan?.advert ?? false,
      original: plan?.original ?? false,
      subscribeAtS: plan?.subscribeAtS ?? null,
      scheduledAt,
    }
  }

  /** The adapter's context: checkpoints written before it goes on, throttled progress, the time limit. */
  static #context(publication: UploadPublication, signal: AbortSignal): PublishContext {
    let lastProgress = 0
    return {
      resume: publication.checkpoint,
      signal,
      checkpoint: async (state: UploadCheckpoint) => {
        const stamp = sqlDateTime()
        const written = affectedRows(
          await db
            .from('upload_publications')
            .where('id', publication.id)
            .where('lease_owner', LEASE_OWNER)
            .update({
              checkpoint: JSON.stringify(state),
              ...(state.step === 'submitting'
                ? { submitted_at: db.knexRawQuery('COALESCE(submitted_at, ?)', [stamp]) }
                : {}),
              updated_at: stamp,
            })
        )
        if (!written) {
          throw new UploadError(publication.platform, 'timeout', 'Another worker took this upload')
        }
      },
      progress: (sentBytes: number, totalBytes: number) => {
        const at = Date.now()
        if (at - lastProgress < UPLOAD_LEDGER.progressEveryMs && sentBytes < totalBytes) return
        lastProgress = at
        db.from('upload_publications')
          .where('id', publication.id)
          .where('lease_owner', LEASE_OWNER)
          .update({ sent_bytes: sentBytes, total_bytes: totalBytes })
          .catch((error) => logger.warn({ err: error }, 'upload progress not written'))
      },
    }
  }

  /** Records the platform's id and link and marks the success, in one UPDATE. */
  static async #succeed(
    publication: UploadPublication,
    task: UploadTask,
    published: Published,
    request: PublishRequest
  ): Promise<RunOutcome> {
    const stamp = sqlDateTime()
    await db
      .from('upload_publications')
      .where('id', publication.id)
      .whereNotIn('status', ['success', 'failure'])
      .update({
        platform_video_id: published.platformVideoId,
        url: published.url,
        scheduled: published.scheduled,
        status: 'success',
        // a success was submitted: when no submit checkpoint said so (a resumed attempt
        // whose adapter went straight to the answer), no later than now
        submitted_at: db.knexRawQuery('COALESCE(submitted_at, ?)', [stamp]),
        sent_bytes: task.videoSize,
        total_bytes: task.videoSize,
        error_code: null,
        error_message: null,
        lease_owner: null,
        lease_expires_at: null,
        finished_at: stamp,
        updated_at: stamp,
      })
    await UploadFinisher.published(publication.id, published, request).catch((error) =>
      logger.error({ err: error, publicationId: publication.id }, 'published video not recorded')
    )
    await UploadFinisher.finishTask(task.id)
    return 'success'
  }

  /** Hands a publication back, due now, when this worker stops in the middle of it. */
  static async #release(publication: UploadPublication): Promise<RunOutcome> {
    await db
      .from('upload_publications')
      .where('id', publication.id)
      .where('lease_owner', LEASE_OWNER)
      .update({
        status: 'requesting',
        next_attempt_at: sqlDateTime(),
        error_code: 'timeout',
        error_message: 'The worker stopped; the upload goes on from its last step',
        lease_owner: null,
        lease_expires_at: null,
        updated_at: sqlDateTime(),
      })
    await UploadFinisher.queue(publication.id)
    return 'retry'
  }

  /** A failed attempt: another one later when it is safe and attempts are left, else the end. */
  static async #failed(
    publication: UploadPublication,
    error: unknown,
    now: DateTime
  ): Promise<RunOutcome> {
    const failure =
      error instanceof UploadError
        ? error
        : new UploadError(
            publication.platform,
            'upstream',
            error instanceof Error ? error.message : String(error)
          )
    const stored = await UploadPublication.find(publication.id)
    const attempts = stored?.attempts ?? publication.attempts
    const unknown: Record<string, unknown> = {}
    if (failure.outcomeUnknown) {
      // the submit may have gone through: the next attempt asks the platform's listing first
      unknown.checkpoint = JSON.stringify({ ...(stored?.checkpoint ?? {}), step: 'submitting' })
      unknown.submitted_at = db.knexRawQuery('COALESCE(submitted_at, ?)', [sqlDateTime(now)])
    }
    if (failure.retryable && attempts < UPLOAD_LEDGER.publishAttempts) {
      const wait = backoffMs(attempts, failure.options.retryAfterMs)
      await db
        .from('upload_publications')
        .where('id', publication.id)
        .where('lease_owner', LEASE_OWNER)
        .update({
          ...unknown,
          status: 'requesting',
          next_attempt_at: sqlDateTime(now.plus({ milliseconds: wait })),
          error_code: failure.code,
          error_message: cut(failure.message, 500),
          lease_owner: null,
          lease_expires_at: null,
          updated_at: sqlDateTime(),
        })
      await UploadFinisher.queue(publication.id, wait)
      logger.warn(
        { publicationId: publication.id, code: failure.code, attempts, waitMs: wait },
        'upload attempt failed; retried later'
      )
      return 'retry'
    }
    return this.#fail(publication, failure.code, failure.message, unknown)
  }

  static async #fail(
    publication: UploadPublication,
    code: string,
    message: string,
    extra: Record<string, unknown> = {}
  ): Promise<RunOutcome> {
    const stamp = sqlDateTime()
    await db
      .from('upload_publications')
      .where('id', publication.id)
      .where('lease_owner', LEASE_OWNER)
      .update({
        ...extra,
        status: 'failure',
        error_code: code,
        error_message: cut(message, 500),
        lease_owner: null,
        lease_expires_at: null,
        finished_at: stamp,
        updated_at: stamp,
      })
    await UploadFinisher.finishTask(publication.taskId)
    return 'failure'
  }
}
