import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import UploadTask from '#models/upload_task'
import UploadPublication from '#models/upload_publication'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { nextNumber } from '#database/factories/sequence'

/**
 * A running upload of a 10 MB, 60-second mp4 with a png thumbnail. Merge
 * `creatorId` and `userId`, or build them with `with('creator')` and
 * `with('user')`; its publications with `with('publications', n, …)`.
 */
export const UploadTaskFactory = factory
  .define(UploadTask, () => {
    const n = nextNumber()
    return {
      title: `Upload ${n}`,
      form: { title: `Upload ${n}`, tags: ['vlog'], share: true, ad: false },
      videoKey: `uploads/transfers/1-${String(n).padStart(32, '0')}`,
      videoSize: 10_000_000,
      videoMime: 'video/mp4',
      videoDurationS: 60,
      thumbnailKey: `uploads/transfers/1-${String(n + 1).padStart(32, '0')}`,
      thumbnailSize: 50_000,
      thumbnailMime: 'image/png',
      scheduledAt: null,
      status: 'running' as const,
      finishedAt: null,
    }
  })
  .relation('creator', () => CreatorFactory)
  .relation('user', () => UserFactory)
  .relation('publications', () => UploadPublicationFactory)
  .state('finished', (task) => {
    task.status = 'success'
    task.finishedAt = DateTime.utc()
  })
  .build()

/** A Bilibili publication waiting for its first attempt. Merge `taskId` (and `accountId`). */
export const UploadPublicationFactory = factory
  .define(UploadPublication, () => ({
    platform: 'bilibili' as const,
    accountId: null,
    status: 'requesting' as const,
    attempts: 0,
    nextAttemptAt: DateTime.utc(),
    leaseOwner: null,
    leaseExpiresAt: null,
    heartbeatAt: null,
    checkpoint: null,
    submittedAt: null,
    sentBytes: 0,
    totalBytes: 10_000_000,
    platformScheduledAt: null,
    platformVideoId: null,
    url: null,
    scheduled: false,
    videoId: null,
    errorCode: null,
    errorMessage: null,
    startedAt: null,
    finishedAt: null,
  }))
  .relation('task', () => UploadTaskFactory)
  .state('published', (publication) => {
    const n = nextNumber()
    publication.status = 'success'
    publication.attempts = 1
    publication.platformVideoId = `BV1up${String(n).padStart(7, '0')}`
    publication.url = `https://www.bilibili.com/video/${publication.platformVideoId}`
    publication.sentBytes = publication.totalBytes
    publication.startedAt = DateTime.utc().minus({ minutes: 3 })
    publication.finishedAt = DateTime.utc()
  })
  .state('failed', (publication) => {
    publication.status = 'failure'
    publication.attempts = 1
    publication.errorCode = 'rejected'
    publication.errorMessage = 'The platform refused the video'
    publication.finishedAt = DateTime.utc()
  })
  .state('uploading', (publication) => {
    publication.status = 'uploading'
    publication.attempts = 1
    publication.leaseOwner = 'elsewhere:1:1'
    publication.leaseExpiresAt = DateTime.utc().plus({ minutes: 1 })
    publication.heartbeatAt = DateTime.utc()
    publication.checkpoint = { step: 'uploaded', parts: 3 }
    publication.startedAt = DateTime.utc()
  })
  .build()
