import { open, stat } from 'node:fs/promises'
import sharp, { type PngOptions, type Sharp } from 'sharp'
import StudioException from '#exceptions/studio_exception'
import {
  COVER_RULES,
  RESIZE_INPUT_MAX_BYTES,
  RESIZE_INPUT_MAX_PIXELS,
  type CoverFormat,
  type CoverSize,
  type CropPosition,
  type ResizeMode,
} from '#shared/cover_sizes'

/**
 * The thumbnail resizer (SPEC §2 'Labs'): a jpg or png in, judged by its
 * bytes (the magic number, then sharp's reading of the header — never the
 * name), bounded in bytes and in pixels before anything is decoded; out, the
 * image at exactly the asked pixel size, cropped (cover: the centre or the
 * part that draws the eye) or padded (contain, on the colour the user picked),
 * in the asked format and, for a platform's size, within its file limit.
 */

/** Every reason an image is refused (message keys `labs.resizer.errors.<code>`). */
const RESIZE_ERROR_CODES = [
  'empty',
  'not_image',
  'wrong_format',
  'image_unreadable',
  'too_large',
  'too_many_pixels',
  'output_too_large',
] as const
type ResizeErrorCode = (typeof RESIZE_ERROR_CODES)[number]

/** An image the resizer refuses (422, or 413 for too large), with its message key. */
export class ResizeError extends StudioException {
  constructor(
    readonly code: ResizeErrorCode,
    params: Record<string, unknown> = {}
  ) {
    super(`labs.resizer.errors.${code}`, {
      status: code === 'too_large' ? 413 : 422,
      data: { code, ...params },
    })
  }
}

/** An accepted input image. */
export interface ResizeInput {
  path: string
  format: CoverFormat
  width: number
  height: number
  bytes: number
}

interface ResizeOptions {
  width: number
  height: number
  format: CoverFormat
  mode: ResizeMode
  /** Where a crop keeps the picture. */
  position: CropPosition
  /** The pad colour (`#rrggbb`); also what a transparent png is laid on for a jpg. */
  background: string
  /** When set, the output must fit in this many bytes (jpg quality, png palette lowered until it does). */
  maxBytes?: number
}

const MB = 1024 * 1024
const JPEG_MAGIC = [0xff, 0xd8, 0xff]
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** The format the first bytes of a file say, or null. */
function formatOfHead(head: Buffer): CoverFormat | null {
  if (JPEG_MAGIC.every((byte, index) => head[index] === byte)) return 'jpeg'
  if (head.length >= 8 && PNG_MAGIC.every((byte, index) => head[index] === byte)) return 'png'
  return null
}

async function headOf(path: string) {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(8)
    const { bytesRead } = await handle.read(head, 0, 8, 0)
    return head.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/**
 * Reads and checks the image at `path`: at most RESIZE_INPUT_MAX_BYTES, a jpg
 * or png by its magic bytes (`expected` when the caller wants one of them),
 * whose header sharp reads as the same format, and of at most
 * RESIZE_INPUT_MAX_PIXELS (read from the header: nothing is decoded yet).
 */
export async function readResizeInput(path: string, expected?: CoverFormat): Promise<ResizeInput> {
  const info = await stat(path)
  const bytes = info.size
  if (bytes === 0) throw new ResizeError('empty')
  if (bytes > RESIZE_INPUT_MAX_BYTES) {
    throw new ResizeError('too_large', { max_mb: RESIZE_INPUT_MAX_BYTES / MB })
  }
  const format = formatOfHead(await headOf(path))
  if (!format) throw new ResizeError('not_image')
  if (expected && format !== expected) {
    throw new ResizeError('wrong_format', { expected: expected === 'jpeg' ? 'jpg' : 'png' })
  }
  const metadata = await sharp(path, { limitInputPixels: false })
    .metadata()
    .catch(() => null)
  if (!metadata || metadata.format !== format || !metadata.width || !metadata.height) {
    throw new ResizeError('image_unreadable')
  }
  // a jpg whose EXIF turns it a quarter: its width and height as it is shown
  const turned = (metadata.orientation ?? 1) >= 5
  const width = turned ? metadata.height : metadata.width
  const height = turned ? metadata.width : metadata.height
  if (width * height > RESIZE_INPUT_MAX_PIXELS) {
    throw new ResizeError('too_many_pixels', {
      width,
      height,
      max_megapixels: RESIZE_INPUT_MAX_PIXELS / 1_000_000,
    })
  }
  return { path, format, width, height, bytes }
}

function rgbOf(colour: string) {
  const value = Number.parseInt(colour.slice(1), 16)
  return { r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff, alpha: 1 }
}

/** jpg qualities and png palettes tried, best first, until the output fits its limit. */
const JPEG_QUALITIES = [90, 82, 74, 66, 58, 50]
const PNG_STEPS: PngOptions[] = [
  { compressionLevel: 6 },
  { compressionLevel: 9, palette: true, quality: 90 },
  { compressionLevel: 9, palette: true, quality: 70, colours: 128 },
]

/** The image at `input` at exactly `options.width`×`options.height`, cropped or padded. */
export async function renderCover(input: ResizeInput, options: ResizeOptions): Promise<Buffer> {
  const background = rgbOf(options.background)
  const resized = await sharp(input.path, { limitInputPixels: RESIZE_INPUT_MAX_PIXELS })
    .rotate()
    .resize(options.width, options.height, {
      fit: options.mode === 'crop' ? 'cover' : 'contain',
      position:
        options.mode === 'crop' && options.position === 'attention'
          ? sharp.strategy.attention
          : 'centre',
      background,
    })
    // a jpg has no transparency: a transparent png is laid on the chosen colour
    .flatten(options.format === 'jpeg' ? { background } : false)
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      // a header that reads but a body that does not (a file cut short)
      throw new ResizeError('image_unreadable')
    })
  const { width, height, channels } = resized.info
  const encode = (apply: (image: Sharp) => Sharp) =>
    apply(sharp(resized.data, { raw: { width, height, channels } })).toBuffer()

  const attempts =
    options.format === 'jpeg'
      ? JPEG_QUALITIES.map((quality) => (image: Sharp) => image.jpeg({ quality }))
      : PNG_STEPS.map((step) => (image: Sharp) => image.png(step))
  for (const attempt of attempts) {
    const output = await encode(attempt)
    if (!options.maxBytes || output.length <= options.maxBytes) return output
  }
  throw new ResizeError('output_too_large', {
    width: options.width,
    height: options.height,
    max_mb: Math.round((options.maxBytes! / MB) * 10) / 10,
  })
}

/** The format a platform's size is written in: the input's when the platform takes it. */
export function formatFor(size: CoverSize, input: ResizeInput): CoverFormat {
  const formats = COVER_RULES[size.platform].formats
  return formats.includes(input.format) ? input.format : formats[0]
}

/** A small jpg of an output (the screen's preview), at most `side` pixels on its long side. */
export function previewOf(output: Buffer, side = 240) {
  return sharp(output)
    .resize(side, side, { fit: 'inside' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 70 })
    .toBuffer()
}

export const MIME_OF: Record<CoverFormat, string> = { jpeg: 'image/jpeg', png: 'image/png' }
export const EXTENSION_OF: Record<CoverFormat, string> = { jpeg: 'jpg', png: 'png' }
