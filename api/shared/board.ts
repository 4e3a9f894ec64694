/** The board (SPEC §2 Board): categories and limits shared by the API and the admin. */
export const BOARD_CATEGORIES = [
  'notice',
  'ceo_column',
  'cp_analysis',
  'pp_analysis',
  'external_analysis',
  'business_analysis',
] as const
export type BoardCategory = (typeof BOARD_CATEGORIES)[number]

export const BOARD_STATUSES = ['draft', 'published'] as const
export type BoardStatus = (typeof BOARD_STATUSES)[number]

export const BOARD_LIMITS = {
  titleMax: 200,
  /** Characters of HTML as the editor sends it. */
  contentMax: 200_000,
  searchMax: 100,
  attachmentsPerPost: 10,
  attachmentMaxBytes: 20 * 1024 * 1024,
  pageMax: 100,
  excerptLength: 160,
} as const

/** Files a post may carry (checked by extension; served as downloads, never inline). */
export const BOARD_ATTACHMENT_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'csv',
  'ppt',
  'pptx',
  'hwp',
  'txt',
  'md',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'zip',
  'mp4',
] as const
