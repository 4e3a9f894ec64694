import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { withUpload } from '#support/uploads'
import { areaMessages } from '#validators/messages'
import { metricImportAccountValidator, metricImportValidator } from '#validators/metric_import'
import {
  importPlatformExport,
  importedAccount,
} from '#services/metrics/account_imports/import_service'
import { receivedExport } from '#services/metrics/account_imports/upload'
import { PLATFORM_EXPORT_LIMITS } from '#shared/platform_exports'

/** A platform's own creator-center export imported into one account's daily figures. */
export default class MetricImportsController {
  /** POST /api/creators/:id/accounts/:platform/imports (multipart `file`; `from`, `to`). */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('MetricImportPolicy').authorize('import')
    return withUpload(ctx, PLATFORM_EXPORT_LIMITS.maxBytes, () => this.#store(ctx))
  }

  async #store(ctx: HttpContext) {
    const messages = { messagesProvider: areaMessages(ctx.i18n, 'metric_imports.validator') }
    const { id, platform } = await metricImportAccountValidator.validate(ctx.params, messages)
    const input = await metricImportValidator.validate(
      { ...ctx.request.qs(), ...ctx.request.body() },
      messages
    )
    const account = await importedAccount(ctx.auth.getUserOrFail(), id, platform)
    const { path, kind } = await receivedExport(ctx)
    const result = await importPlatformExport(actorOf(ctx), account, path, {
      ...input,
      kind,
      t: (key, data) => ctx.i18n.t(key, data),
    })
    if ('fileError' in result) {
      ctx.response.status(422)
      return { status: 422, message: result.fileError }
    }
    return ok(result)
  }
}
