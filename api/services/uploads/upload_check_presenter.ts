import type { I18n } from '@adonisjs/i18n'
import type { UploadNotice, UploadVerdict, UploadViolation } from '#shared/uploads'

/** A violation's or notice's words in the caller's language, its platform named there too. */
function wordsOf(i18n: I18n, group: 'rules' | 'notices', entry: UploadViolation | UploadNotice) {
  const params: Record<string, string | number> = { ...entry.params }
  if (entry.platform) params.platform = i18n.t(`uploads.platforms.${entry.platform}`)
  return i18n.t(`uploads.${group}.${entry.key}`, params)
}

/**
 * A submission's verdict as the API answers it (the shape of UploadVerdict,
 * api/shared/uploads.ts, so the admin reads its own and the server's alike):
 * `ok`, the parsed tags, each platform's plan, and every notice and violation
 * with its `message`.
 */
export function presentUploadVerdict(verdict: UploadVerdict, i18n: I18n) {
  return {
    ok: verdict.violations.length === 0,
    tags: verdict.tags,
    plans: verdict.plans,
    notices: verdict.notices.map((notice) => ({
      ...notice,
      message: wordsOf(i18n, 'notices', notice),
    })),
    violations: verdict.violations.map((violation) => ({
      ...violation,
      message: wordsOf(i18n, 'rules', violation),
    })),
  }
}
type PresentedUploadVerdict = ReturnType<typeof presentUploadVerdict>

/**
 * The 422 body of a verdict with violations: the studio's error shape
 * (`status`, `message`: the first violation, `errors` as the validator's
 * field errors, which the admin's forms place under their fields) with the
 * verdict as `data`.
 */
export function presentUploadRefusal(verdict: PresentedUploadVerdict) {
  return {
    status: 422,
    message: verdict.violations[0]?.message ?? '',
    errors: verdict.violations.map((violation) => ({
      field: violation.field,
      rule: violation.key,
      message: violation.message,
      ...(violation.platform ? { platform: violation.platform } : {}),
    })),
    data: verdict,
  }
}
