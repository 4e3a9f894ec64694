import type { PlatformAccountRef } from '#platforms/types'
import type { UploadPlatform } from '#shared/uploads'
import {
  UploadError,
  type LoginCheck,
  type PublishContext,
  type PublishRequest,
  type Published,
  type UploadAdapter,
  type UploadCategory,
  type UploadEvent,
} from '#platforms/upload/types'
import {
  UploadHttp,
  categoriesOf,
  envelopeData,
  failedLoginCheck,
  objectOf,
  resolveBase,
  stringOf,
  type BaseUrl,
  type CallOptions,
  type EnvelopeRules,
} from '#platforms/upload/http'
import {
  checkpointer,
  readThumbnail,
  resumableUpload,
  type StoredUpload,
} from '#platforms/upload/steps'
import { cookieHeader } from '#shared/cookies'

/*
|--------------------------------------------------------------------------
| An upload adapter of a JSON-envelope protocol (Xigua, Haokan)
|--------------------------------------------------------------------------
|
| Xigua and Haokan answer `{<code>, <message>, data}` and sign in with a
| token in a header or, without one, the cookie. What they share lives
| here: the login headers, the login check, the categories, a GET's
| `data`, and a publish session (the host, the stored upload to continue,
| checkpoints, calls whose codes become UploadErrors, the thumbnail sent as
| bytes). Each adapter states its protocol (EnvelopeProtocol) and its
| upload, submit and listing calls.
|
*/

export interface EnvelopeAdapterOptions {
  /** The platform's upload host (XIGUA_UPLOAD_BASE, HAOKAN_UPLOAD_BASE). */
  baseUrl: BaseUrl
  timeoutMs?: number
  /** A stored upload older than this starts over (default a day). */
  resumeWithinMs?: number
  now?: () => number
}

/** What an adapter of a JSON-envelope protocol states about it. */
export interface EnvelopeProtocol {
  platform: UploadPlatform
  /** The platform's name in messages ("Xigua"). */
  label: string
  rules: EnvelopeRules
  /** The headers carrying the account's token (the cookie is sent when it has none). */
  tokenHeaders: (token: string) => Record<string, string>
  /** The error's message when the account has neither. */
  noLogin: string
  /** The login check's signed-in call, and the field of its `data` naming the account. */
  login: { path: string; step: string; name: string }
  /** The categories' call (`data.list` of `{id, name, children}`). */
  categories: string
}

/** One publish attempt's host, stored upload and calls. */
export interface EnvelopeSession<State extends StoredUpload> {
  base: string
  size: number
  /** The stored upload to continue, or null (start over). */
  resume: State | null
  save: (step: string, state: State) => Promise<void>
  /** A call to the platform's host with the account's login; answers `data`. */
  call: (path: string, step: string, options: CallOptions, submit?: boolean) => Promise<unknown>
}

export abstract class EnvelopeUploadAdapter implements UploadAdapter {
  readonly platform: UploadPlatform
  readonly name: string

  protected readonly http: UploadHttp
  protected readonly now: () => number
  readonly #protocol: EnvelopeProtocol
  readonly #base: BaseUrl
  readonly #resumeWithinMs: number

  constructor(protocol: EnvelopeProtocol, options: EnvelopeAdapterOptions) {
    this.platform = protocol.platform
    this.name = protocol.platform
    this.#protocol = protocol
    this.http = new UploadHttp(protocol.platform, protocol.label, options.timeoutMs ?? 60_000)
    this.#base = options.baseUrl
    this.#resumeWithinMs = options.resumeWithinMs ?? 86_400_000
    this.now = options.now ?? Date.now
  }

  abstract events(
    account: PlatformAccountRef | null,
    options?: { keyword?: string }
  ): Promise<UploadEvent[]>

  abstract publish(request: PublishRequest, ctx: PublishContext): Promise<Published>

  abstract findPublished(
    account: PlatformAccountRef,
    options: { title: string; after: string }
  ): Promise<Published | null>

  async checkLogin(account: PlatformAccountRef): Promise<LoginCheck> {
    if (!this.#loginOf(account)) return { ok: false, reason: 'missing' }
    const { path, step, name } = this.#protocol.login
    try {
      const data = objectOf(await this.get(account, path, step))
      return { ok: true, name: stringOf(data?.[name]) }
    } catch (error) {
      return failedLoginCheck(error)
    }
  }

  async categories(account: PlatformAccountRef | null): Promise<UploadCategory[]> {
    const data = objectOf(await this.get(account, this.#protocol.categories, 'categories'))
    return categoriesOf(data?.list)
  }

  /** `data` of a GET to the platform's host (with the account's login, when there is one). */
  protected async get(
    account: PlatformAccountRef | null,
    path: string,
    step: string,
    query?: Record<string, string | number | undefined>
  ) {
    const answer = await this.http.call(`${await resolveBase(this.#base)}${path}`, step, {
      query,
      headers: account ? this.#loginHeaders(account) : {},
    })
    return envelopeData(this.http, this.#protocol.rules, answer, step)
  }

  /**
   * The session of one publish attempt: the host, the stored upload when it
   * is this host's and file's, fresh and `usable`, and the calls.
   */
  protected async session<State extends StoredUpload>(
    request: PublishRequest,
    ctx: PublishContext,
    usable: (state: State) => boolean
  ): Promise<EnvelopeSession<State>> {
    const base = await resolveBase(this.#base)
    const size = request.video.size
    const resume = resumableUpload<State>(
      ctx.resume,
      { base, size, withinMs: this.#resumeWithinMs, now: this.now },
      usable
    )
    const call = (path: string, step: string, options: CallOptions, submit = false) =>
      this.http
        .call(`${base}${path}`, step, {
          ...options,
          headers: { ...this.#loginHeaders(request.account), ...options.headers },
          signal: ctx.signal,
          submit,
        })
        .then((answer) => envelopeData(this.http, this.#protocol.rules, answer, step, submit))
    return { base, size, resume, save: checkpointer<State>(ctx), call }
  }

  /** Sends the thumbnail's bytes to `path`; answers `data.<field>` (the cover's reference). */
  protected async sendCover(
    session: Pick<EnvelopeSession<StoredUpload>, 'call'>,
    request: PublishRequest,
    path: string,
    field: string
  ) {
    const data = objectOf(
      await session.call(path, 'cover', {
        method: 'POST',
        bytes: await readThumbnail(this.platform, request.thumbnail),
        headers: { 'Content-Type': request.thumbnail.mime },
      })
    )
    const value = stringOf(data?.[field])
    if (!value) throw this.http.badAnswer('cover', `data.${field}`)
    return value
  }

  /** The token (in the platform's header) or, without one, the cookie; null for neither. */
  #loginOf(account: PlatformAccountRef): Record<string, string> | null {
    const token = account.token?.trim()
    if (token) return this.#protocol.tokenHeaders(token)
    const cookie = cookieHeader(account.cookie)
    return cookie ? { Cookie: cookie } : null
  }

  #loginHeaders(account: PlatformAccountRef): Record<string, string> {
    const login = this.#loginOf(account)
    if (!login) throw new UploadError(this.platform, 'auth_expired', this.#protocol.noLogin, {})
    return login
  }
}
