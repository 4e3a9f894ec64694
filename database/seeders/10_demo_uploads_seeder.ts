import { BaseSeeder } from '@adonisjs/lucid/seeders'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import UploadFinisher from '#services/uploads/upload_finisher'
import { sqlDateTime } from '#support/sql'
import env from '#start/env'
import { UPLOAD_PLATFORMS, type UploadPlatform } from '#shared/uploads'

/*
|--------------------------------------------------------------------------
| The demo upload history
|--------------------------------------------------------------------------
|
| The Upload Station's records on a fresh install: demo videos of
| Bilibili, Xigua and Haokan accounts (04_demo_metrics_seeder), picked
| evenly over their upload days, newest first, as if
| the staff had sent them through the station — each one's publication
| succeeded with the platform's id, linked to the video, so the station's
| stats (uploads, last 7 days, deleted, average views), the creator page's
| uploads and the team report's studio uploads have figures. Every fifth
| upload also went to another platform of the creator and failed there (a
| login that had expired, or a title the platform refused), ending as a
| partial upload on the alert dashboard, as the publishing job ends it
| (UploadFinisher.finishTask), then dated back to when it happened (the
| uploader's notifications and alerts older than three days read and
| resolved).
| No file is kept for these uploads: they are finished, nothing reads them.
| Runs once: while upload_tasks is empty and demo videos exist.
|
*/

/** How many uploads the demo history holds. */
export const DEMO_UPLOADS = 40

/** The demo's sign-in (so its result list has uploads) and the CP and CH staff. */
const uploaders = () => [
  (env.get('DEMO_ADMIN_EMAIL') ?? 'admin@mcn.local').toLowerCase(),
  'staff.cp1@mcn.local',
  'staff.cp2@mcn.local',
  'staff.ch1@mcn.local',
]

/** What the other platform answered, in turn, for the uploads that failed there. */
const FAILURES = [
  { code: 'auth_expired', message: 'account not logged in (the cookie or token has expired)' },
  { code: 'rejected', message: 'the title contains words the platform does not allow' },
] as const

const VIDEO_BYTES = [184_320_000, 96_468_992, 412_090_368, 57_671_680]

interface DemoVideo {
  id: number
  account_id: number
  creator_id: number
  platform: UploadPlatform
  platform_video_id: string
  title: string
  url: string | null
  duration_s: number | null
  category: string | null
  published_at: Date | string
}

export default class DemoUploadsSeeder extends BaseSeeder {
  static environment = ['development', 'production']

  async run() {
    await DemoUploadsSeeder.seed()
  }

  /** Writes the history; returns the number of uploads written (0 when it did nothing). */
  static async seed(): Promise<number> {
    if (await db.from('upload_tasks').first()) return 0
    const users = await db.from('users').whereIn('email', uploaders()).orderBy('id').select('id')
    if (!users.length) return 0
    // evenly over the station platforms' demo uploads, newest first, so the history spans
    // the demo's weeks rather than its last day
    const candidates = await db
      .from('videos')
      .whereIn('platform', [...UPLOAD_PLATFORMS])
      .whereNotNull('published_at')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .select('id')
    const step = Math.max(1, Math.floor(candidates.length / DEMO_UPLOADS))
    const picked = candidates
      .filter((_, index) => index % step === 0)
      .slice(0, DEMO_UPLOADS)
      .map((row) => Number(row.id))
    const videos: DemoVideo[] = await db
      .from('videos')
      .whereIn('id', picked)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .select(
        'id',
        'account_id',
        'creator_id',
        'platform',
        'platform_video_id',
        'title',
        'url',
        'duration_s',
        'category',
        'published_at'
      )
    if (!videos.length) return 0
    const accounts = await db
      .from('creator_platform_accounts')
      .whereIn('creator_id', [...new Set(videos.map((video) => video.creator_id))])
      .whereIn('platform', [...UPLOAD_PLATFORMS])
      .orderBy('id')
      .select('id', 'creator_id', 'platform')

    let failures = 0
    for (const [index, video] of videos.entries()) {
      const sentAt = DateTime.fromJSDate(new Date(video.published_at)).toUTC()
      const other =
        index % 5 === 4
          ? accounts.find(
              (account) =>
                account.creator_id === video.creator_id && account.platform !== video.platform
            )
          : undefined
      const failure = other ? FAILURES[failures++ % FAILURES.length] : null
      const taskId = await this.#task(
        video,
        Number(users[index % users.length].id),
        index,
        sentAt,
        other,
        failure
      )
      await UploadFinisher.finishTask(taskId)
      await this.#dateBack(taskId, sentAt)
    }
    return videos.length
  }

  /** One upload of `video`, running, with its publications already ended. */
  static async #task(
    video: DemoVideo,
    userId: number,
    index: number,
    sentAt: DateTime,
    other: { id: number; platform: UploadPlatform } | undefined,
    failure: (typeof FAILURES)[number] | null
  ) {
    const stamp = sqlDateTime(sentAt)
    const platforms = other ? [video.platform, other.platform] : [video.platform]
    const size = VIDEO_BYTES[index % VIDEO_BYTES.length]
    return db.transaction(async (trx) => {
      const [taskId] = await trx.table('upload_tasks').insert({
        creator_id: video.creator_id,
        user_id: userId,
        title: video.title,
        form: JSON.stringify({
          creator_id: video.creator_id,
          platforms,
          title: video.title,
          detail: '',
          share: true,
          advert: false,
        }),
        video_key: `uploads/transfers/demo-${video.id}`,
        video_size: size,
        video_mime: 'video/mp4',
        video_duration_s: video.duration_s,
        thumbnail_key: `uploads/transfers/demo-${video.id}-cover`,
        thumbnail_size: 148_211,
        thumbnail_mime: 'image/jpeg',
        scheduled_at: null,
        status: 'running',
        created_at: stamp,
        updated_at: stamp,
      })
      const id = Number(taskId)
      const ended = {
        task_id: id,
        attempts: 1,
        next_attempt_at: stamp,
        sent_bytes: size,
        total_bytes: size,
        started_at: stamp,
        finished_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      }
      await trx.table('upload_publications').insert({
        ...ended,
        account_id: video.account_id,
        platform: video.platform,
        status: 'success',
        submitted_at: stamp,
        platform_video_id: video.platform_video_id,
        url: video.url,
        video_id: video.id,
      })
      if (other && failure) {
        await trx.table('upload_publications').insert({
          ...ended,
          account_id: other.id,
          platform: other.platform,
          status: 'failure',
          sent_bytes: failure.code === 'auth_expired' ? 0 : size,
          error_code: failure.code,
          error_message: failure.message,
        })
      }
      return id
    })
  }

  /** The task's end, its notification and its alert, dated when the upload happened. */
  static async #dateBack(taskId: number, sentAt: DateTime) {
    const stamp = sqlDateTime(sentAt.plus({ minutes: 4 }))
    await db
      .from('upload_tasks')
      .where('id', taskId)
      .update({ finished_at: stamp, updated_at: stamp })
    // what is older than a few days was read and dealt with; the newest is still open
    const old = sentAt < DateTime.utc().minus({ days: 3 })
    await db
      .from('notifications')
      .where('dedupe_key', `upload:${taskId}`)
      .update({ created_at: stamp, read_at: old ? stamp : null })
    await db
      .from('alerts')
      .where('dedupe_key', `upload_failed:${taskId}`)
      .update({
        day: sentAt.toISODate(),
        created_at: stamp,
        updated_at: stamp,
        last_seen_at: stamp,
        ...(old ? { status: 'resolved', resolved_at: stamp } : {}),
      })
  }
}
