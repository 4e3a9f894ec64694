import { readFile } from 'node:fs/promises'
import type { UploadPlatform } from '#shared/uploads'
import {
  UploadError,
  type PublishContext,
  type PublishRequest,
  type Published,
  type UploadCheckpoint,
} from '#platforms/upload/types'
import { unixOf, type Json } from '#platforms/upload/http'

/*
|--------------------------------------------------------------------------
| The steps every upload adapter takes
|--------------------------------------------------------------------------
|
| Bilibili, Xigua and Haokan speak different protocols but publish in the
| same shape: continue a stored upload when it is theirs and fresh, send
| the video chunk by chunk with a checkpoint after each, send the
| thumbnail (small, read whole), submit, and — when a submit's answer was
| lost — look the video up in the account's own listing. These are those
| steps; each adapter states only its calls and fields.
|
*/

/** One chunk of the video: bytes `start` (inclusive) to `end` (exclusive). */
export interface Chunk {
  index: number
  start: number
  end: number
}

/** What every stored upload carries to be resumed: its host, its file's size and when it began. */
export interface StoredUpload {
  base: string
  at: number
  size: number
}

/** The platforms' limit on a thumbnail. */
const COVER_MAX_BYTES = 10 * 1024 * 1024

/**
 * The stored upload to continue (`resume` as the adapter's state), when it
 * belongs to this host and file size, carries what the adapter needs
 * (`usable`) and began within `withinMs`; otherwise null (start over).
 */
export function resumableUpload<State extends StoredUpload>(
  resume: UploadCheckpoint | null,
  expected: { base: string; size: number; withinMs: number; now: () => number },
  usable: (state: State) => boolean
): State | null {
  if (!resume) return null
  const state = resume as unknown as State
  if (state.base !== expected.base || state.size !== expected.size || !usable(state)) return null
  if (expected.now() - Number(state.at) > expected.withinMs) return null
  return state
}

/** Stores `state` as the checkpoint of `step`. */
export function checkpointer<State extends StoredUpload>(ctx: PublishContext) {
  return (step: string, state: State) => ctx.checkpoint({ step, ...state } as UploadCheckpoint)
}

/**
 * Sends the chunks not yet `done`, in order: the bytes already sent are
 * reported first, then after each chunk `sent` (where the adapter stores
 * its checkpoint) and the progress.
 */
export async function sendChunks(
  chunks: Chunk[],
  steps: {
    size: number
    done: (chunk: Chunk) => boolean
    send: (chunk: Chunk) => Promise<unknown>
    sent: (chunk: Chunk) => Promise<void>
    progress: (sentBytes: number, totalBytes: number) => void
  }
) {
  let bytes = chunks.filter(steps.done).reduce((sum, chunk) => sum + chunk.end - chunk.start, 0)
  steps.progress(bytes, steps.size)
  for (const chunk of chunks) {
    if (steps.done(chunk)) continue
    await steps.send(chunk)
    bytes += chunk.end - chunk.start
    await steps.sent(chunk)
    steps.progress(bytes, steps.size)
  }
}

/** The thumbnail, read whole (it is small; bounded all the same). */
export async function readThumbnail(
  platform: UploadPlatform,
  thumbnail: Pick<PublishRequest['thumbnail'], 'path' | 'size'>
) {
  if (thumbnail.size > COVER_MAX_BYTES) {
    throw new UploadError(platform, 'rejected', 'The thumbnail is larger than 10 MB', {})
  }
  return readFile(thumbnail.path)
}

/** One video of an account's listing, as the adapter reads it. */
export interface ListedVideo {
  id: string | null
  title: unknown
  /** When it was created (unix seconds). */
  created: number
  /** Its scheduled publication (unix seconds), if any. */
  timer: number
  url: string | null
}

/**
 * The video titled `wanted.title` created at or after `wanted.after` (ISO
 * 8601) in the first `pages` pages of the account's listing (`page(0)`,
 * `page(1)` … while one says there is more), or null.
 */
export async function findInListing(
  wanted: { title: string; after: string },
  options: {
    pages: number
    now: () => number
    page: (index: number) => Promise<{ items: Json[]; more: boolean }>
    read: (item: Json) => ListedVideo
  }
): Promise<Published | null> {
  const after = unixOf(wanted.after)
  for (let index = 0; index < options.pages; index++) {
    const { items, more } = await options.page(index)
    for (const item of items) {
      const video = options.read(item)
      if (video.id && video.title === wanted.title && video.created >= after) {
        return {
          platformVideoId: video.id,
          url: video.url,
          scheduled: Number.isFinite(video.timer) && video.timer * 1000 > options.now(),
        }
      }
    }
    if (!more) break
  }
  return null
}
