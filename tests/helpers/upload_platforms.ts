import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PlatformAccountRef } from '#platforms/types'
import type { PublishContext, PublishRequest, UploadCheckpoint } from '#platforms/upload/types'
import type { UploadPlatform } from '#shared/uploads'

/** A folder with a video of `size` random bytes and a small jpeg-looking thumbnail. */
export async function uploadFiles(size: number) {
  const dir = await mkdtemp(join(tmpdir(), 'upload-adapters-'))
  const video = randomBytes(size)
  const thumbnail = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)])
  await writeFile(join(dir, 'video.mp4'), video)
  await writeFile(join(dir, 'thumb.jpg'), thumbnail)
  return {
    dir,
    video: { path: join(dir, 'video.mp4'), size, name: 'video.mp4', mime: 'video/mp4' },
    thumbnail: {
      path: join(dir, 'thumb.jpg'),
      size: thumbnail.length,
      name: 'thumb.jpg',
      mime: 'image/jpeg',
    },
    /** md5 of each chunk of the video cut in `chunkSize` pieces. */
    chunkHashes(chunkSize: number) {
      const hashes: string[] = []
      for (let start = 0; start < size; start += chunkSize) {
        hashes.push(
          createHash('md5')
            .update(video.subarray(start, start + chunkSize))
            .digest('hex')
        )
      }
      return hashes
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}

export function accountOf(platform: UploadPlatform, login: string): PlatformAccountRef {
  return platform === 'bilibili'
    ? {
        id: 1,
        creatorId: 1,
        platform,
        uid: '1',
        cookie: `SESSDATA=${login}; bili_jct=csrf-${login}`,
      }
    : { id: 1, creatorId: 1, platform, uid: '1', token: login }
}

/** A publication request with every field each platform needs (categories of the fake server). */
export function publishRequest(
  platform: UploadPlatform,
  files: Awaited<ReturnType<typeof uploadFiles>>,
  login: string,
  overrides: Partial<PublishRequest> = {}
): PublishRequest {
  const fields = {
    bilibili: { category: '160', subcategory: '21', eventTag: '4001', topic: null },
    xigua: { category: 'life', subcategory: 'life_daily', eventTag: 'xg-7001', topic: null },
    haokan: { category: '1001', subcategory: '100102', eventTag: null, topic: 'hk-301' },
  }[platform]
  return {
    publicationId: 1,
    account: accountOf(platform, login),
    video: { ...files.video, durationS: 60 },
    thumbnail: files.thumbnail,
    title: `A day in Seoul ${randomBytes(3).toString('hex')}`,
    detail: 'Morning to night.',
    tags: ['生活', 'vlog'],
    share: true,
    advert: false,
    original: true,
    subscribeAtS: platform === 'xigua' ? 40 : null,
    scheduledAt: null,
    ...fields,
    ...overrides,
  }
}

/**
 * A publish context that keeps its checkpoints like the job's ledger does;
 * `dieAfter` makes the checkpoint that matches throw after it was stored
 * (a worker killed right after writing the row).
 */
export function ledger(
  options: {
    resume?: UploadCheckpoint | null
    signal?: AbortSignal
    dieAfter?: (checkpoint: UploadCheckpoint) => boolean
  } = {}
) {
  const checkpoints: UploadCheckpoint[] = []
  const progress: [number, number][] = []
  const ctx: PublishContext = {
    resume: options.resume ?? null,
    signal: options.signal ?? new AbortController().signal,
    async checkpoint(state) {
      checkpoints.push(JSON.parse(JSON.stringify(state)))
      if (options.dieAfter?.(state)) throw new Error('worker died')
    },
    progress(sent, total) {
      progress.push([sent, total])
    },
  }
  return { ctx, checkpoints, progress, last: () => checkpoints.at(-1) ?? null }
}
