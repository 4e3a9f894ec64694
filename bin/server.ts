/*
|--------------------------------------------------------------------------
| HTTP server entrypoint
|--------------------------------------------------------------------------
|
| SIGTERM (what process supervisors send) and SIGINT terminate the app
| gracefully: the HTTP server stops accepting connections and the queue
| worker finishes the job in hand (see QueueService.shutdown).
|
*/
process.env.TZ = 'UTC'

import 'reflect-metadata'
import { createServer, type Server } from 'node:http'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { ensureEnvFile } from '../scripts/env_file.js'
import { gracefulStop } from './graceful.js'

const APP_ROOT = new URL('../', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

ensureEnvFile(APP_ROOT)

/**
 * On SIGTERM the server stops accepting connections, closes idle keep-alive
 * connections at once and gives requests in flight this long to finish
 * before their connections are closed, so a shutdown never hangs.
 */
const SHUTDOWN_GRACE_MS = 10_000
let nodeServer: Server | undefined

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.terminating(async () => {
      // the browser-session adapters' Chromium, when a collection opened it
      const { closeSharedBrowserSession } = await import('#platforms/browser_session')
      void closeSharedBrowserSession()
      nodeServer?.closeIdleConnections()
      setTimeout(() => nodeServer?.closeAllConnections(), SHUTDOWN_GRACE_MS).unref()
    })
    const stop = gracefulStop(app, SHUTDOWN_GRACE_MS * 2)
    app.listen('SIGTERM', stop)
    app.listen('SIGINT', stop)
    // started by npm start (scripts/start.js) over an IPC channel: its end is a stop too
    if (process.send) process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'))
  })
  .httpServer()
  .start((handler) => {
    nodeServer = createServer(handler)
    return nodeServer
  })
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
