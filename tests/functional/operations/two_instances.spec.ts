import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import {
  ace,
  prepareStudio,
  call,
  freePort,
  startServer,
  stop,
  stopAll,
  type Env,
  type Owned,
} from '#tests/helpers/processes'

/**
 * Two API servers on one MariaDB and one Redis, as a deployment behind a
 * proxy runs them: a sign-out or a write on one is seen by the other at
 * once, although each keeps verified tokens and list answers in memory for
 * up to 5 seconds. Runs in the MySQL + Redis suite (its own database).
 */
const ON_MYSQL_AND_REDIS = env.get('DB_CONNECTION') === 'mysql' && Boolean(env.get('REDIS_HOST'))
const ADMIN = { account: 'two-instances@mcn.local', password: 'Two-Instances-2026!' }

test.group('operations / two instances share Redis', (group) => {
  group.each.teardown(() => stopAll())

  test('a sign-out on one instance is refused by the other at once; a new creator and a rename show at once', async ({
    assert,
  }) => {
    const database = `${env.get('MYSQL_DB_NAME') ?? 'test'}_instances`
    await db.rawQuery(
      `CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`
    )
    const shared: Env = {
      ...process.env,
      NODE_ENV: 'production',
      DB_CONNECTION: 'mysql',
      MYSQL_DB_NAME: database,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    }
    const servers: Owned[] = []
    try {
      ace(['migration:fresh', '--force'], shared)
      prepareStudio(shared, { admin: ADMIN })
      const [a, b] = [await freePort(), await freePort()]
      servers.push(await startServer(a, shared))
      servers.push(await startServer(b, { ...shared, QUEUE_WORKER: 'false' }))

      const login = await call(a, 'POST', '/api/user/login', { body: ADMIN })
      assert.equal(login.body.status, 0, JSON.stringify(login.body))
      const token = login.body.data.token

      // B verifies the token and keeps it (5 s); then A signs it out
      const before = await call(b, 'GET', '/api/user/info', { token })
      assert.equal(before.status, 200)
      const list = await call(b, 'GET', '/api/creators?current=1&pageSize=20', { token })
      assert.equal(list.status, 200, JSON.stringify(list.body))
      assert.notInclude(JSON.stringify(list.body), 'Seen Everywhere')

      const created = await call(a, 'POST', '/api/creators', {
        token,
        body: { contractor_name: 'Instance Test', channel_name: 'Seen Everywhere' },
      })
      assert.oneOf(created.status, [200, 201], JSON.stringify(created.body))
      const after = await call(b, 'GET', '/api/creators?current=1&pageSize=20', { token })
      assert.include(
        JSON.stringify(after.body),
        'Seen Everywhere',
        'B shows A’s new creator at once'
      )

      const renamed = await call(a, 'PUT', '/api/user/update', {
        token,
        body: { name: 'Renamed On A' },
      })
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body))
      const profile = await call(b, 'GET', '/api/user/info', { token })
      assert.equal(profile.body.data.user.name, 'Renamed On A', 'B shows A’s rename at once')

      const logout = await call(a, 'POST', '/api/user/logout', { token })
      assert.equal(logout.status, 200)
      const refused = await call(b, 'GET', '/api/user/info', { token })
      assert.notEqual(refused.status, 200, 'B refuses the signed-out token at once')
    } finally {
      for (const server of servers) await stop(server)
      await db.rawQuery(`DROP DATABASE IF EXISTS \`${database}\``)
    }
  })
    .skip(!ON_MYSQL_AND_REDIS, 'needs DB_CONNECTION=mysql and REDIS_HOST')
    .timeout(180_000)
})
