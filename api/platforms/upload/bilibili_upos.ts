import { UploadError, type PublishContext, type PublishRequest } from '#platforms/upload/types'
import { chunksOf, stringOf, type Answer, type Json, type UploadHttp } from '#platforms/upload/http'
import { sendChunks } from '#platforms/upload/steps'
import { memberData } from '#platforms/upload/bilibili_member'

/*
| The video's way to Bilibili's upload node (upos), for the upload adapter
| (bilibili.ts): preupload on the creator host, then init, the parts and
| complete on the node, with the upload's own authorisation (X-Upos-Auth).
| The node answers `{OK: 1, …}`; a 403 means the authorisation expired.
*/

const PROFILE = 'ugcfx/bup'

/** The stored upload (the checkpoint's state) from preupload to the cover. */
export interface Upos {
  base: string
  at: number
  size: number
  upos_uri: string
  auth: string
  endpoint: string
  chunk_size: number
  biz_id: number
  upload_id?: string
  parts?: number[]
  filename?: string
  cover?: string
}

/**
 * Sends the video to the upload node from where `upos` (the stored upload,
 * null for a new one) left off — preupload, init, the parts not yet done
 * (a checkpoint after each), complete — and answers the upload with its
 * `filename`, the name add/v3 is given.
 */
export async function sendToUploadNode(
  http: UploadHttp,
  request: PublishRequest,
  ctx: PublishContext,
  from: {
    upos: Upos | null
    member: string
    headers: Record<string, string>
    save: (step: string, state: Upos) => Promise<unknown>
    now: () => number
  }
): Promise<Upos> {
  const { member, headers, save, now } = from
  const size = request.video.size
  let upos = from.upos

  if (!upos) {
    const pre = await http.call(`${member}preupload`, 'preupload', {
      query: {
        name: request.video.name,
        size,
        r: 'upos',
        profile: PROFILE,
        ssl: 0,
        version: '2.14.0',
        build: 2140000,
      },
      headers,
      signal: ctx.signal,
    })
    const body = uposBody(http, pre, 'preupload')
    const chunkSize = Number(body.chunk_size)
    const uposUri = stringOf(body.upos_uri)
    const auth = stringOf(body.auth)
    const endpoint = stringOf(body.endpoint)
    if (!uposUri || !auth || !endpoint || !(chunkSize > 0)) {
      throw http.badAnswer('preupload', 'upos_uri, auth, endpoint or chunk_size', pre)
    }
    upos = {
      base: member,
      at: now(),
      size,
      upos_uri: uposUri,
      auth,
      endpoint,
      chunk_size: chunkSize,
      biz_id: Number(body.biz_id),
    }
    await save('preuploaded', upos)
  }

  const target = uposUrl(member, upos)
  // the upload node is told the upload's own authorisation, never the account's cookie
  const uposHeaders = { 'X-Upos-Auth': upos.auth }
  const chunks = chunksOf(size, upos.chunk_size)

  if (!upos.upload_id) {
    const init = await http.call(target, 'init', {
      method: 'POST',
      query: {
        uploads: '',
        output: 'json',
        profile: PROFILE,
        filesize: size,
        partsize: upos.chunk_size,
        biz_id: upos.biz_id,
      },
      headers: uposHeaders,
      signal: ctx.signal,
    })
    const uploadId = stringOf(uposBody(http, init, 'init').upload_id)
    if (!uploadId) throw http.badAnswer('init', 'upload_id', init)
    upos = { ...upos, upload_id: uploadId, parts: [] }
    await save('uploading', upos)
  }

  // parts are numbered from 1; those stored as done are skipped
  const done = new Set(upos.parts ?? [])
  await sendChunks(chunks, {
    size,
    done: (chunk) => done.has(chunk.index + 1),
    send: async (chunk) => {
      const partNumber = chunk.index + 1
      const answer = await http.call(target, 'part', {
        method: 'PUT',
        query: {
          partNumber,
          uploadId: upos!.upload_id,
          chunk: chunk.index,
          chunks: chunks.length,
          size: chunk.end - chunk.start,
          start: chunk.start,
          end: chunk.end,
          total: size,
        },
        headers: uposHeaders,
        file: { path: request.video.path, start: chunk.start, end: chunk.end },
        signal: ctx.signal,
      })
      if (answer.status !== 200 || !answer.text.includes('MULTIPART_PUT_SUCCESS')) {
        throw uposError(answer, `part ${partNumber}`)
      }
    },
    sent: async (chunk) => {
      done.add(chunk.index + 1)
      upos = { ...upos!, parts: [...done].sort((a, b) => a - b) }
      await save('uploading', upos)
    },
    progress: (sent, total) => ctx.progress(sent, total),
  })

  if (!upos.filename) {
    const complete = await http.call(target, 'complete', {
      method: 'POST',
      query: {
        output: 'json',
        name: request.video.name,
        profile: PROFILE,
        uploadId: upos.upload_id,
        biz_id: upos.biz_id,
      },
      headers: uposHeaders,
      json: { parts: chunks.map((chunk) => ({ partNumber: chunk.index + 1, eTag: 'etag' })) },
      signal: ctx.signal,
    })
    uposBody(http, complete, 'complete')
    // add/v3 names the video by the upos file's name without its extension
    const file = upos.upos_uri.split('/').pop() ?? ''
    upos = { ...upos, filename: file.replace(/\.[^.]*$/, '') }
    await save('uploaded', upos)
  }
  return upos
}

/** The body of an upos answer with OK 1. */
function uposBody(http: UploadHttp, answer: Answer, step: string): Json {
  if (answer.body?.OK === 1) return answer.body
  if (typeof answer.body?.code === 'number') memberData(http, answer, step)
  throw uposError(answer, step)
}

function uposError(answer: Answer, step: string) {
  if (answer.status === 403) {
    return new UploadError(
      'bilibili',
      'rejected',
      `Bilibili's upload node refused ${step} (HTTP 403): the upload's authorisation expired`,
      { upstreamCode: 403 }
    )
  }
  const message = stringOf(answer.body?.message) ?? answer.text.slice(0, 200)
  return new UploadError(
    'bilibili',
    answer.status >= 400 && answer.status < 500 ? 'rejected' : 'upstream',
    `Bilibili's upload node answered HTTP ${answer.status} to ${step}${message ? `: ${message}` : ''}`,
    { upstreamCode: answer.status }
  )
}

/** The upload node's URL: the endpoint (`//host`) on the member host's scheme, then the upos path. */
function uposUrl(member: string, upos: Upos) {
  const scheme = new URL(member).protocol
  const endpoint = upos.endpoint.startsWith('//') ? `${scheme}${upos.endpoint}` : upos.endpoint
  return `${endpoint.replace(/\/$/, '')}/${upos.upos_uri.replace(/^upos:\/\//, '')}`
}
