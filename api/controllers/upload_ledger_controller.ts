import type { HttpContext } from '@adonisjs/core/http'
import StudioException from '#exceptions/studio_exception'
import UploadPolicy from '#policies/upload_policy'
import Transfers from '#services/uploads/transfers'
import UploadLedgerService from '#services/uploads/upload_ledger_service'
import UploadReadService from '#services/uploads/upload_read_service'
import {
  presentUploadRefusal,
  presentUploadVerdict,
} from '#services/uploads/upload_check_presenter'
import { presentUploadTask } from '#services/uploads/upload_presenter'
import { ok } from '#support/envelope'
import { listEnvelope, setTotal } from '#support/pagination'
import { areaMessages } from '#validators/messages'
import {
  uploadListValidator,
  uploadSubmitValidator,
  uploadTaskValidator,
} from '#validators/upload_ledger'

/**
 * The upload ledger (SPEC §2 'Video Upload Station', §7): the resumable
 * transfer, the submission of an upload, its records and stats, and one
 * task for polling. UploadPolicy decides who; UploadTask.visibleTo
 * which rows.
 */
export default class UploadLedgerController {
  /** The submission's fields are worded by uploads.json, the lists' by upload_ledger.json. */
  #messages(ctx: HttpContext, area: 'uploads' | 'upload_ledger' = 'upload_ledger') {
    return { messagesProvider: areaMessages(ctx.i18n, `${area}.validator`) }
  }

  /**
   * POST, PATCH, HEAD, DELETE /api/video/upload_file[/<id>]: the tus
   * protocol, answered by the tus server on the raw request and response
   * (the body parser reads no `application/offset+octet-stream` body).
   */
  async transfer(ctx: HttpContext) {
    const id = Transfers.idOf(ctx.request.url())
    const ownerId = id === null ? null : Transfers.ownerOf(id)
    if (id !== null && ownerId === null)
      throw new StudioException('errors.not_found', { status: 404 })
    await ctx.bouncer.with(UploadPolicy).authorize('transfer', ownerId)
    const user = ctx.auth.getUserOrFail()
    await Transfers.handle(ctx.request.request, ctx.response.response, user.id, ctx.i18n)
  }

  /**
   * POST /api/video/upload → { task } (form-encoded or JSON, the fields of
   * POST /api/uploads/check with `video` and `thumbnail` as finished upload
   * ids); 422 with the rules' verdict (as /api/uploads/check answers it)
   * when the station's rules refuse it.
   */
  async submit(ctx: HttpContext) {
    await ctx.bouncer.with(UploadPolicy).authorize('upload')
    const input = await ctx.request.validateUsing(
      uploadSubmitValidator,
      this.#messages(ctx, 'uploads')
    )
    const result = await UploadLedgerService.submit(ctx.auth.getUserOrFail(), input)
    if (result.refused) {
      const verdict = presentUploadVerdict(result.refused, ctx.i18n)
      return ctx.response.status(422).send(presentUploadRefusal(verdict))
    }
    return ok({ task: presentUploadTask(result.task) })
  }

  /** GET /api/video/upload_record?_start=&_end= → { items, total } (and x-total-count) */
  async records(ctx: HttpContext) {
    await ctx.bouncer.with(UploadPolicy).authorize('records')
    const params = await ctx.request.validateUsing(uploadListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const page = await UploadReadService.records(ctx.auth.getUserOrFail(), params)
    setTotal(ctx.response, page.total)
    return ok(listEnvelope(page, presentUploadTask))
  }

  /** GET /api/video/creator_upload_list?creator_id=&_start=&_end= */
  async ofCreator(ctx: HttpContext) {
    await ctx.bouncer.with(UploadPolicy).authorize('records')
    const params = await ctx.request.validateUsing(uploadListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const page = await UploadReadService.ofCreator(ctx.auth.getUserOrFail(), params)
    setTotal(ctx.response, page.total)
    return ok(listEnvelope(page, presentUploadTask))
  }

  /** GET /api/creator/v2/uploads?creator_id= → the upload stats */
  async stats(ctx: HttpContext) {
    await ctx.bouncer.with(UploadPolicy).authorize('records')
    const params = await ctx.request.validateUsing(uploadListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    return ok(await UploadReadService.stats(ctx.auth.getUserOrFail(), params))
  }

  /** GET /api/uploads/:id → one task with its publications' states and progress */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with(UploadPolicy).authorize('records')
    const { id } = await uploadTaskValidator.validate(ctx.params, this.#messages(ctx))
    return ok(presentUploadTask(await UploadReadService.show(ctx.auth.getUserOrFail(), id)))
  }
}
