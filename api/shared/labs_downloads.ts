/*
| Labs (SPEC §2 'Labs'): the rules of the data download and of the YouTube
| video download that the admin's forms and the API both apply.
*/

/** Weekly figures run Monday to Sunday; monthly ones over calendar months. */
export const DATA_EXPORT_GRANULARITIES = ['week', 'month'] as const
export type DataExportGranularity = (typeof DATA_EXPORT_GRANULARITIES)[number]

/**
 * The figures a data download may hold. Watch time is asked for by name, but
 * no platform the studio reads gives it (see data_export_figures.ts): its
 * column then says so instead of showing a number.
 */
export const DATA_EXPORT_FIELDS = ['fans', 'views', 'watch_time'] as const
export type DataExportField = (typeof DATA_EXPORT_FIELDS)[number]

export const DATA_EXPORT_LIMITS = {
  /** The longest period of a weekly download, in weeks (a year). */
  maxWeeks: 53,
  /** The longest period of a monthly download, in months. */
  maxMonths: 24,
  /** Creators in one download. */
  maxCreators: 500,
} as const

/** A download's life: queued, running, then completed or failed. */
const LABS_JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const
export type LabsJobStatus = (typeof LABS_JOB_STATUSES)[number]

/** Why a video download failed (their messages live under labs.video.errors.*). */
export const VIDEO_DOWNLOAD_ERRORS = [
  'downloader_missing',
  'network',
  'too_large',
  'unavailable',
  'no_file',
  'timed_out',
  'interrupted',
  'failed',
] as const
export type VideoDownloadError = (typeof VIDEO_DOWNLOAD_ERRORS)[number]

/** The longest link the link box takes. */
export const VIDEO_LINK_MAX = 500

const VIDEO_ID = /^[\w-]{11}$/
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com'])

/**
 * The 11-character id of a YouTube video link — youtube.com/watch?v=<id>,
 * youtu.be/<id> or youtube.com/shorts/<id> (https or http, with or without
 * www. or m.) — or null for any other text. The link must be the whole text.
 */
export function youtubeVideoId(link: string): string | null {
  const text = link.trim()
  if (!text || text.length > VIDEO_LINK_MAX || /\s/.test(text)) return null
  let url: URL
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password || url.port) return null
  const host = url.hostname.toLowerCase()
  const parts = url.pathname.split('/').filter(Boolean)
  let id: string | null = null
  if (host === 'youtu.be' && parts.length === 1) id = parts[0]
  else if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') id = url.searchParams.get('v')
    else if (parts.length === 2 && parts[0] === 'shorts') id = parts[1]
  }
  return id && VIDEO_ID.test(id) ? id : null
}

/** The one address a video id is downloaded from (never the pasted text itself). */
export function youtubeWatchUrl(videoId: string) {
  return `https://www.youtube.com/watch?v=${videoId}`
}
