import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { demoCreators } from '#database/seeders/03_demo_creators_seeder'
import { ownSetup } from '#tests/helpers/processes'

/**
 * The embedded database file itself, as a fresh `npm start` leaves it: no
 * passport number, bank account or phone number of the demo creators may be
 * readable in it (nor in its write-ahead log).
 */
test.group('creators / private data at rest', (group) => {
  ownSetup(group)
  test('the seeded SQLite file holds no passport, bank account or phone in plain text', async ({
    assert,
  }) => {
    const folder = mkdtempSync(join(tmpdir(), 'mcn-at-rest-'))
    const file = join(folder, 'db.sqlite3')
    try {
      const env: Record<string, string | undefined> = {
        ...process.env,
        NODE_ENV: 'development',
        DB_CONNECTION: 'sqlite',
        SQLITE_PATH: file,
        LOG_LEVEL: 'warn',
      }
      delete env.REDIS_HOST
      const prepare = spawnSync(process.execPath, ['ace', 'studio:prepare'], {
        cwd: app.makePath(),
        env,
      })
      assert.equal(prepare.status, 0, String(prepare.stderr))

      const bytes = Buffer.concat(
        [file, `${file}-wal`].filter((path) => existsSync(path)).map((path) => readFileSync(path))
      )
      const creators = demoCreators()
      assert.isAtLeast(creators.length, 150)

      const leaks: string[] = []
      let checked = 0
      for (const creator of creators) {
        for (const field of ['phone', 'passport_no', 'bank_account'] as const) {
          const value = creator.private[field]
          if (!value) continue
          checked++
          if (bytes.includes(Buffer.from(value, 'utf8'))) leaks.push(`${creator.brandNo} ${field}`)
        }
      }
      assert.isAtLeast(checked, 300, 'enough values were looked for')
      assert.deepEqual(leaks, [])

      // the check can fail: an encrypted column sits beside readable ones
      assert.isTrue(bytes.includes(Buffer.from(creators[0].contractorName, 'utf8')))
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  }).timeout(60_000)
})
