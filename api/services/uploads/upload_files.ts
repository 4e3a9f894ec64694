import { createReadStream } from 'node:fs'
import { open, stat, type FileHandle } from 'node:fs/promises'
import { fileTypeFromFile } from 'file-type'
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box'
import sharp from 'sharp'
import StudioException from '#exceptions/studio_exception'
import { coverProblems, type CoverPlatform } from '#shared/cover_sizes'

/**
 * The station's file checks (SPEC §5 'Upload': only mp4; jpg or png
 * thumbnails): a stored file is judged by its bytes, never by its name. Only
 * the bytes a check needs are read — the first few for the kind, the box
 * headers of the mp4 (16 bytes each) and its `moov` — so a 2 GB video costs a
 * few reads, and a file that lies about itself (an .mp4 name on a png, an mp4
 * cut short, an empty file, a huge file without a `moov`) is refused with a
 * key of uploads.json (`uploads.files.<code>`).
 */

/** Every reason a file is refused (message keys `uploads.files.<code>`). */
export const UPLOAD_FILE_ERROR_CODES = [
  'missing',
  'empty',
  'not_mp4',
  'video_truncated',
  'video_no_moov',
  'video_no_duration',
  'video_unreadable',
  'not_image',
  'image_unreadable',
  'cover_format',
  'cover_too_small',
  'cover_too_large',
] as const
export type UploadFileErrorCode = (typeof UPLOAD_FILE_ERROR_CODES)[number]

/** A file the station refuses (422), with its message key and parameters. */
export class UploadFileError extends StudioException {
  constructor(
    readonly code: UploadFileErrorCode,
    readonly kind: 'video' | 'thumbnail',
    params: Record<string, unknown> = {}
  ) {
    super(`uploads.files.${code}`, { status: 422, data: { kind, ...params } })
  }
}

interface CheckedVideo {
  kind: 'video'
  mime: 'video/mp4'
  /** The length the mp4's header gives, in seconds (fractions kept). */
  durationS: number
  size: number
}

interface CheckedThumbnail {
  kind: 'thumbnail'
  mime: 'image/jpeg' | 'image/png'
  width: number
  height: number
  size: number
}

/** Largest `moov` read whole into the parser (a two-hour video's index is a few MB). */
const MOOV_MAX_BYTES = 64 * 1024 * 1024
/** Top-level boxes walked to prove the file is whole; a file with more is taken as it is. */
const BOX_WALK_MAX = 100_000

const THUMBNAIL_MIMES = { jpg: 'image/jpeg', png: 'image/png' } as const

async function sizeOf(path: string, kind: 'video' | 'thumbnail') {
  try {
    const info = await stat(path)
    if (!info.isFile()) throw new UploadFileError('missing', kind)
    if (info.size === 0) throw new UploadFileError('empty', kind)
    return info.size
  } catch (error) {
    if (error instanceof UploadFileError) throw error
    throw new UploadFileError('missing', kind)
  }
}

interface TopBox {
  type: string
  start: number
  size: number
}

/**
 * The file's top-level ISO BMFF boxes from their headers (size and type,
 * 64-bit sizes included). A box that claims to end past the end of the file
 * means the file was cut short.
 */
async function topLevelBoxes(handle: FileHandle, fileSize: number) {
  const boxes: TopBox[] = []
  const header = Buffer.alloc(16)
  let position = 0
  while (position < fileSize && boxes.length < BOX_WALK_MAX) {
    const { bytesRead } = await handle.read(header, 0, 16, position)
    if (bytesRead < 8) throw new UploadFileError('video_truncated', 'video')
    let size = header.readUInt32BE(0)
    const type = header.toString('latin1', 4, 8)
    if (size === 1) {
      if (bytesRead < 16) throw new UploadFileError('video_truncated', 'video')
      size = Number(header.readBigUInt64BE(8))
    } else if (size === 0) {
      size = fileSize - position
    }
    if (size < 8 || !/^[\x20-\x7e]{4}$/.test(type)) {
      throw new UploadFileError('video_unreadable', 'video')
    }
    if (position + size > fileSize) throw new UploadFileError('video_truncated', 'video')
    boxes.push({ type, start: position, size })
    position += size
  }
  return boxes
}

/**
 * Hands `box` (read as a stream) to the mp4 parser as if it began at
 * `parserOffset`: the parser reads boxes one after the other, and the movie
 * header's content does not depend on where it sits in the file.
 */
async function feed(
  parser: ReturnType<typeof createFile>,
  path: string,
  box: TopBox,
  parserOffset: number
) {
  const stream = createReadStream(path, { start: box.start, end: box.start + box.size - 1 })
  let offset = parserOffset
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const copy = new Uint8Array(chunk.byteLength)
    copy.set(chunk)
    parser.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy.buffer, offset))
    offset += chunk.byteLength
  }
}

/** The movie's header as the mp4 parser reads it from `ftyp` and `moov` (nothing else is read). */
async function readMovie(path: string, ftyp: TopBox, moov: TopBox): Promise<Movie> {
  const parser = createFile()
  let movie: Movie | null = null
  let failed = false
  parser.onReady = (info) => {
    movie = info
  }
  parser.onError = () => {
    failed = true
  }
  try {
    await feed(parser, path, ftyp, 0)
    await feed(parser, path, moov, ftyp.size)
    parser.flush()
  } catch {
    failed = true
  }
  if (failed || !movie) throw new UploadFileError('video_unreadable', 'video')
  return movie
}

function durationOf(movie: Movie) {
  if (movie.duration > 0 && movie.timescale > 0) return movie.duration / movie.timescale
  const fragments = movie.fragment_duration
  if (fragments && fragments.num > 0 && fragments.den > 0) return fragments.num / fragments.den
  return 0
}

/**
 * Checks the stored video at `path`: an ISO BMFF file whose `ftyp` names an
 * mp4 brand, whole (no box runs past the end), with a `moov` the parser reads
 * and a length above zero.
 */
export async function checkVideoFile(path: string): Promise<CheckedVideo> {
  const size = await sizeOf(path, 'video')
  const type = await fileTypeFromFile(path).catch(() => undefined)
  if (type?.ext !== 'mp4') throw new UploadFileError('not_mp4', 'video')

  const handle = await open(path, 'r')
  let boxes: TopBox[]
  try {
    boxes = await topLevelBoxes(handle, size)
  } finally {
    await handle.close()
  }
  const ftyp = boxes[0]
  const moov = boxes.find((box) => box.type === 'moov')
  if (ftyp?.type !== 'ftyp') throw new UploadFileError('not_mp4', 'video')
  if (!moov) throw new UploadFileError('video_no_moov', 'video')
  if (moov.size > MOOV_MAX_BYTES) throw new UploadFileError('video_unreadable', 'video')

  const durationS = durationOf(await readMovie(path, ftyp, moov))
  if (!(durationS > 0)) throw new UploadFileError('video_no_duration', 'video')
  return { kind: 'video', mime: 'video/mp4', durationS, size }
}

/**
 * Checks the stored thumbnail at `path`: a jpg or png by its bytes, whose
 * header an image reader accepts, and that every one of `platforms` takes
 * (format, smallest size, largest file: the rules table of
 * api/shared/cover_sizes.ts, which the Labs resizer makes covers for).
 */
export async function checkThumbnailFile(
  path: string,
  platforms: readonly CoverPlatform[] = []
): Promise<CheckedThumbnail> {
  const size = await sizeOf(path, 'thumbnail')
  const type = await fileTypeFromFile(path).catch(() => undefined)
  if (type?.ext !== 'jpg' && type?.ext !== 'png')
    throw new UploadFileError('not_image', 'thumbnail')
  const format = type.ext === 'jpg' ? 'jpeg' : 'png'
  const metadata = await sharp(path)
    .metadata()
    .catch(() => null)
  if (!metadata || metadata.format !== format || !metadata.width || !metadata.height) {
    throw new UploadFileError('image_unreadable', 'thumbnail')
  }
  const [problem] = coverProblems(platforms, {
    format,
    width: metadata.width,
    height: metadata.height,
    bytes: size,
  })
  if (problem) throw new UploadFileError(problem.code, 'thumbnail', problem.params)
  return {
    kind: 'thumbnail',
    mime: THUMBNAIL_MIMES[type.ext],
    width: metadata.width,
    height: metadata.height,
    size,
  }
}

/** Checks a stored file of either kind. */
export function checkUploadFile(kind: 'video', path: string): Promise<CheckedVideo>
export function checkUploadFile(
  kind: 'thumbnail',
  path: string,
  platforms: readonly CoverPlatform[]
): Promise<CheckedThumbnail>
export function checkUploadFile(
  kind: 'video' | 'thumbnail',
  path: string,
  platforms: readonly CoverPlatform[] = []
) {
  return kind === 'video' ? checkVideoFile(path) : checkThumbnailFile(path, platforms)
}
