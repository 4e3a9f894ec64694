import { spawn } from 'node:child_process'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import LabsVideoDownload from '#models/labs_video_download'
import { youtubeWatchUrl, type VideoDownloadError } from '#shared/labs_downloads'
import { LEASE_OWNER, claimLease } from '#support/lease'
import { sqlDateTime } from '#support/sql'
import { failureOf, lastWords, progressOf, saysTooLarge } from '#services/labs/downloader_output'

/** The downloader and its limits (VIDEO_DOWNLOADER, VIDEO_DOWNLOAD_MAX_BYTES, …_TIMEOUT_MS). */
export function downloaderSettings() {
  return {
    command: env.get('VIDEO_DOWNLOADER') || 'yt-dlp',
    maxBytes: env.get('VIDEO_DOWNLOAD_MAX_BYTES') ?? 2 * 1024 ** 3,
    timeoutMs: env.get('VIDEO_DOWNLOAD_TIMEOUT_MS') ?? 30 * 60_000,
  }
}

/** How often the files on disk are measured and the progress written. */
const WATCH_MS = 300
/** A downloader asked to stop gets this long before it is killed. */
const KILL_GRACE_MS = 3_000
/** The end of stderr kept to tell why it failed. */
const STDERR_KEEP = 16 * 1024
/** What yt-dlp leaves while it works: parts, fragments, its own state. */
const UNFINISHED = /\.(part|ytdl|temp|tmp)$|\.part-Frag\d+|\.f\d+\.\w+$/i

type Stop = VideoDownloadError | 'lost'

/** The bytes of every file in `folder` (0 when it is gone). */
async function folderBytes(folder: string) {
  let total = 0
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    total += await stat(join(folder, name)).then(
      (info) => (info.isFile() ? info.size : 0),
      () => 0
    )
  }
  return total
}

/** The one finished file the downloader left in `folder`, or null. */
async function finishedFile(folder: string) {
  const listed = await readdir(folder).catch(() => [] as string[])
  const names = listed.filter((name) => !UNFINISHED.test(name)).sort()
  for (const name of names) {
    const info = await stat(join(folder, name)).catch(() => null)
    if (info && info.isFile() && info.size > 0) return { name, size: info.size }
  }
  return null
}

/**
 * Runs one YouTube download of Labs (docs: SPEC §2 'Labs'): claims the row
 * with the one lease, runs the downloader command (VIDEO_DOWNLOADER, yt-dlp
 * by default) with spawn and an argument list — no shell, and only the
 * watch address rebuilt from the video id, never the pasted text — reads
 * its progress lines into the row, and enforces the size cap twice: by
 * yt-dlp's own --max-filesize and by measuring the files it writes (killed
 * past the cap). It ends completed only when a finished file is on disk;
 * a missing downloader (ENOENT), an unreachable network, a refused video,
 * a file over the cap or a time-out each end failed with their reason.
 */
export default class VideoDownloadRunner {
  /** The downloads in hand in this process, stopped together by stopAll(). */
  static #running = new Map<number, (reason: Stop) => void>()

  static folder() {
    return app.makePath('storage/labs/videos')
  }

  /** Stops every download in hand (the process is shutting down): each ends "interrupted". */
  static stopAll() {
    for (const stop of this.#running.values()) stop('interrupted')
  }

  /** Stops download `id` if this process runs it (it was deleted): its files go, its row is not written. */
  static cancel(id: number) {
    this.#running.get(id)?.('lost')
  }

  static async run(downloadId: number) {
    const lease = await claimLease('labs_video_downloads', downloadId, {
      where: (query) => query.where('status', 'queued'),
      set: { status: 'running', started_at: sqlDateTime(), updated_at: sqlDateTime() },
    })
    if (!lease) return LabsVideoDownload.find(downloadId)
    const row = await LabsVideoDownload.findOrFail(downloadId)
    const folder = join(this.folder(), String(row.id))
    let outcome: Awaited<ReturnType<typeof this.download>>
    try {
      await rm(folder, { recursive: true, force: true })
      await mkdir(folder, { recursive: true })
      outcome = await this.download(row, folder, (stop) => {
        lease.onLost(() => stop('lost'))
        this.#running.set(row.id, stop)
      })
    } catch (error) {
      logger.warn({ err: error, downloadId }, 'labs video download could not run')
      outcome = { error: 'failed', detail: (error as Error).message }
    } finally {
      this.#running.delete(row.id)
      lease.stop()
    }

    if ('file' in outcome) {
      await this.#finish(row.id, {
        status: 'completed',
        progress: 1000,
        bytes: outcome.file.size,
        file_path: `${row.id}/${outcome.file.name}`,
        file_name: outcome.file.name,
      })
    } else {
      await rm(folder, { recursive: true, force: true })
      if (outcome.error !== 'lost') {
        await this.#finish(row.id, {
          status: 'failed',
          error: outcome.error,
          error_detail: outcome.detail ? outcome.detail.slice(0, 500) : null,
        })
      }
    }
    return LabsVideoDownload.find(downloadId)
  }

  /** The row's last write: its outcome, the video free for another download, the lease cleared. */
  static async #finish(id: number, values: Record<string, unknown>) {
    await LabsVideoDownload.query()
      .where('id', id)
      .where('status', 'running')
      .where('lease_owner', LEASE_OWNER)
      .update({
        ...values,
        active_key: null,
        lease_owner: null,
        finished_at: sqlDateTime(),
        updated_at: sqlDateTime(),
      })
  }

  /**
   * Runs the downloader into `folder`. `hold` is given the function that
   * stops it (with the reason the download then fails for).
   */
  static download(
    row: LabsVideoDownload,
    folder: string,
    hold: (stop: (reason: Stop) => void) => void
  ): Promise<{ file: { name: string; size: number } } | { error: Stop; detail?: string }> {
    const settings = downloaderSettings()
    const args = [
      '--ignore-config',
      '--no-playlist',
      '--newline',
      '--progress',
      '--no-mtime',
      '--format',
      'b',
      '--max-filesize',
      String(settings.maxBytes),
      '--output',
      join(folder, '%(title).100B [%(id)s].%(ext)s'),
      '--',
      youtubeWatchUrl(row.videoId),
    ]
    return new Promise((resolve) => {
      let stopped: Stop | null = null
      let refusedSize = false
      let missing = false
      let stderr = ''
      let lastWrite = 0
      let pending: { progress?: number; total_bytes?: number | null } = {}
      const child = spawn(settings.command, args, {
        cwd: folder,
        shell: false,
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
      })
      let killer: NodeJS.Timeout | null = null
      const stop = (reason: Stop) => {
        if (stopped) return
        stopped = reason
        child.kill('SIGTERM')
        killer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS)
        killer.unref()
      }
      hold(stop)

      const write = async (force = false) => {
        if (stopped === 'lost') return
        const now = Date.now()
        if (!force && now - lastWrite < WATCH_MS) return
        lastWrite = now
        const bytes = await folderBytes(folder)
        if (bytes > settings.maxBytes) stop('too_large')
        const values = { ...pending, bytes, updated_at: sqlDateTime() }
        pending = {}
        await LabsVideoDownload.query()
          .where('id', row.id)
          .where('status', 'running')
          .where('lease_owner', LEASE_OWNER)
          .update(values)
          .catch((error) => logger.warn({ err: error, downloadId: row.id }, 'progress not written'))
      }
      const watch = setInterval(() => void write(true), WATCH_MS)
      const limit = setTimeout(() => stop('timed_out'), settings.timeoutMs)

      createInterface({ input: child.stdout }).on('line', (line) => {
        if (saysTooLarge(line)) refusedSize = true
        const progress = progressOf(line)
        if (!progress) return
        pending.progress = progress.progress
        if (progress.totalBytes !== null) {
          pending.total_bytes = progress.totalBytes
          if (progress.totalBytes > settings.maxBytes) stop('too_large')
        }
        void write()
      })
      child.stderr.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEEP)
      })
      let settled = false
      const end = async (code: number | null) => {
        if (settled) return
        settled = true
        clearInterval(watch)
        clearTimeout(limit)
        if (killer) clearTimeout(killer)
        await write(true)
        const detail = lastWords(stderr) || undefined
        if (missing) return resolve({ error: 'downloader_missing' })
        if (stopped) return resolve({ error: stopped, detail })
        if (refusedSize) return resolve({ error: 'too_large', detail })
        if (code !== 0) return resolve({ error: failureOf(stderr), detail })
        const file = await finishedFile(folder)
        if (!file) return resolve({ error: 'no_file', detail })
        if (file.size > settings.maxBytes) return resolve({ error: 'too_large' })
        resolve({ file })
      }
      child.on('error', (error: NodeJS.ErrnoException) => {
        // the command could not be started: no 'close' may follow
        if (error.code === 'ENOENT') missing = true
        else stderr += `\n${error.message}`
        if (child.pid === undefined) void end(null)
      })
      child.on('close', (code) => void end(code))
    })
  }
}
