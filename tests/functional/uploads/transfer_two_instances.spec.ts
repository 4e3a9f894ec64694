import { test } from '@japa/runner'
import { request as httpRequest } from 'node:http'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  call,
  freePort,
  prepareStudio,
  sleep,
  sqliteEnv,
  startRedis,
  startServer,
  stop,
  stopAll,
  type Owned,
  ownSetup,
} from '#tests/helpers/processes'

/**
 * Two API servers sharing the storage folder and a Redis of the test's own
 * (as a deployment behind a proxy): the same part of one upload sent to
 * both at the same moment is received by one and refused by the other with
 * 409, and the file holds only the winner's bytes. Before, both answered 204
 * and the file was a mix of the two.
 */
const redisCli = (port: number, ...args: string[]) =>
  spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' }).stdout

const ADMIN = { account: 'tus-two@mcn.local', password: 'Tus-Two-Instances-2026!' }
const TUS = { 'Tus-Resumable': '1.0.0' }
const SIZE = 8 * 1024 * 1024
const CHUNK = 128 * 1024
/** Between chunks: the whole body takes about 6.5 s, longer than a refused request waits (5 s). */
const CHUNK_PAUSE_MS = 100
/**
 * The headers go first and the body a second later, so that both instances
 * have the request in hand (its offset checked) before either writes a byte.
 */
const HEAD_START_MS = 1_000

/** PATCH offset 0 with SIZE bytes of `letter`, sent slowly; the answer's status, body and offset. */
function slowPatch(port: number, token: string, id: string, letter: string) {
  return new Promise<{ status: number; body: string; offset: string | undefined }>(
    (resolve, reject) => {
      const chunk = Buffer.alloc(CHUNK, letter)
      let answered = false
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: `/api/video/upload_file/${id}`,
        headers: {
          ...TUS,
          'token': token,
          'lang': 'en',
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(SIZE),
        },
      })
      request.on('response', (response) => {
        answered = true
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (text) => (body += text))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            offset: response.headers['upload-offset'] as string | undefined,
          })
        )
      })
      // a refused request may be cut while the rest of its body is on the way
      request.on('error', (error) => {
        if (!answered) reject(error)
      })
      request.flushHeaders()
      void (async () => {
        await sleep(HEAD_START_MS)
        for (let sent = 0; sent < SIZE && !answered; sent += CHUNK) {
          if (request.destroyed) return
          request.write(chunk)
          await sleep(CHUNK_PAUSE_MS)
        }
        if (!request.destroyed) request.end()
      })()
    }
  )
}

test.group('uploads: the resumable transfer on two instances', (group) => {
  ownSetup(group)
  group.each.teardown(() => stopAll())

  test('the same part sent to two instances at once is received by one and refused by the other', async ({
    assert,
  }) => {
    const redisPort = await freePort()
    const { env, folder, cleanup } = sqliteEnv({
      REDIS_HOST: '127.0.0.1',
      REDIS_PORT: String(redisPort),
      REDIS_DB: '0',
      APP_BRAND: 'mcn',
      LOG_LEVEL: 'warn',
    })
    env.DRIVE_ROOT = join(folder, 'drive')
    const servers: Owned[] = []
    let redis: Owned | undefined
    try {
      prepareStudio(env, { admin: ADMIN })
      redis = await startRedis(redisPort)
      const [a, b] = [await freePort(), await freePort()]
      servers.push(await startServer(a, env))
      servers.push(await startServer(b, { ...env, QUEUE_WORKER: 'false' }))

      const login = await call(a, 'POST', '/api/user/login', { body: ADMIN })
      assert.equal(login.body.status, 0, JSON.stringify(login.body))
      const token: string = login.body.data.token

      const created = await fetch(`http://127.0.0.1:${a}/api/video/upload_file`, {
        method: 'POST',
        headers: { ...TUS, token, 'Upload-Length': String(SIZE) },
      })
      assert.equal(created.status, 201, await created.text())
      const id = created.headers.get('location')!.split('/').pop()!

      const [onA, onB] = await Promise.all([
        slowPatch(a, token, id, 'A'),
        slowPatch(b, token, id, 'B'),
      ])
      const answers = `A: ${JSON.stringify(onA)}, B: ${JSON.stringify(onB)}`
      assert.sameMembers([onA.status, onB.status], [204, 409], answers)
      const [winner, loser] = onA.status === 204 ? ['A', onB] : ['B', onA]
      assert.include(
        JSON.parse(loser.body).message,
        'Another request is sending this file',
        `the refusal says why: ${answers}`
      )

      const stored = readFileSync(join(env.DRIVE_ROOT, 'uploads/transfers', id))
      assert.equal(stored.length, SIZE)
      assert.isTrue(stored.equals(Buffer.alloc(SIZE, winner)), `only ${winner}'s bytes are stored`)

      for (const port of [a, b]) {
        const head = await fetch(`http://127.0.0.1:${port}/api/video/upload_file/${id}`, {
          method: 'HEAD',
          headers: { ...TUS, token },
        })
        assert.equal(head.status, 200)
        assert.equal(head.headers.get('upload-offset'), String(SIZE))
      }

      // a lease another instance holds: HEAD is 423 (tus clients retry it), PATCH 409
      const other = await fetch(`http://127.0.0.1:${a}/api/video/upload_file`, {
        method: 'POST',
        headers: { ...TUS, token, 'Upload-Length': '4' },
      })
      const held = other.headers.get('location')!.split('/').pop()!
      redisCli(redisPort, 'set', `mcn:tus:lock:${held}`, 'elsewhere', 'PX', '60000')
      const lockedHead = await fetch(`http://127.0.0.1:${a}/api/video/upload_file/${held}`, {
        method: 'HEAD',
        headers: { ...TUS, token },
      })
      assert.equal(lockedHead.status, 423)
      const lockedPatch = await fetch(`http://127.0.0.1:${b}/api/video/upload_file/${held}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          token,
          'lang': 'ja',
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
        },
        body: 'abcd',
      })
      assert.equal(lockedPatch.status, 409)
      const refusal = (await lockedPatch.json()) as { message: string }
      assert.include(refusal.message, '別のリクエストがこのファイルを送信中です')
      redisCli(redisPort, 'del', `mcn:tus:lock:${held}`)
      const freed = await fetch(`http://127.0.0.1:${b}/api/video/upload_file/${held}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          token,
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
        },
        body: 'abcd',
      })
      assert.equal(freed.status, 204)
    } finally {
      for (const server of servers) await stop(server)
      if (redis) await stop(redis)
      cleanup()
    }
  }).timeout(180_000)
})
