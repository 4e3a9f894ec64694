/**
 * The station's checks of a chosen file in the browser, by its bytes (not
 * its name), before anything is sent: the server checks the stored file
 * again (api/services/uploads/upload_files.ts) with the same messages.
 */

export type FileProblem = 'empty' | 'not_mp4' | 'not_image' | 'video_no_duration'

async function headOf(file: Blob, length: number) {
  return new Uint8Array(await file.slice(0, length).arrayBuffer())
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to))

/** An mp4 starts with an ISO BMFF `ftyp` box whose brand is not QuickTime's. */
export async function sniffVideo(file: Blob): Promise<FileProblem | null> {
  if (file.size === 0) return 'empty'
  const head = await headOf(file, 12)
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp' || ascii(head, 8, 12) === 'qt  ') {
    return 'not_mp4'
  }
  return null
}

/** A thumbnail is a JPEG (FF D8 FF) or a PNG (89 'PNG' 0D 0A 1A 0A), whatever its name says. */
export async function sniffImage(file: Blob): Promise<FileProblem | null> {
  if (file.size === 0) return 'empty'
  const head = await headOf(file, 8)
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff
  const png =
    head.length === 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => head[index] === byte)
  return jpeg || png ? null : 'not_image'
}

/**
 * The video's length in seconds as the browser reads it from the mp4's
 * header (for the Xigua subscribe button's rule), or null when it cannot
 * (a codec the browser does not play: the server reads it again).
 */
export function readDuration(file: Blob, timeoutMs = 10_000): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file)
    const video = document.createElement('video')
    const done = (value: number | null) => {
      clearTimeout(timer)
      video.removeAttribute('src')
      video.load()
      URL.revokeObjectURL(url)
      resolve(value)
    }
    const timer = setTimeout(() => done(null), timeoutMs)
    video.preload = 'metadata'
    video.muted = true
    video.onloadedmetadata = () =>
      done(Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null)
    video.onerror = () => done(null)
    video.src = url
  })
}

/** A preview URL of an image chosen in the browser (revoke it when done). */
export const previewOf = (file: Blob) => URL.createObjectURL(file)
