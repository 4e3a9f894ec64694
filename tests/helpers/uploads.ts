import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs'
import sharp from 'sharp'
import type { PlatformAccountRef } from '#platforms/types'
import {
  UploadError,
  type PublishContext,
  type PublishRequest,
  type Published,
  type UploadAdapter,
  type UploadCheckpoint,
} from '#platforms/upload/types'
import type { UploadPlatform } from '#shared/uploads'
import uploads from '#platforms/upload/main'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UploadTaskFactory } from '#database/factories/upload_factory'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { bullQueue, ON_REDIS } from '#tests/helpers/queue'
import type { Owned } from '#tests/helpers/processes'

/** One ISO BMFF box: size, type, payload. */
function box(type: string, payload: Buffer) {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + payload.length, 0)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, payload])
}

/**
 * A small real mp4: `ftyp` (isom), a `moov` whose `mvhd` gives the length
 * (`durationS` seconds) and an `mdat` of `mediaBytes` bytes.
 */
export function tinyMp4(durationS = 30, mediaBytes = 64 * 1024) {
  const ftyp = box(
    'ftyp',
    Buffer.concat([
      Buffer.from('isom', 'latin1'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2mp41', 'latin1'),
    ])
  )
  const mvhd = Buffer.alloc(100)
  mvhd.writeUInt32BE(1000, 12) // timescale
  mvhd.writeUInt32BE(durationS * 1000, 16) // duration
  mvhd.writeUInt32BE(0x00010000, 20) // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24) // volume 1.0
  for (const [index, value] of [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].entries()) {
    mvhd.writeUInt32BE(value, 36 + index * 4) // unity matrix
  }
  mvhd.writeUInt32BE(2, 96) // next track id
  const moov = box('moov', box('mvhd', mvhd))
  const media = Buffer.alloc(mediaBytes, 7)
  return Buffer.concat([ftyp, moov, box('mdat', media)])
}

/** A small real png (a few KB), large enough for every station platform's smallest cover. */
export function tinyPng() {
  return sharp({ create: { width: 1280, height: 720, channels: 3, background: '#ff6600' } })
    .png()
    .toBuffer()
}

/** tus `Upload-Metadata`: comma-separated `key base64(value)`. */
export function tusMetadata(values: Record<string, string>) {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',')
}

/** What a double does at its next publish: succeed, throw, or submit and lose the answer. */
export type DoubleStep = 'ok' | 'lose-answer' | UploadError

/**
 * A test double of an upload adapter: publishes in two steps (upload with a
 * checkpoint, then submit after a `submitting` checkpoint), counts what it
 * was asked, keeps what "the platform" holds so that `findPublished` finds
 * a submit whose answer was lost, and follows a script of outcomes. With
 * `journal` (a file) it writes every submit there and reads the platform's
 * holdings from it, so that a test sees what a worker process did.
 */
export class DoubleUploadAdapter implements UploadAdapter {
  readonly name = 'double'
  publishes = 0
  submits = 0
  uploads = 0
  lookups = 0
  resumes: (UploadCheckpoint | null)[] = []
  requests: PublishRequest[] = []
  #held = new Map<string, Published>()

  constructor(
    readonly platform: UploadPlatform,
    readonly script: DoubleStep[] = [],
    readonly options: {
      journal?: string
      hangAfter?: 'uploaded' | 'submit'
      stoppable?: boolean
    } = {}
  ) {}

  async checkLogin() {
    return { ok: true as const }
  }

  async categories() {
    return []
  }

  async events() {
    return []
  }

  async publish(request: PublishRequest, ctx: PublishContext): Promise<Published> {
    this.publishes++
    this.resumes.push(ctx.resume)
    this.requests.push(request)
    const step = this.script.shift() ?? 'ok'
    if (step instanceof UploadError) throw step
    if (ctx.resume?.step !== 'uploaded' && ctx.resume?.step !== 'submitting') {
      this.uploads++
      this.#journal(`upload ${request.title}`)
      ctx.progress(request.video.size, request.video.size)
      await ctx.checkpoint({ step: 'uploaded', parts: 2 })
      if (this.options.hangAfter === 'uploaded') await this.#hang(ctx.signal)
    }
    await ctx.checkpoint({ step: 'submitting' })
    this.submits++
    const published: Published = {
      platformVideoId: `${this.platform}-v${this.submits}-${request.publicationId}`,
      url: `https://${this.platform}.example/${request.publicationId}`,
      scheduled: Boolean(request.scheduledAt),
    }
    this.#held.set(request.title, published)
    this.#journal(`submit ${JSON.stringify({ title: request.title, ...published })}`)
    if (this.options.hangAfter === 'submit') await this.#hang(ctx.signal)
    if (step === 'lose-answer') {
      throw new UploadError(this.platform, 'network', 'The answer was lost', {
        outcomeUnknown: true,
      })
    }
    return published
  }

  async findPublished(_account: PlatformAccountRef, options: { title: string; after: string }) {
    this.lookups++
    this.#journal(`lookup ${options.title}`)
    if (this.options.journal && existsSync(this.options.journal)) {
      for (const line of readFileSync(this.options.journal, 'utf8').split('\n')) {
        if (!line.startsWith('submit ')) continue
        const { title, ...published } = JSON.parse(line.slice('submit '.length))
        if (title === options.title) return published as Published
      }
    }
    return this.#held.get(options.title) ?? null
  }

  /** Waits to be killed, or (with `stoppable`) until the attempt is aborted. */
  #hang(signal: AbortSignal) {
    return new Promise<void>((_resolve, reject) => {
      if (!this.options.stoppable) return
      signal.addEventListener('abort', () =>
        reject(new UploadError(this.platform, 'timeout', 'Stopped'))
      )
    })
  }

  #journal(line: string) {
    if (this.options.journal) appendFileSync(this.options.journal, `${line}\n`)
  }
}

/** The lines of a double's journal that start with `kind`. */
export function journalLines(path: string, kind: 'upload' | 'submit' | 'lookup') {
  if (!existsSync(path)) return []
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(`${kind} `))
}

/** A creator with one account per platform given, and a running task of `user` with one publication per platform. */
export async function taskWithPublications(
  user: User,
  platforms: UploadPlatform[] = ['bilibili'],
  title = 'A day at the studio'
) {
  const creator = await CreatorFactory.with('accounts', platforms.length, (account) =>
    account.merge(platforms.map((platform) => ({ platform })))
  ).create()
  const task = await UploadTaskFactory.merge({
    creatorId: creator.id,
    userId: user.id,
    title,
    form: { title, tags: ['studio'], share: true, ad: false },
  }).create()
  for (const platform of platforms) {
    const account = creator.accounts.find((row) => row.platform === platform)!
    await task.related('publications').create({
      platform,
      accountId: account.id,
      status: 'requesting',
      attempts: 0,
      nextAttemptAt: task.createdAt,
      totalBytes: task.videoSize,
    })
  }
  await task.load('publications')
  return { creator, task }
}

/** A double for `platform` answering `uploads.use(platform)` until `uploads.restore()`. */
export function fakeUploads(
  platform: UploadPlatform,
  script: DoubleStep[] = [],
  options: ConstructorParameters<typeof DoubleUploadAdapter>[2] = {}
) {
  const double = new DoubleUploadAdapter(platform, script, options)
  uploads.fake(platform, double)
  return double
}

/** Sends `file` through the resumable transfer as `user` (create, then one PATCH); answers the upload id. */
export async function sendFile(
  client: ApiClient,
  user: User,
  file: Buffer,
  options: { name?: string; type?: string; sendBytes?: number } = {}
) {
  const created = await client
    .post('/api/video/upload_file')
    .headers({
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(file.length),
      'Upload-Metadata': tusMetadata({
        filename: options.name ?? 'file',
        filetype: options.type ?? 'application/octet-stream',
      }),
    })
    .loginAs(user)
  created.assertStatus(201)
  const id = (created.header('location') as string).split('/').pop()!
  const patched = await client
    .patch(`/api/video/upload_file/${id}`)
    .headers({ 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0' })
    .unsafeJson(file.subarray(0, options.sendBytes ?? file.length))
    .type('application/offset+octet-stream')
    .loginAs(user)
  patched.assertStatus(204)
  return id
}

/** The publishing jobs waiting in the queue (queue_jobs rows, or BullMQ's jobs with Redis). */
export async function queuedPublications(): Promise<{ publicationId: number; runAtMs: number }[]> {
  if (ON_REDIS) {
    const queue = await bullQueue()
    const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized'])
    return jobs
      .filter((job) => job?.name === 'uploads:publish')
      .map((job) => ({
        publicationId: Number(job.data.publicationId),
        runAtMs: job.timestamp + (job.opts.delay ?? 0),
      }))
  }
  const rows = await db
    .from('queue_jobs')
    .where('name', 'uploads:publish')
    .where('status', 'pending')
    .orderBy('id')
  return rows.map((row) => ({
    publicationId: Number(
      (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload).publicationId
    ),
    runAtMs: Date.parse(`${String(row.run_at).replace(' ', 'T')}Z`),
  }))
}

/** Drops the queued publishing jobs, as a queue that lost them would (also between tests on Redis). */
export async function dropQueuedPublications() {
  if (ON_REDIS) {
    const queue = await bullQueue()
    for (const job of await queue.getJobs(['waiting', 'delayed', 'prioritized'])) {
      if (job?.name === 'uploads:publish') await job.remove().catch(() => {})
    }
    return
  }
  await db.from('queue_jobs').where('name', 'uploads:publish').delete()
}

/** What a killed-worker test committed (the worker reads committed rows only), for its cleanup. */
export interface WorkerRunRows {
  userId?: number
  creatorId?: number
  taskId?: number
}

/**
 * After a killed-worker test: its workers killed, its queued jobs dropped,
 * the rows it committed removed and its folder deleted.
 */
export async function cleanUpWorkerRun(workers: Owned[], made: WorkerRunRows, folder: string) {
  for (const worker of workers.splice(0)) {
    if (worker.child.exitCode === null) worker.child.kill('SIGKILL')
    await worker.exited
  }
  await dropQueuedPublications()
  if (made.taskId) await db.from('upload_tasks').where('id', made.taskId).delete()
  if (made.creatorId) {
    await db.from('alerts').where('creator_id', made.creatorId).delete()
    await db.from('videos').where('creator_id', made.creatorId).delete()
    await db.from('creators').where('id', made.creatorId).delete()
  }
  if (made.userId) {
    await db.from('notifications').where('user_id', made.userId).delete()
    await db.from('users').where('id', made.userId).delete()
  }
  rmSync(folder, { recursive: true, force: true })
}
