import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { FakePlatformServer } from '#platforms/upload/fake_server'
import UploadPublication from '#models/upload_publication'
import UploadFinisher from '#services/uploads/upload_finisher'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UploadTaskFactory } from '#database/factories/upload_factory'
import { UserFactory } from '#database/factories/user_factory'
import { eventually, freePort, own, type Owned } from '#tests/helpers/processes'
import { cleanUpWorkerRun, tinyMp4, tinyPng, type WorkerRunRows } from '#tests/helpers/uploads'

/**
 * The Bilibili adapter's checkpoints that last a request or more, in the
 * order a publication stores them ('cover' is followed at once by
 * 'submitting', with no request between them).
 */
const STEPS = ['preuploaded', 'uploading', 'uploaded', 'submitting'] as const

function startWorker(port: number, driveRoot: string) {
  return own(
    spawn(
      process.execPath,
      ['--import=ts-node-maintained/register/esm', 'tests/helpers/upload_worker.ts'],
      {
        cwd: app.makePath(),
        env: {
          ...process.env,
          PLATFORM_ADAPTERS: 'simulated',
          FAKE_PLATFORMS_PORT: String(port),
          DRIVE_ROOT: driveRoot,
          UPLOAD_DOUBLE_JOURNAL: '',
          LOG_LEVEL: 'warn',
        },
      }
    )
  )
}

/**
 * The real Bilibili upload adapter in a worker process of its own, against
 * the fake platform server (run by the test on a fixed port), killed with
 * SIGKILL at each step of the protocol and started again: the video is on
 * the platform exactly once and the ledger holds its id. The rows are
 * committed (the worker reads them) and removed afterwards.
 */
test.group('uploads: a killed worker with the Bilibili adapter', (group) => {
  let folder = ''
  let server: FakePlatformServer
  let port = 0
  const workers: Owned[] = []
  const made: WorkerRunRows = {}

  group.setup(async () => {
    port = await freePort()
    server = await FakePlatformServer.start({ port })
    return () => server.close()
  })
  group.each.setup(() => {
    folder = mkdtempSync(join(tmpdir(), 'mcn-bili-worker-'))
    server.resetKnobs()
    return () => cleanUpWorkerRun(workers, made, folder)
  })

  for (const step of STEPS) {
    test(`killed at '${step}', restarted: published exactly once`, async ({ assert }) => {
      const title = `Killed at ${step} ${Date.now()}`
      const video = tinyMp4(30, 3 * 1024 * 1024)
      const thumbnail = await tinyPng()
      const transfers = join(folder, 'uploads/transfers')
      mkdirSync(transfers, { recursive: true })
      const videoId = `1-${'a'.repeat(32)}`
      const thumbnailId = `1-${'b'.repeat(32)}`
      writeFileSync(join(transfers, videoId), video)
      writeFileSync(join(transfers, thumbnailId), thumbnail)

      const staff = await UserFactory.create()
      const creator = await CreatorFactory.with('accounts', 1, (account) =>
        account.merge({ platform: 'bilibili' })
      ).create()
      const task = await UploadTaskFactory.merge({
        creatorId: creator.id,
        userId: staff.id,
        title,
        videoKey: `uploads/transfers/${videoId}`,
        videoSize: video.length,
        videoDurationS: 30,
        thumbnailKey: `uploads/transfers/${thumbnailId}`,
        thumbnailSize: thumbnail.length,
        form: {
          title,
          plans: [
            {
              platform: 'bilibili',
              title,
              detail: 'Sent by a worker that was killed',
              category: '160',
              subcategory: '21',
              tags: ['studio'],
              eventTag: null,
              topic: null,
              share: false,
              advert: false,
              original: false,
              subscribeAtS: null,
              schedule: { mode: 'immediate', at: null },
            },
          ],
        },
      }).create()
      Object.assign(made, { userId: staff.id, creatorId: creator.id, taskId: task.id })
      const publication = await task.related('publications').create({
        platform: 'bilibili',
        accountId: creator.accounts[0].id,
        status: 'requesting',
        attempts: 0,
        nextAttemptAt: task.createdAt,
        totalBytes: video.length,
      })
      await UploadFinisher.queue(publication.id)

      // every answer late, so that the worker is caught at each step
      server.slow('bilibili', '*', 700)
      const first = startWorker(port, folder)
      workers.push(first)
      const reached = await eventually(async () => {
        const row = await UploadPublication.findOrFail(publication.id)
        return row.checkpoint?.step === step
      }, 90_000)
      assert.isTrue(reached, first.output())
      first.child.kill('SIGKILL')
      await first.exited
      server.resetKnobs()

      const second = startWorker(port, folder)
      workers.push(second)
      const finished = await eventually(async () => {
        const row = await UploadPublication.findOrFail(publication.id)
        return row.status === 'success' || row.status === 'failure'
      }, 90_000)
      assert.isTrue(finished, second.output())

      const done = await UploadPublication.findOrFail(publication.id)
      const onPlatform = server.videos('bilibili').filter((row) => row.title === title)
      assert.equal(done.status, 'success', `${done.errorCode}: ${done.errorMessage}`)
      assert.lengthOf(onPlatform, 1)
      assert.equal(done.platformVideoId, onPlatform[0].id)
    }).timeout(240_000)
  }
})
