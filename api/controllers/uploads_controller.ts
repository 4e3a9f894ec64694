import type { HttpContext } from '@adonisjs/core/http'
import UploadRulesService from '#services/uploads/upload_rules_service'
import {
  presentUploadRefusal,
  presentUploadVerdict,
} from '#services/uploads/upload_check_presenter'
import { ok } from '#support/envelope'
import { areaMessages } from '#validators/messages'
import { uploadCheckValidator } from '#validators/upload'

/** Validation messages of the upload endpoints in the caller's language. */
function uploadMessages(ctx: HttpContext) {
  return { messagesProvider: areaMessages(ctx.i18n, 'uploads.validator') }
}

/**
 * The upload station (SPEC §2 'Video Upload Station'). UploadPolicy decides
 * who (the staff side; admins); the station's rules are checkUpload's
 * (api/shared/uploads.ts), the same the admin's form runs.
 */
export default class UploadsController {
  /**
   * POST /api/uploads/check — the server's verdict on a submission before
   * anything is sent (form-encoded or JSON; the files as upload ids, not
   * read): each platform's values cut to its limits, the notices (what was
   * cut, which schedule falls back to immediate), the violations, each
   * with its message. 200 `{status: 0, data: verdict}` when it may be
   * sent; 422 when not: the studio's error shape (`status`, `message`: the
   * first violation, `errors`: one per violation with its field) with the
   * verdict as `data`.
   */
  async check(ctx: HttpContext) {
    await ctx.bouncer.with('UploadPolicy').authorize('use')
    const input = await ctx.request.validateUsing(uploadCheckValidator, uploadMessages(ctx))
    const verdict = presentUploadVerdict(UploadRulesService.check(input), ctx.i18n)
    if (!verdict.ok) return ctx.response.status(422).send(presentUploadRefusal(verdict))
    return ok(verdict)
  }
}
