import { createWriteStream } from 'node:fs'
import { unlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import type { HttpContext } from '@adonisjs/core/http'

/** Room for the multipart framing and the small fields beside the file. */
const FRAMING_BYTES = 64 * 1024

/**
 * Reads an upload route's multipart body — called by its controller once
 * auth, the allow-list and the route's policy have passed (the body parser
 * reads no multipart body by itself: config/bodyparser.ts). The body is
 * streamed with the route's own limit (`maxBytes` for the file plus a little
 * framing): crossing it ends the upload at once with 413, nothing more is
 * written. `handle` then reads the files as usual (`request.file(...)`), and
 * every temporary file is removed afterwards whatever the outcome (a file the
 * handler moved away is left where it went).
 */
export async function withUpload<T>(
  ctx: HttpContext,
  maxBytes: number,
  handle: () => Promise<T>,
  /** The route's own answer when the body crosses the limit (else the generic 413). */
  tooLarge?: () => T | Promise<T>
): Promise<T> {
  const written: string[] = []
  try {
    // The body parser prepares `multipart` for multipart requests only.
    const multipart = ctx.request.is(['multipart/form-data']) ? ctx.request.multipart : undefined
    if (multipart) {
      multipart.onFile('*', { deferValidations: true }, async (part, reporter) => {
        const tmpPath = join(tmpdir(), `mcn-upload-${randomUUID()}`)
        written.push(tmpPath)
        part.pause()
        part.on('data', reporter)
        await pipeline(part, createWriteStream(tmpPath))
        return { tmpPath }
      })
      try {
        await multipart.process({ limit: maxBytes + FRAMING_BYTES })
      } catch (error) {
        if (tooLarge && (error as { code?: string }).code === 'E_REQUEST_ENTITY_TOO_LARGE') {
          return await tooLarge()
        }
        throw error
      }
    }
    return await handle()
  } finally {
    await Promise.all(written.map((path) => unlink(path).catch(() => undefined)))
  }
}
