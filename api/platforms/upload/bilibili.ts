import type { PlatformAccountRef } from '#platforms/types'
import type {
  LoginCheck,
  PublishContext,
  PublishRequest,
  Published,
  UploadAdapter,
  UploadCategory,
  UploadEvent,
} from '#platforms/upload/types'
import {
  UploadHttp,
  arrayOf,
  categoriesOf,
  objectOf,
  resolveBase,
  stringOf,
  unixOf,
  isoOfUnix,
  type Answer,
  type BaseUrl,
  failedLoginCheck,
} from '#platforms/upload/http'
import {
  checkpointer,
  findInListing,
  readThumbnail,
  resumableUpload,
} from '#platforms/upload/steps'
import { cookieOf, csrfOf, loginHeaders, memberData } from '#platforms/upload/bilibili_member'
import { sendToUploadNode, type Upos } from '#platforms/upload/bilibili_upos'

/*
|--------------------------------------------------------------------------
| Bilibili upload (live protocol)
|--------------------------------------------------------------------------
|
| Bilibili's web upload as the creator centre's page speaks it (shapes as
| documented by the community bilibili-API-collect project; see
| docs/uploads.md):
|
|   GET  member/preupload?name&size&r=upos&profile=ugcfx/bup
|        → {OK:1, upos_uri, auth, endpoint, chunk_size, biz_id}
|   POST <endpoint>/<upos path>?uploads&output=json&profile&filesize&partsize&biz_id
|        (header X-Upos-Auth) → {OK:1, upload_id}
|   PUT  <endpoint>/<upos path>?partNumber&uploadId&chunk&chunks&size&start&end&total
|        (the part's bytes, streamed from disk) → MULTIPART_PUT_SUCCESS
|   POST <endpoint>/<upos path>?output=json&name&profile&uploadId&biz_id
|        {parts:[{partNumber, eTag}]} → {OK:1}
|   POST member/x/vu/web/cover/up  csrf, cover=data:image/…;base64 → data.url
|   POST member/x/vu/web/add/v3?csrf  {videos:[{filename, title, desc, cid}], cover,
|        title, tid, tag, desc, copyright, dtime, no_reprint, mission_id …}
|        → data {aid, bvid}
|
| and for the station's helpers: api/x/web-interface/nav (login: data.isLogin,
| uname), member/x/vupre/web/archive/pre (data.typelist: categories,
| data.activities: events), member/x/vupre/web/tag/recommend (tags), and
| member/x/web/archives (the uploader's own listing, data.arc_audits[].Archive)
| for `findPublished`.
|
| The login is the stored cookie (SESSDATA, bili_jct as the csrf token) or a
| token sent as SESSDATA. Codes: 0 ok; -101 (not logged in), -111 (csrf) and
| HTTP 401 → auth_expired; 21070 (too frequent), -412 and HTTP 429 →
| rate_limited (retry after Retry-After, else a minute); any other code →
| rejected with Bilibili's message. HTTP 412 (the risk-control gateway) is a
| rate limit too.
|
| The creator host's login and envelope are in bilibili_member.ts, the
| video's way to the upload node in bilibili_upos.ts.
|
| Tested only against the local fake platform server
| (api/platforms/upload/fake_server.ts), never against bilibili.com.
|
*/

interface BilibiliUploadOptions {
  /** https://member.bilibili.com (BILIBILI_UPLOAD_BASE). */
  memberBase: BaseUrl
  /** https://api.bilibili.com (BILIBILI_API_BASE), for the login check. */
  apiBase: BaseUrl
  timeoutMs?: number
  /** A stored upload older than this starts over (Bilibili's upos auth lasts 5 days). */
  resumeWithinMs?: number
  now?: () => number
}

export default class BilibiliUploadAdapter implements UploadAdapter {
  readonly platform = 'bilibili' as const
  readonly name = 'bilibili'

  #http: UploadHttp
  #memberBase: BaseUrl
  #apiBase: BaseUrl
  #resumeWithinMs: number
  #now: () => number

  constructor(options: BilibiliUploadOptions) {
    this.#http = new UploadHttp('bilibili', 'Bilibili', options.timeoutMs ?? 60_000)
    this.#memberBase = options.memberBase
    this.#apiBase = options.apiBase
    this.#resumeWithinMs = options.resumeWithinMs ?? 4 * 86_400_000
    this.#now = options.now ?? Date.now
  }

  async checkLogin(account: PlatformAccountRef): Promise<LoginCheck> {
    const cookie = cookieOf(account)
    if (!cookie) return { ok: false, reason: 'missing' }
    let answer: Answer
    try {
      answer = await this.#http.call(
        `${await resolveBase(this.#apiBase)}x/web-interface/nav`,
        'nav',
        {
          headers: { Cookie: cookie },
        }
      )
    } catch (error) {
      return failedLoginCheck(error)
    }
    const data = objectOf(answer.body?.data)
    if (answer.body?.code === 0 && data?.isLogin === true) {
      return { ok: true, name: stringOf(data.uname) }
    }
    if (answer.body?.code === -101 || answer.body?.code === 0) {
      return { ok: false, reason: 'expired', message: stringOf(answer.body?.message) ?? undefined }
    }
    return {
      ok: false,
      reason: 'unreachable',
      message: `Bilibili answered ${String(answer.body?.code ?? answer.status)} to nav`,
    }
  }

  async categories(account: PlatformAccountRef | null): Promise<UploadCategory[]> {
    const data = objectOf(await this.#member(account, 'x/vupre/web/archive/pre', 'pre'))
    return categoriesOf(data?.typelist)
  }

  async events(account: PlatformAccountRef | null): Promise<UploadEvent[]> {
    const data = objectOf(await this.#member(account, 'x/vupre/web/archive/pre', 'pre'))
    return arrayOf(data?.activities).map((activity) => ({
      id: stringOf(activity.id) ?? '',
      name: stringOf(activity.name) ?? '',
      prize: null,
      joined: null,
      startsAt: isoOfUnix(activity.stime),
      endsAt: isoOfUnix(activity.etime),
    }))
  }

  async tags(
    account: PlatformAccountRef | null,
    options: { keyword: string; category?: string | null }
  ): Promise<string[]> {
    const data = await this.#member(account, 'x/vupre/web/tag/recommend', 'tags', {
      query: { title: options.keyword, subtype_id: options.category ?? undefined },
    })
    const list = Array.isArray(data) ? arrayOf(data) : arrayOf(objectOf(data)?.tags)
    return list.map((item) => stringOf(item.tag)).filter((tag): tag is string => tag !== null)
  }

  async publish(request: PublishRequest, ctx: PublishContext): Promise<Published> {
    const member = await resolveBase(this.#memberBase)
    const headers = loginHeaders(request.account)
    const csrf = csrfOf(request.account)
    const size = request.video.size

    let upos = resumableUpload<Upos>(
      ctx.resume,
      { base: member, size, withinMs: this.#resumeWithinMs, now: this.#now },
      (state) => Boolean(state.upos_uri && state.auth)
    )
    const save = checkpointer<Upos>(ctx)

    upos = await sendToUploadNode(this.#http, request, ctx, {
      upos,
      member,
      headers,
      save,
      now: this.#now,
    })

    if (!upos.cover) {
      const cover = await readThumbnail('bilibili', request.thumbnail)
      const answer = await this.#http.call(`${member}x/vu/web/cover/up`, 'cover', {
        method: 'POST',
        query: { ts: this.#now() },
        headers,
        form: {
          csrf,
          cover: `data:${request.thumbnail.mime};base64,${cover.toString('base64')}`,
        },
        signal: ctx.signal,
      })
      const url = stringOf(objectOf(memberData(this.#http, answer, 'cover'))?.url)
      if (!url) throw this.#http.badAnswer('cover', 'data.url', answer)
      upos = { ...upos, cover: url }
      await save('cover', upos)
    }

    const dtime = unixOf(request.scheduledAt)
    await save('submitting', upos)
    const submit = await this.#http.call(`${member}x/vu/web/add/v3`, 'submit', {
      method: 'POST',
      query: { ts: this.#now(), csrf },
      headers,
      json: {
        videos: [{ filename: upos.filename, title: request.title, desc: '', cid: upos.biz_id }],
        cover: upos.cover,
        cover43: '',
        title: request.title,
        copyright: 1,
        tid: Number(request.subcategory ?? request.category),
        tag: request.tags.join(','),
        desc_format_id: 9999,
        desc: request.detail,
        recreate: -1,
        dynamic: '',
        interactive: 0,
        act_reserve_create: 0,
        no_disturbance: 0,
        no_reprint: request.share ? 0 : 1,
        mission_id: request.eventTag ? Number(request.eventTag) : undefined,
        subtitle: { open: 0, lan: '' },
        dolby: 0,
        lossless_music: 0,
        up_selection_reply: false,
        up_close_reply: false,
        up_close_danmu: false,
        web_os: 3,
        ...(dtime > 0 ? { dtime } : {}),
        csrf,
      },
      signal: ctx.signal,
      submit: true,
    })
    const data = objectOf(memberData(this.#http, submit, 'submit', true))
    const bvid = stringOf(data?.bvid)
    if (!bvid) throw this.#http.submitWithoutId('data.bvid')
    return {
      platformVideoId: bvid,
      url: `https://www.bilibili.com/video/${bvid}`,
      scheduled: dtime > 0,
    }
  }

  async findPublished(
    account: PlatformAccountRef,
    options: { title: string; after: string }
  ): Promise<Published | null> {
    return findInListing(options, {
      pages: 3,
      now: this.#now,
      page: async (index) => {
        const data = objectOf(
          await this.#member(account, 'x/web/archives', 'archives', {
            query: { status: 'is_pubing,pubed,not_pubed', pn: index + 1, ps: 20 },
          })
        )
        const audits = arrayOf(data?.arc_audits)
        // a full page: there may be more
        return { items: audits, more: audits.length >= 20 }
      },
      read: (audit) => {
        const archive = objectOf(audit.Archive) ?? audit
        const bvid = stringOf(archive.bvid)
        return {
          id: bvid,
          title: archive.title,
          created: Number(archive.ctime ?? archive.ptime),
          timer: Number(archive.dtime),
          url: bvid ? `https://www.bilibili.com/video/${bvid}` : null,
        }
      },
    })
  }

  /* ---------------------------------------------------------------- */

  async #member(
    account: PlatformAccountRef | null,
    path: string,
    step: string,
    options: { query?: Record<string, string | number | undefined> } = {}
  ) {
    const answer = await this.#http.call(`${await resolveBase(this.#memberBase)}${path}`, step, {
      query: options.query,
      headers: account ? loginHeaders(account) : {},
    })
    return memberData(this.#http, answer, step)
  }
}
