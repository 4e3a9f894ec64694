import type { ApplicationService } from '@adonisjs/core/types'

/**
 * What SIGTERM and SIGINT do (process supervisors send SIGTERM): terminate
 * the app — its hooks close the HTTP server and let the queue worker finish
 * the job in hand — then exit. A shutdown that takes longer than `deadlineMs`
 * exits anyway, so a stuck dependency cannot keep a stopped instance alive.
 */
export function gracefulStop(app: ApplicationService, deadlineMs: number) {
  let stopping = false
  return async () => {
    if (stopping) return
    stopping = true
    setTimeout(() => {
      console.error(`shutdown did not finish within ${deadlineMs} ms; exiting`)
      process.exit(1)
    }, deadlineMs).unref()
    await app.terminate()
    process.exit(process.exitCode ?? 0)
  }
}
