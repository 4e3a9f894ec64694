import { DateTime } from 'luxon'
import type { I18n } from '@adonisjs/i18n'
import studioConfig from '#config/studio'
import { presentUploadVerdict } from '#services/uploads/upload_check_presenter'
import {
  checkUpload,
  type UploadFilesState,
  type UploadFormValues,
  type UploadVerdict,
} from '#shared/uploads'
import type { UploadCheckInput } from '#validators/upload'

/**
 * The station's rules on the server: a validated submission read as the
 * form's values, judged by checkUpload (api/shared/uploads.ts, the admin's
 * form runs the same); upload_check_presenter.ts words the verdict.
 */
export default class UploadRulesService {
  /**
   * The scheduled moment of a submission: `scheduled_at` as sent, or the
   * date and time read in the studio's time zone; null for "now".
   */
  static scheduledAt(
    input: Pick<UploadCheckInput, 'scheduled_at' | 'scheduled_date' | 'scheduled_time'>
  ) {
    if (input.scheduled_at) {
      return DateTime.fromISO(input.scheduled_at, { setZone: true }).toUTC().toISO()
    }
    if (input.scheduled_date && input.scheduled_time) {
      return DateTime.fromISO(`${input.scheduled_date}T${input.scheduled_time}`, {
        zone: studioConfig.timezone,
      })
        .toUTC()
        .toISO()
    }
    return null
  }

  /** The validated submission as the rules read it. */
  static formValues(input: UploadCheckInput): UploadFormValues {
    return {
      platforms: input.platforms ?? [],
      title: input.title ?? '',
      detail: input.detail ?? '',
      category: input.category ?? null,
      subcategory: input.subcategory ?? null,
      tags: input.tags ?? '',
      eventTag: input.event_tag ?? null,
      topic: input.topic ?? null,
      share: input.share ?? false,
      advert: input.advert ?? false,
      original: input.original ?? null,
      scheduledAt: this.scheduledAt(input),
      subscribeAtS: input.subscribe_at_s ?? null,
    }
  }

  /** The verdict on a submission at the studio's clock (luxon's, which the tests set). */
  static check(input: UploadCheckInput, files?: Partial<UploadFilesState>): UploadVerdict {
    return checkUpload(
      this.formValues(input),
      {
        video: Boolean(input.video),
        thumbnail: Boolean(input.thumbnail),
        videoDurationS: input.video_duration_s ?? null,
        ...files,
      },
      DateTime.now().toMillis()
    )
  }

  /** The verdict worded in the caller's language (presentUploadVerdict). */
  static present(verdict: UploadVerdict, i18n: I18n) {
    return presentUploadVerdict(verdict, i18n)
  }
}
