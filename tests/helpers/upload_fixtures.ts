import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createFile } from 'mp4box'
import sharp from 'sharp'

/**
 * Small real files for the upload station's tests, made by the libraries
 * that read and write them (no fixture binaries in the repository).
 */

/** An H.264 decoder configuration (avcC) of a 64×64 baseline stream. */
const AVC_CONFIG = new Uint8Array([
  0x01, 0x42, 0xc0, 0x0a, 0xff, 0xe1, 0x00, 0x0a, 0x67, 0x42, 0xc0, 0x0a, 0xd9, 0x04, 0x26, 0xc0,
  0x44, 0x00, 0x01, 0x00, 0x04, 0x68, 0xce, 0x3c, 0x80,
])

/**
 * An mp4 (ISO BMFF, `isom` brand, one H.264 track) of `seconds` seconds, one
 * sample a second, written by mp4box. `moovLast` puts the movie header after
 * the media data (as cameras write it); `padBytes` makes the first sample
 * that much larger (a big file).
 */
export function mp4Bytes(
  options: { seconds?: number; moovLast?: boolean; padBytes?: number } = {}
): Buffer {
  const seconds = options.seconds ?? 12
  const file = createFile()
  const track = file.addTrack({
    type: 'avc1',
    width: 64,
    height: 64,
    timescale: 1000,
    duration: seconds * 1000,
    media_duration: seconds * 1000,
    brands: ['isom', 'iso2', 'avc1', 'mp41'],
    avcDecoderConfigRecord: AVC_CONFIG.slice().buffer,
  })
  for (let second = 0; second < seconds; second++) {
    const size = 32 + (second === 0 ? (options.padBytes ?? 0) : 0)
    file.addSample(track, new Uint8Array(size), { duration: 1000, is_sync: second === 0 })
  }
  if (options.moovLast) {
    file.boxes.splice(file.boxes.indexOf(file.moov), 1)
    file.boxes.push(file.moov)
  }
  const stream = file.getBuffer()
  return Buffer.from(stream.buffer, 0, stream.byteLength)
}

/** A jpg or png thumbnail of `width`×`height`. */
export function imageBytes(format: 'jpeg' | 'png', width = 32, height = 18) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .toFormat(format)
    .toBuffer()
}

/** A folder for one test's files; removed afterwards (`cleanup`). */
export async function fixtureFolder() {
  const folder = await mkdtemp(join(tmpdir(), 'mcn-upload-test-'))
  return {
    folder,
    async write(name: string, bytes: Uint8Array | string) {
      const path = join(folder, name)
      await writeFile(path, bytes)
      return path
    },
    cleanup: () => rm(folder, { recursive: true, force: true }),
  }
}
