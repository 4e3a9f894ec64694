/*
|--------------------------------------------------------------------------
| A publishing worker of its own, for the tests that kill it
|--------------------------------------------------------------------------
|
| Boots the studio (its database from the environment, as `node ace
| queue:listen` does), with UPLOAD_DOUBLE_JOURNAL puts a test double in
| place of the Bilibili upload adapter (the file where the double writes
| every upload, submit and lookup; UPLOAD_DOUBLE_HANG: 'uploaded' or
| 'submit' to stop there and wait to be killed) — without it the real
| adapters talk to the fake platform server on FAKE_PLATFORMS_PORT — and
| runs the queue worker of the environment (in-process, or BullMQ with
| Redis; without the schedules) until killed.
|
*/
process.env.TZ = 'UTC'

import 'reflect-metadata'
import { Ignitor } from '@adonisjs/core'

const APP_ROOT = new URL('../../', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

const app = new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((application) => {
    application.booting(async () => {
      await import('#start/env')
    })
  })
  .createApp('console')

await app.init()
await app.boot()
await app.start(async () => {
  if (process.env.UPLOAD_DOUBLE_JOURNAL) {
    const { fakeUploads } = await import('#tests/helpers/uploads')
    const hang = process.env.UPLOAD_DOUBLE_HANG
    fakeUploads('bilibili', [], {
      journal: process.env.UPLOAD_DOUBLE_JOURNAL,
      hangAfter: hang === 'uploaded' || hang === 'submit' ? hang : undefined,
    })
  }
  const { default: QueueService } = await import('#queue/main')
  if (QueueService.driver.name === 'in-process') {
    const { default: InProcessDriver } = await import('#queue/in_process_driver')
    await new InProcessDriver({ pollMs: 100, attempts: 1 }).startWorker()
  } else {
    // with Redis: the BullMQ worker takes the queued job; a restarted worker also sweeps at
    // once what a killed one held (in production the sweep runs every minute)
    await QueueService.driver.startWorker()
    const { default: UploadSweep } = await import('#services/uploads/upload_sweep')
    await UploadSweep.run()
  }
  // the driver's timer does not hold the process: this does, until the test kills it
  setInterval(() => {}, 60_000)
  console.log('upload worker ready')
})
