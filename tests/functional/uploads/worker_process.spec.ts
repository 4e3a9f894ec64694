import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import UploadPublication from '#models/upload_publication'
import UploadFinisher from '#services/uploads/upload_finisher'
import { UserFactory } from '#database/factories/user_factory'
import { eventually, own, type Owned } from '#tests/helpers/processes'
import {
  cleanUpWorkerRun,
  journalLines,
  taskWithPublications,
  type WorkerRunRows,
} from '#tests/helpers/uploads'

/** The worker process of tests/helpers/upload_worker.ts on this run's database. */
function startWorker(journal: string, hang?: 'uploaded' | 'submit') {
  return own(
    spawn(
      process.execPath,
      ['--import=ts-node-maintained/register/esm', 'tests/helpers/upload_worker.ts'],
      {
        cwd: app.makePath(),
        env: {
          ...process.env,
          UPLOAD_DOUBLE_JOURNAL: journal,
          UPLOAD_DOUBLE_HANG: hang ?? '',
          LOG_LEVEL: 'warn',
        },
      }
    )
  )
}

async function statusOf(id: number) {
  const row = await UploadPublication.findOrFail(id)
  return row
}

/**
 * The publishing worker as a process of its own, killed with SIGKILL at a
 * step of the publication and started again: the publication ends published
 * exactly once. The rows are committed (the worker reads them), and removed
 * afterwards.
 */
test.group('uploads: a killed publishing worker', (group) => {
  let folder = ''
  const workers: Owned[] = []
  const made: WorkerRunRows = {}
  group.each.setup(() => {
    folder = mkdtempSync(join(tmpdir(), 'mcn-worker-'))
    return () => cleanUpWorkerRun(workers, made, folder)
  })

  for (const step of ['submit', 'uploaded'] as const) {
    test(`killed after it stored the '${step}' checkpoint, it publishes once after a restart`, async ({
      assert,
    }) => {
      const journal = join(folder, 'double.log')
      const staff = await UserFactory.create()
      const { creator, task } = await taskWithPublications(staff, ['bilibili'], `Killed at ${step}`)
      Object.assign(made, { userId: staff.id, creatorId: creator.id, taskId: task.id })
      const id = task.publications[0].id
      await UploadFinisher.queue(id)

      const first = startWorker(journal, step)
      workers.push(first)
      const stored = await eventually(async () => {
        const row = await statusOf(id)
        return (
          row.checkpoint?.step === (step === 'submit' ? 'submitting' : 'uploaded') &&
          journalLines(journal, step === 'submit' ? 'submit' : 'upload').length === 1
        )
      }, 60_000)
      assert.isTrue(stored, first.output())
      const held = await statusOf(id)
      assert.equal(held.status, 'uploading')
      assert.isNull(held.platformVideoId)
      first.child.kill('SIGKILL')
      const killed = await first.exited
      assert.equal(killed.signal, 'SIGKILL')

      const second = startWorker(journal)
      workers.push(second)
      const finished = await eventually(async () => {
        const row = await statusOf(id)
        return row.status === 'success'
      }, 60_000)
      assert.isTrue(finished, second.output())

      const submits = journalLines(journal, 'submit')
      assert.lengthOf(submits, 1)
      assert.lengthOf(journalLines(journal, 'upload'), 1)
      const published = await statusOf(id)
      assert.equal(published.platformVideoId, JSON.parse(submits[0].slice(7)).platformVideoId)
      assert.equal(published.attempts, 2)
      assert.isNotNull(published.submittedAt, 'a published video was submitted')
      assert.isNotNull(published.finishedAt)
      assert.isAtMost(published.submittedAt!.toMillis(), published.finishedAt!.toMillis())
      // the restarted worker asked the platform's listing first only when the submit was in flight
      assert.lengthOf(journalLines(journal, 'lookup'), step === 'submit' ? 1 : 0)
    }).timeout(180_000)
  }
})
