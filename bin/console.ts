/*
|--------------------------------------------------------------------------
| Ace entry point
|--------------------------------------------------------------------------
*/
process.env.TZ = 'UTC'

import 'reflect-metadata'
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

/** `node ace test` runs on .env.test alone; every other command gets a .env on first use. */
if (process.argv[2] !== 'test') ensureEnvFile(APP_ROOT)

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    const stop = gracefulStop(app, 30_000)
    app.listen('SIGTERM', stop)
    app.listenIf(app.managedByPm2, 'SIGINT', stop)
  })
  .ace()
  .handle(process.argv.splice(2))
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
