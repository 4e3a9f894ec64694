import type { PlatformAccountRef } from '#platforms/types'
import type { UploadPlatform, UploadPlatformPlan } from '#shared/uploads'

/**
 * The contract of the upload adapters (Bilibili, Xigua, Haokan): what the
 * publishing job asks of a platform. The upload task and its publication
 * rows are the ledger; an adapter only talks to the platform.
 *
 * A publication goes through the adapter in steps. After each step the
 * adapter hands the job a checkpoint (`ctx.checkpoint`), which the job stores
 * on the publication row before the next step, so that a worker that died
 * resumes from the last stored step (`ctx.resume`) instead of starting over.
 * Before the final submit the adapter calls `ctx.checkpoint({ step: 'submitting' … })`;
 * a publication found in that step after a crash is looked up with
 * `findPublished` before anything is sent again.
 */

/** A file the adapter sends: read it as a stream from `path` (never whole into memory). */
export interface UploadFile {
  path: string
  size: number
  /** The name the platform is told (e.g. `video.mp4`). */
  name: string
  mime: string
}

/**
 * What one platform is asked to publish: the form's fields for that
 * platform, already cut to its limits (UploadPlatformPlan), with the files,
 * the account and the time the platform is told.
 */
export interface PublishRequest extends Omit<UploadPlatformPlan, 'platform' | 'schedule'> {
  /** The studio's publication id (for logs and the fake server). */
  publicationId: number
  account: PlatformAccountRef
  video: UploadFile & { durationS: number }
  thumbnail: UploadFile
  /**
   * ISO 8601 publication time when the platform is to publish later (only when
   * it is at least the platform's lead time ahead); null to publish at once.
   */
  scheduledAt: string | null
}

/** What the adapter stores between steps (JSON; e.g. Bilibili's upos_uri, upload_id and parts done). */
export type UploadCheckpoint = { step: string } & Record<string, unknown>

export interface PublishContext {
  /** The checkpoint stored by an earlier attempt, to resume from; null on a first attempt. */
  resume: UploadCheckpoint | null
  /** Store a checkpoint before going on (awaited: the row is written first). */
  checkpoint(state: UploadCheckpoint): Promise<void>
  /** Bytes of the video sent so far (for the progress bar), called as chunks finish. */
  progress(sentBytes: number, totalBytes: number): void
  /** Aborted when the attempt's time limit (5 minutes) passes or the worker stops. */
  signal: AbortSignal
}

/** A publication the platform accepted. */
export interface Published {
  /** The platform's id (Bilibili bvid, Xigua item id, Haokan video id). */
  platformVideoId: string
  url: string | null
  /** True when the platform holds it for `scheduledAt`. */
  scheduled: boolean
}

/** A platform category with its subcategories. */
export interface UploadCategory {
  id: string
  name: string
  children: { id: string; name: string }[]
}

/** An event (Bilibili activity, Xigua event with its prize) or a Haokan topic. */
export interface UploadEvent {
  id: string
  name: string
  /** Xigua: the prize text; others null. */
  prize?: string | null
  /** Xigua: whether the creator has joined; others null. */
  joined?: boolean | null
  /** ISO dates the event runs, when the platform says. */
  startsAt?: string | null
  endsAt?: string | null
}

/** The result of checking an account's stored login before an upload. */
export type LoginCheck =
  | { ok: true; name?: string | null }
  | { ok: false; reason: 'missing' | 'expired' | 'unreachable'; message?: string }

export interface UploadAdapter {
  readonly platform: UploadPlatform
  /** 'bilibili', 'xigua', 'haokan' for the live adapters (against a configurable base URL). */
  readonly name: string
  /** Whether the stored token/cookie still signs in (a cheap call, no upload). */
  checkLogin(account: PlatformAccountRef): Promise<LoginCheck>
  categories(account: PlatformAccountRef | null): Promise<UploadCategory[]>
  /** Bilibili activities / Xigua events; Haokan answers its topics matching `keyword`. */
  events(account: PlatformAccountRef | null, options?: { keyword?: string }): Promise<UploadEvent[]>
  /**
   * Tag suggestions for `keyword` (and the subcategory, where the platform
   * suggests by it); platforms without suggestions leave it out.
   */
  tags?(
    account: PlatformAccountRef | null,
    options: { keyword: string; category?: string | null }
  ): Promise<string[]>
  /** Sends the files and submits the publication. Throws UploadError. */
  publish(request: PublishRequest, ctx: PublishContext): Promise<Published>
  /**
   * Looks the publication up in the account's own listing on the platform
   * (title and a submit time at or after `after`): the answer to "did the
   * submit whose reply was lost go through?". Null when it is not there.
   */
  findPublished(
    account: PlatformAccountRef,
    options: { title: string; after: string }
  ): Promise<Published | null>
}

type UploadErrorCode =
  /** The token/cookie no longer signs in: the user must fix it on the creator's edit tab. */
  | 'auth_expired'
  /** Too many requests (Bilibili 21070 …): retry after `retryAfterMs`. */
  | 'rate_limited'
  /** The platform refused the video (bad category, duplicate, title rules …): never retried. */
  | 'rejected'
  /** Connection failed or dropped before the request was surely received. */
  | 'network'
  /** The attempt ran out of time (5 minutes) or was stopped. */
  | 'timeout'
  /** The platform answered 5xx or a shape the adapter does not know. */
  | 'upstream'

/**
 * Every failure an upload adapter reports. `retryable` says whether another
 * attempt is safe; `outcomeUnknown` is set when the submit itself may have
 * gone through (the reply was lost): the job then asks `findPublished`
 * before any retry.
 */
export class UploadError extends Error {
  constructor(
    readonly platform: UploadPlatform,
    readonly code: UploadErrorCode,
    message: string,
    readonly options: {
      retryable?: boolean
      outcomeUnknown?: boolean
      retryAfterMs?: number
      upstreamCode?: string | number
    } = {}
  ) {
    super(message)
    this.name = 'UploadError'
  }

  get retryable() {
    return (
      this.options.retryable ??
      ['rate_limited', 'network', 'timeout', 'upstream'].includes(this.code)
    )
  }

  get outcomeUnknown() {
    return this.options.outcomeUnknown ?? false
  }
}
