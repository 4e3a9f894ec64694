/**
 * The upload station's rules (SPEC §5 'Upload', §9): one source for the API's
 * validators, the publishing job and the admin's form (`@shared/uploads`).
 * Keep it free of Node-only imports.
 */

/** The platforms a video can be uploaded to from the station. */
export const UPLOAD_PLATFORMS = ['bilibili', 'xigua', 'haokan'] as const
export type UploadPlatform = (typeof UPLOAD_PLATFORMS)[number]

/** Titles longer than this are cut (with the spec's notice). */
export const TITLE_MAX: Record<UploadPlatform, number> = { bilibili: 30, xigua: 80, haokan: 80 }
/** Details longer than this are cut (with the spec's notice). */
export const DETAIL_MAX: Record<UploadPlatform, number> = { bilibili: 100, xigua: 400, haokan: 250 }
/** Tags, entered comma-separated (Haokan takes 5). */
export const TAGS_MAX: Record<UploadPlatform, number> = { bilibili: 10, xigua: 10, haokan: 5 }

/** A scheduled time at least this far ahead is sent as a scheduled publication; else immediate. */
export const SCHEDULE_LEAD_HOURS: Record<UploadPlatform, number> = {
  bilibili: 4,
  xigua: 2,
  haokan: 4,
}

/** Each publication attempt's time limit. */
export const PUBLISH_ATTEMPT_LIMIT_MS = 5 * 60_000

/** Xigua's subscribe button shows this long and must start at least this long before the end. */
export const SUBSCRIBE_BUTTON_SECONDS = 5

/** Per platform, which fields the station requires. */
export const REQUIRED_FIELDS: Record<
  UploadPlatform,
  readonly ('category' | 'subcategory' | 'tags' | 'eventTag' | 'original')[]
> = {
  bilibili: ['category', 'subcategory', 'tags', 'eventTag'],
  xigua: ['tags', 'eventTag'],
  haokan: ['category', 'subcategory', 'original'],
}

/** A publication's states as the waiting and result lists show them. */
export const PUBLICATION_STATUSES = [
  'requesting',
  'uploading',
  'scheduled',
  'success',
  'failure',
] as const
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number]
