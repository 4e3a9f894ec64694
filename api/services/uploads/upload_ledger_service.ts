import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import StudioException from '#exceptions/studio_exception'
import Creator from '#models/creator'
import CreatorPlatformAccount from '#models/creator_platform_account'
import UploadTask from '#models/upload_task'
import type User from '#models/user'
import QueueService from '#queue/main'
import Transfers, { type TransferInfo } from '#services/uploads/transfers'
import UploadFinisher from '#services/uploads/upload_finisher'
import { checkUploadFile } from '#services/uploads/upload_files'
import { isUniqueViolation } from '#support/sql'
import UploadRulesService from '#services/uploads/upload_rules_service'
import type { UploadVerdict } from '#shared/uploads'
import type { UploadSubmit } from '#validators/upload_ledger'

/** A submission's outcome: the task written, or the station's rules refused it. */
type SubmitResult = { task: UploadTask; refused?: never } | { refused: UploadVerdict }

/**
 * Submits an upload (POST /api/video/upload): checks that both transfers
 * are finished and the uploader's and that their bytes are an mp4 and a jpg
 * or png (upload_files.ts), judges the submission by the station's rules
 * with the video's real length (checkUpload, as POST /api/uploads/check
 * does), and that the creator has an account on every chosen platform; then
 * writes the task (the form as sent, with each platform's plan) and one
 * publication per platform in one transaction and, after the commit,
 * queues one job per publication carrying only its id.
 */
export default class UploadLedgerService {
  static async submit(user: User, input: UploadSubmit): Promise<SubmitResult> {
    const creator = await Creator.query()
      .withScopes((scopes) => scopes.visibleTo(user))
      .where('creators.id', input.creator_id)
      .first()
    if (!creator) {
      throw new StudioException('upload_ledger.errors.creator_not_found', { status: 422 })
    }
    if (!input.video || !input.thumbnail) return { refused: UploadRulesService.check(input) }
    const repeated = await this.#submitted(user, input.request_key)
    if (repeated) return { task: repeated }

    const video = await this.#transfer(user, input.video, 'video')
    const thumbnail = await this.#transfer(user, input.thumbnail, 'thumbnail')
    const checkedVideo = await checkUploadFile('video', video.path)
    const checkedThumbnail = await checkUploadFile(
      'thumbnail',
      thumbnail.path,
      input.platforms ?? []
    )
    const verdict = UploadRulesService.check(input, {
      video: true,
      thumbnail: true,
      videoDurationS: checkedVideo.durationS,
    })
    if (verdict.violations.length) return { refused: verdict }

    const platforms = verdict.plans.map((plan) => plan.platform)
    const accounts = await CreatorPlatformAccount.query()
      .where('creator_id', creator.id)
      .whereIn('platform', platforms)
      .orderBy('id', 'asc')
    const accountOf = new Map<string, CreatorPlatformAccount>()
    for (const account of accounts) {
      if (!accountOf.has(account.platform)) accountOf.set(account.platform, account)
    }
    const missing = platforms.find((platform) => !accountOf.has(platform))
    if (missing) {
      throw new StudioException('upload_ledger.errors.no_account', {
        status: 422,
        data: { platform: missing },
      })
    }

    // nothing is written for work that could not be queued
    QueueService.assertAvailable()

    const booked = UploadRulesService.scheduledAt(input)
    const form: Record<string, unknown> = { ...input }
    delete form.video
    delete form.thumbnail
    delete form.request_key
    const write = db.transaction(async (trx) => {
      // the same submission sent twice at once, the other one's transaction first (SQLite runs
      // them one after another): its task, with nothing written; MySQL's meet at the unique index
      const earlier = await this.#submitted(user, input.request_key, trx)
      if (earlier) return { task: earlier, repeated: true }
      const created = await UploadTask.create(
        {
          creatorId: creator.id,
          userId: user.id,
          requestKey: input.request_key ?? null,
          title: input.title ?? '',
          form: { ...form, plans: verdict.plans, notices: verdict.notices },
          videoKey: video.key,
          videoSize: video.size,
          videoMime: checkedVideo.mime,
          videoDurationS: Math.round(checkedVideo.durationS),
          thumbnailKey: thumbnail.key,
          thumbnailSize: thumbnail.size,
          thumbnailMime: checkedThumbnail.mime,
          scheduledAt: booked ? DateTime.fromISO(booked, { zone: 'utc' }) : null,
          status: 'running',
        },
        { client: trx }
      )
      await created.related('publications').createMany(
        verdict.plans.map((plan) => ({
          platform: plan.platform,
          accountId: accountOf.get(plan.platform)!.id,
          status: 'requesting' as const,
          attempts: 0,
          nextAttemptAt: DateTime.utc(),
          platformScheduledAt:
            plan.schedule.mode === 'scheduled' && plan.schedule.at
              ? DateTime.fromISO(plan.schedule.at, { zone: 'utc' })
              : null,
          totalBytes: video.size,
        })),
        { client: trx }
      )
      return { task: created, repeated: false }
    })
    let task: UploadTask
    try {
      const written = await write
      if (written.repeated) return { task: written.task }
      task = written.task
    } catch (error) {
      // the same submission sent twice at once: the other one wrote it
      const other = isUniqueViolation(error) ? await this.#submitted(user, input.request_key) : null
      if (!other) throw error
      return { task: other }
    }

    await task.load('publications')
    await task.load('creator')
    for (const publication of task.publications) await UploadFinisher.queue(publication.id)
    return { task }
  }

  /**
   * The task `user` already wrote for this submission key (a double click,
   * or the station sending again after an answer it lost), with what the
   * answer shows; nothing is written or queued again.
   */
  static async #submitted(user: User, key: string | undefined, client?: TransactionClientContract) {
    if (!key) return null
    return UploadTask.query({ client })
      .where('user_id', user.id)
      .where('request_key', key)
      .preload('publications')
      .preload('creator')
      .first()
  }

  /** A finished transfer of `user`, or a 422 naming the file. */
  static async #transfer(
    user: User,
    id: string,
    kind: 'video' | 'thumbnail'
  ): Promise<TransferInfo> {
    const info = await Transfers.info(id)
    if (!info || info.ownerId !== user.id) {
      throw new StudioException('upload_ledger.errors.transfer_not_found', {
        status: 422,
        data: { kind },
      })
    }
    if (!info.complete) {
      throw new StudioException('upload_ledger.errors.transfer_unfinished', {
        status: 422,
        data: { kind },
      })
    }
    return info
  }
}
