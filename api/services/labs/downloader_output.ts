import type { VideoDownloadError } from '#shared/labs_downloads'

/*
| What yt-dlp prints, read line by line (it runs with --newline, so each
| progress update is a line of its own). The shapes, as yt-dlp's
| downloader/common.py report_progress and YoutubeDL.py write them:
|
|   [download]  45.2% of ~  20.00MiB at    1.00MiB/s ETA 00:10 (frag 3/10)
|   [download] 100% of   10.00MiB in 00:00:05 at 2.00MiB/s
|   [download] Destination: /storage/labs/videos/7/Title [id].mp4
|   [download] File is larger than max-filesize (123456 bytes > 100 bytes). Aborting.
|   ERROR: [youtube] abcdefghijk: Video unavailable
|   ERROR: [youtube] abcdefghijk: Unable to download API page: <urlopen error
|          [Errno -3] Temporary failure in name resolution> (caused by …)
*/

interface DownloaderProgress {
  /** Per mille. */
  progress: number
  /** The size the downloader announced (estimated with ~), when it said. */
  totalBytes: number | null
}

const UNITS: Record<string, number> = {
  B: 1,
  KIB: 1024,
  MIB: 1024 ** 2,
  GIB: 1024 ** 3,
  TIB: 1024 ** 4,
  KB: 1000,
  MB: 1000 ** 2,
  GB: 1000 ** 3,
  TB: 1000 ** 4,
}

const PROGRESS = /^\[download\]\s+(\d+(?:\.\d+)?)%(?:\s+of\s+~?\s*(\d+(?:\.\d+)?)\s*([KMGT]?i?B))?/i
const TOO_LARGE = /^\[download\] File is larger than max-filesize/i

/** The progress a line reports, or null for any other line. */
export function progressOf(line: string): DownloaderProgress | null {
  const found = PROGRESS.exec(line.trim())
  if (!found) return null
  const percent = Math.min(Math.max(Number(found[1]), 0), 100)
  const unit = found[3] ? UNITS[found[3].toUpperCase()] : undefined
  return {
    progress: Math.round(percent * 10),
    totalBytes: found[2] && unit ? Math.round(Number(found[2]) * unit) : null,
  }
}

/** Whether the line is yt-dlp refusing the file for --max-filesize (it then exits 0). */
export function saysTooLarge(line: string) {
  return TOO_LARGE.test(line.trim())
}

/** The network could not be reached: names that do not resolve, refused or timed-out connections. */
const NETWORK = [
  /name resolution/i,
  /name or service not known/i,
  /nodename nor servname/i,
  /getaddrinfo/i,
  /network is unreachable/i,
  /no route to host/i,
  /connection refused/i,
  /connection reset/i,
  /timed out/i,
  /urlopen error/i,
  /unable to connect/i,
  /failed to resolve/i,
  /ssl: /i,
]
const UNAVAILABLE = [
  /video unavailable/i,
  /private video/i,
  /has been removed/i,
  /sign in to confirm your age/i,
  /not available in your country/i,
  /members-only/i,
  /this live event will begin/i,
]

/**
 * Why a download that exited with a failure failed, from its exit code and
 * the ERROR lines of its stderr: 'network' when it could not reach YouTube,
 * 'unavailable' when YouTube refused the video, else 'failed'.
 */
export function failureOf(stderr: string): VideoDownloadError {
  const errors = stderr
    .split(/\r?\n/)
    .filter((line) => /^ERROR:/i.test(line.trim()))
    .join('\n')
  const text = errors || stderr
  if (UNAVAILABLE.some((pattern) => pattern.test(text))) return 'unavailable'
  if (NETWORK.some((pattern) => pattern.test(text))) return 'network'
  return 'failed'
}

/** The downloader's last ERROR line (else its last line), cut for the row. */
export function lastWords(stderr: string, max = 500) {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
  const error = [...lines].reverse().find((line) => /^ERROR:/i.test(line))
  const chosen = error ?? lines[lines.length - 1] ?? ''
  return chosen.length > max ? chosen.slice(0, max) : chosen
}
