import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { mkdirSync } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import type { I18n } from '@adonisjs/i18n'
import { Server, type Upload } from '@tus/server'
import { FileStore } from '@tus/file-store'
import env from '#start/env'
import { UPLOAD_LEDGER } from '#services/uploads/transfer_limits'
import TransferLocker, { TRANSFER_BUSY, type LeaseClient } from '#services/uploads/transfer_lock'
import redisLink from '#support/redis_link'
import { UPLOAD_TRANSFER_PATH } from '#shared/uploads'

/** SPEC §7's path of the resumable transfer (the admin's client sends to the same). */
export const TRANSFER_PATH = UPLOAD_TRANSFER_PATH
/** Where transfers land under the Drive disk's root (config/drive.ts): one file and its .json each. */
export const TRANSFER_FOLDER = 'uploads/transfers'

/** A finished or unfinished transfer as the ledger reads it. */
export interface TransferInfo {
  id: string
  /** The Drive key of the file. */
  key: string
  path: string
  size: number
  offset: number
  complete: boolean
  ownerId: number
  metadata: Record<string, string | null>
}

/** CORS_ORIGINS as config/cors.ts reads it. */
function corsOrigins() {
  return (env.get('CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
}

/** The uploader of each request in hand and its language (tus gives its hooks a web Request). */
const owners = new WeakMap<IncomingMessage, { userId: number; i18n: I18n }>()

/** The node request behind the web Request tus hands to its hooks. */
function nodeOf(request: unknown) {
  return (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req
}

/** What a refused or failed transfer request means to the uploader, by the tus answer's status. */
const TRANSFER_FAILURES: Record<number, string> = {
  400: 'refused',
  403: 'refused',
  404: 'gone',
  409: 'conflict',
  410: 'gone',
  413: 'too_large',
  507: 'disk_full',
}

/**
 * The lock of each upload: across the instances sharing the storage folder
 * when Redis is configured (a lease there), this process's own otherwise.
 */
function transferLocker() {
  return new TransferLocker({
    redis: redisLink.configured
      ? async () => {
          const { default: redis } = await import('@adonisjs/redis/services/main')
          return redis.connection('main') as unknown as LeaseClient
        }
      : null,
  })
}

/** A size in the units people read (8 GB, 200 MB, 1.5 KB, 1000 B). */
function sizeWords(bytes: number) {
  const units: [string, number][] = [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ]
  for (const [unit, size] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`
  }
  return `${bytes} B`
}

/**
 * The size a 413 names: a part that runs past its upload's own declared
 * length is refused against that length, not against the studio's limit.
 */
async function sizeRefused(store: FileStore | null, request: Request) {
  if (request.method === 'PATCH' && store) {
    const id = Transfers.idOf(new URL(request.url, 'http://studio').pathname)
    const upload = id ? await store.getUpload(id).catch(() => null) : null
    if (upload?.size !== undefined && upload.size < UPLOAD_LEDGER.maxBytes) {
      return { failure: 'longer_than_declared', size: upload.size }
    }
  }
  return { failure: 'too_large', size: UPLOAD_LEDGER.maxBytes }
}

/**
 * The resumable transfer of the upload station (tus, through @tus/server
 * with @tus/file-store): files are streamed into the Drive disk's folder
 * `uploads/transfers`, never held in memory. An upload's id starts with its
 * uploader's id (`<userId>-<random>`), so the owner is known without a
 * lookup: another user's HEAD, PATCH or DELETE is refused before the tus
 * server sees it. The file store keeps each upload's offset in a .json file
 * beside it, so a restarted server answers HEAD with the stored offset and
 * the client goes on from there. Instances sharing the folder take each
 * upload's lock in Redis (transfer_lock.ts): a part another instance is
 * receiving is refused with 409, never written twice. Unfinished uploads
 * older than a day are removed by the upload sweep (`sweep()`).
 */
export default class Transfers {
  static #server: Server | null = null
  static #store: FileStore | null = null

  /** The folder of the transfers (the Drive disk's root, as config/drive.ts sets it). */
  static directory() {
    return join(env.get('DRIVE_ROOT') ?? app.makePath('storage/drive'), TRANSFER_FOLDER)
  }

  /** The file of a Drive key under the Drive disk's root. */
  static pathOf(key: string) {
    return join(env.get('DRIVE_ROOT') ?? app.makePath('storage/drive'), key)
  }

  static server() {
    if (!this.#server) {
      // made here, synchronously: the store's own creation of it is not awaited and
      // throws from its callback, out of reach of any request (an uncaught error)
      mkdirSync(this.directory(), { recursive: true })
      // no expiration of the store's own: it would also drop finished files (see sweep())
      this.#store = new FileStore({ directory: this.directory() })
      this.#server = new Server({
        path: TRANSFER_PATH,
        datastore: this.#store,
        maxSize: UPLOAD_LEDGER.maxBytes,
        relativeLocation: true,
        // one request at a time per upload, also across instances (transfer_lock.ts)
        locker: transferLocker(),
        // the studio's own CORS origins (config/cors.ts), not tus's default '*'
        allowedOrigins: (origin) => corsOrigins().includes(origin),
        namingFunction: (request) => {
          const node = nodeOf(request)
          const ownerId = node ? owners.get(node)?.userId : undefined
          if (!ownerId) throw { status_code: 401, body: 'No uploader\n' }
          return `${ownerId}-${randomBytes(16).toString('hex')}`
        },
        // tus answers in English plain text; the uploader reads the reason in its
        // own language, as a JSON { status, message } the admin's client shows
        onResponseError: async (request, error) => {
          const code = (error as NodeJS.ErrnoException).code
          let status = Number((error as { status_code?: number }).status_code) || 500
          // a HEAD answered 409 makes tus-js-client drop the upload and start anew;
          // 423 Locked makes it retry later, as it does a refused PATCH
          if (error === TRANSFER_BUSY && request.method === 'HEAD') status = 423
          if (code === 'ENOSPC' || code === 'EDQUOT') {
            logger.error({ err: error }, 'an upload could not be written: the disk is full')
            status = 507
          }
          const node = nodeOf(request)
          const i18n = node ? owners.get(node)?.i18n : undefined
          if (!i18n) {
            if (status === 423) return { status_code: 423, body: TRANSFER_BUSY.body }
            return status === 507 ? { status_code: 507, body: 'Insufficient storage\n' } : undefined
          }
          let failure = error === TRANSFER_BUSY ? 'busy' : (TRANSFER_FAILURES[status] ?? 'failed')
          let max = UPLOAD_LEDGER.maxBytes
          if (status === 413) ({ failure, size: max } = await sizeRefused(this.#store, request))
          const message = i18n.t(`upload_ledger.errors.transfer.${failure}`, {
            max: sizeWords(max),
          })
          return { status_code: status, body: JSON.stringify({ status, message }) }
        },
      })
    }
    return this.#server
  }

  /** Forgets the server in hand: the next request gets a new one over the same folder (a restart). */
  static reset() {
    this.#server = null
    this.#store = null
  }

  /** The uploader's id an upload id carries, or null for a malformed id. */
  static ownerOf(id: string) {
    const match = /^(\d+)-[0-9a-f]{32}$/.exec(id)
    return match ? Number(match[1]) : null
  }

  /** The upload id of a request under TRANSFER_PATH, or null for the creation path. */
  static idOf(url: string) {
    const path = url.split('?')[0]
    const rest = path.slice(TRANSFER_PATH.length).replace(/^\/+/, '')
    return rest ? decodeURIComponent(rest) : null
  }

  /** Hands one request of `userId` to the tus server (which answers it). */
  static async handle(
    request: IncomingMessage,
    response: ServerResponse,
    userId: number,
    i18n: I18n
  ) {
    await mkdir(this.directory(), { recursive: true })
    owners.set(request, { userId, i18n })
    try {
      await this.server().handle(request, response)
    } finally {
      owners.delete(request)
    }
  }

  /** A transfer by id, or null when it does not exist (or the id is not one of ours). */
  static async info(id: string): Promise<TransferInfo | null> {
    const ownerId = this.ownerOf(id)
    if (ownerId === null) return null
    this.server()
    let upload: Upload
    try {
      upload = await this.#store!.getUpload(id)
    } catch {
      return null
    }
    return {
      id,
      key: `${TRANSFER_FOLDER}/${id}`,
      path: join(this.directory(), id),
      size: upload.size ?? 0,
      offset: upload.offset,
      complete: upload.size !== undefined && upload.offset === upload.size,
      ownerId,
      metadata: upload.metadata ?? {},
    }
  }

  /**
   * Removes unfinished transfers that received no byte for a day (their
   * file's last change); answers how many. Finished files stay: tasks refer
   * to them. (The file store's own expiry cannot tell them apart: its .json
   * keeps the offset of the creation.)
   */
  static async sweep(now: number = Date.now()) {
    await mkdir(this.directory(), { recursive: true })
    this.server()
    const store = this.#store!
    let removed = 0
    for (const id of await store.configstore.list!()) {
      try {
        const upload = await store.getUpload(id)
        if (upload.size !== undefined && upload.offset === upload.size) continue
        const { mtimeMs } = await stat(join(this.directory(), id))
        if (now - mtimeMs < UPLOAD_LEDGER.unfinishedTtlMs) continue
        await store.remove(id)
        removed++
      } catch (error) {
        logger.warn({ err: error, id }, 'an unfinished upload could not be swept')
      }
    }
    return removed
  }
}
