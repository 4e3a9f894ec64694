import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import { browserClient } from '@japa/browser-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import db from '@adonisjs/lucid/services/db'
import { chromium } from 'playwright'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/helpers/browser'

/**
 * Japa plugins: assertions, the API client (with `loginAs` through the
 * studio's token guard) and, for the browser suite, Playwright driving
 * Debian's Chromium.
 */
export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  authApiClient(app),
  browserClient({
    runInSuites: ['browser'],
    contextOptions: { locale: 'en-US', viewport: { width: 1366, height: 860 } },
    launcher: (config) =>
      chromium.launch({
        ...config,
        headless: true,
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
      }),
  }),
]

/**
 * One fresh schema per run, on whichever database the environment names
 * (SQLite by default, MySQL/MariaDB with DB_CONNECTION=mysql), with the
 * reference data every install has. Tests wrap themselves in a global
 * transaction, so they leave nothing behind.
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [
    async () => {
      await db.connection().dropAllTables()
      await testUtils.db().migrate()
      const { default: ReferenceSeeder } = await import('#database/seeders/01_reference_seeder')
      await ReferenceSeeder.seed()
    },
  ],
  teardown: [],
}

/** The functional and browser suites talk to a real HTTP server started in this process. */
export const configureSuite: Config['configureSuite'] = (suite) => {
  if (['browser', 'functional'].includes(suite.name)) {
    return suite.setup(() => testUtils.httpServer().start())
  }
}
