import type { HttpContext } from '@adonisjs/core/http'
import type { Readable } from 'node:stream'
import CoverBatches from '#services/labs/cover_batches'
import {
  EXTENSION_OF,
  MIME_OF,
  ResizeError,
  readResizeInput,
  renderCover,
} from '#services/labs/cover_resizer'
import StudioException from '#exceptions/studio_exception'
import { ok } from '#support/envelope'
import { withUpload } from '#support/uploads'
import { areaMessages } from '#validators/messages'
import { coverBatchValidator, singleResizeValidator } from '#validators/labs'
import {
  COVER_SIZES,
  RESIZE_INPUT_MAX_BYTES,
  coverSizeOf,
  type CoverFormat,
} from '#shared/cover_sizes'

/** The multipart field names an image may come in (the admin sends `image`). */
const IMAGE_FIELDS = ['image', 'file', 'picture']

function tooLarge(): never {
  throw new ResizeError('too_large', { max_mb: RESIZE_INPUT_MAX_BYTES / 1024 / 1024 })
}

/**
 * The Labs thumbnail resizer (SPEC §2 'Labs'): every chosen platform size of
 * one image (previews, one download, all as a zip), and the SPEC §7 paths
 * that resize to one size and answer the image. LabsPolicy 'resize' is asked
 * before the multipart body is read; the body is streamed with the input's
 * limit (api/support/uploads.ts) and the image judged by its bytes.
 */
export default class LabsCoversController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'labs.resizer.validator') }
  }

  /** The uploaded image, checked (`expected`: the format a SPEC path insists on). */
  async #image(ctx: HttpContext, expected?: CoverFormat) {
    for (const field of IMAGE_FIELDS) {
      const file = ctx.request.file(field)
      if (!file) continue
      if (!file.tmpPath) tooLarge()
      return readResizeInput(file.tmpPath, expected)
    }
    throw new StudioException('labs.resizer.errors.image_required', { status: 422 })
  }

  /** POST /api/labs/covers (multipart `image`; `sizes`, `mode`, `position`, `background`). */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('LabsPolicy').authorize('resize')
    return withUpload(ctx, RESIZE_INPUT_MAX_BYTES, () => this.#store(ctx), tooLarge)
  }

  async #store(ctx: HttpContext) {
    const input = await coverBatchValidator.validate(ctx.request.body(), this.#messages(ctx))
    const image = await this.#image(ctx)
    const sizes = input.sizes ? input.sizes.map((key) => coverSizeOf(key)!) : COVER_SIZES
    const batch = await CoverBatches.create(ctx.auth.getUserOrFail(), image, {
      sizes,
      mode: input.mode ?? 'crop',
      position: input.position ?? 'attention',
      background: input.background ?? '#ffffff',
    })
    return ok(batch)
  }

  /** GET /api/labs/covers/:id/:key — one size of a batch, as a download. */
  async output(ctx: HttpContext) {
    await ctx.bouncer.with('LabsPolicy').authorize('resize')
    const output = await CoverBatches.output(
      ctx.auth.getUserOrFail(),
      String(ctx.params.id),
      String(ctx.params.key)
    )
    this.#attachment(ctx, output.mime, output.name)
    return ctx.response.send(output.bytes)
  }

  /** GET /api/labs/covers/:id/zip — every size of a batch in one zip, streamed. */
  async zip(ctx: HttpContext) {
    await ctx.bouncer.with('LabsPolicy').authorize('resize')
    const zip = await CoverBatches.zip(ctx.auth.getUserOrFail(), String(ctx.params.id))
    this.#attachment(ctx, 'application/zip', zip.name)
    return ctx.response.stream(zip.stream as Readable)
  }

  /** POST /api/other/resize_jpg_picture (multipart `image`; `width`, `height`, `mode`…) — the jpg. */
  async resizeJpg(ctx: HttpContext) {
    return this.#single(ctx, 'jpeg')
  }

  /** POST /api/other/resize_png_picture — the same for a png. */
  async resizePng(ctx: HttpContext) {
    return this.#single(ctx, 'png')
  }

  async #single(ctx: HttpContext, format: CoverFormat) {
    await ctx.bouncer.with('LabsPolicy').authorize('resize')
    return withUpload(
      ctx,
      RESIZE_INPUT_MAX_BYTES,
      async () => {
        const input = await singleResizeValidator.validate(
          { ...ctx.request.qs(), ...ctx.request.body() },
          this.#messages(ctx)
        )
        const image = await this.#image(ctx, format)
        const bytes = await renderCover(image, {
          width: input.width,
          height: input.height,
          format,
          mode: input.mode ?? 'crop',
          position: input.position ?? 'centre',
          background: input.background ?? '#ffffff',
        })
        const name = `resized_${input.width}x${input.height}.${EXTENSION_OF[format]}`
        this.#attachment(ctx, MIME_OF[format], name)
        return ctx.response.send(bytes)
      },
      tooLarge
    )
  }

  #attachment(ctx: HttpContext, mime: string, name: string) {
    ctx.response.header('content-type', mime)
    ctx.response.header('x-content-type-options', 'nosniff')
    ctx.response.header('cache-control', 'no-store')
    ctx.response.header('content-disposition', `attachment; filename="${name}"`)
  }
}
