import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request as httpRequest } from 'node:http'
import env from '#start/env'
import Transfers from '#services/uploads/transfers'
import { eventually } from '#tests/helpers/processes'
import { login, setEnv, setupGroupWith } from '#tests/helpers/functional'
import { userWithCode } from '#tests/helpers/users'
import { tinyMp4, tusMetadata } from '#tests/helpers/uploads'

const TUS = { 'Tus-Resumable': '1.0.0' }
const OCTETS = 'application/offset+octet-stream'

/** Creates a 100-byte upload of `user` with nothing sent yet; its id. */
async function emptyUpload(client: ApiClient, user: User) {
  const created = await client
    .post('/api/video/upload_file')
    .headers({ ...TUS, 'Upload-Length': '100' })
    .loginAs(user)
  created.assertStatus(201)
  return (created.header('location') as string).split('/').pop()!
}

/**
 * The resumable transfer (SPEC §7 /api/video/upload_file, tus 1.0) through
 * the real endpoint: an upload created, sent in two parts, its offset after
 * a restart of the tus server over the same folder, another user refused,
 * an announced size over the limit refused, a day-old unfinished upload swept.
 */
test.group('uploads: the resumable transfer', (group) => {
  const given = setupGroupWith(group, async () => ({
    staff: await userWithCode('staff', null),
    other: await userWithCode('staff', null),
    creator: await userWithCode('creator', null),
  }))
  let folder = ''
  const folders: string[] = []
  group.each.setup(() => {
    folder = mkdtempSync(join(tmpdir(), 'mcn-transfers-'))
    folders.push(folder)
    const restore = setEnv('DRIVE_ROOT', folder)
    Transfers.reset()
    return () => {
      restore()
      Transfers.reset()
    }
  })
  // removed once the group is over: a cut request may still be writing into its
  // test's folder after the test ends; retried while a file is still closing
  group.teardown(async () => {
    await new Promise((resolve) => setTimeout(resolve, 200))
    for (const each of folders) {
      rmSync(each, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 })
    }
  })

  test('a file is created, sent in two parts, resumed after a restart and stored whole', async ({
    client,
    assert,
  }) => {
    const file = tinyMp4(12)
    const created = await client
      .post('/api/video/upload_file')
      .headers({
        ...TUS,
        'Upload-Length': String(file.length),
        'Upload-Metadata': tusMetadata({ filename: 'clip.mp4', filetype: 'video/mp4' }),
        'Origin': 'http://elsewhere.example',
      })
      .loginAs(given.staff)
    created.assertStatus(201)
    // no CORS_ORIGINS: no other site may read the answers (not tus's default '*')
    assert.notEqual(created.header('access-control-allow-origin'), '*')
    const location = created.header('location') as string
    const id = location.split('/').pop()!
    assert.equal(Transfers.ownerOf(id), given.staff.id)
    assert.match(location, /\/api\/video\/upload_file\/\d+-[0-9a-f]{32}$/)

    const half = Math.floor(file.length / 2)
    const first = await client
      .patch(`/api/video/upload_file/${id}`)
      .headers({ ...TUS, 'Upload-Offset': '0' })
      .unsafeJson(file.subarray(0, half))
      .type(OCTETS)
      .loginAs(given.staff)
    first.assertStatus(204)
    assert.equal(first.header('upload-offset'), String(half))

    // a restarted server: a new tus server over the same folder knows the offset
    Transfers.reset()
    const head = await client.head(`/api/video/upload_file/${id}`).headers(TUS).loginAs(given.staff)
    head.assertStatus(200)
    assert.equal(head.header('upload-offset'), String(half))
    assert.equal(head.header('upload-length'), String(file.length))

    const second = await client
      .patch(`/api/video/upload_file/${id}`)
      .headers({ ...TUS, 'Upload-Offset': String(half) })
      .unsafeJson(file.subarray(half))
      .type(OCTETS)
      .loginAs(given.staff)
    second.assertStatus(204)
    assert.equal(second.header('upload-offset'), String(file.length))

    const info = await Transfers.info(id)
    assert.isTrue(info!.complete)
    assert.equal(info!.key, `uploads/transfers/${id}`)
    assert.equal(info!.metadata.filename, 'clip.mp4')
    assert.deepEqual(readFileSync(join(folder, 'uploads/transfers', id)), file)
  })

  test('another user can neither read nor append to an upload; a creator account cannot upload', async ({
    client,
    assert,
  }) => {
    const id = await emptyUpload(client, given.staff)

    const head = await client.head(`/api/video/upload_file/${id}`).headers(TUS).loginAs(given.other)
    head.assertStatus(403)
    const patch = await client
      .patch(`/api/video/upload_file/${id}`)
      .headers({ ...TUS, 'Upload-Offset': '0' })
      .unsafeJson(Buffer.alloc(100, 1))
      .type(OCTETS)
      .loginAs(given.other)
    patch.assertStatus(403)
    assert.equal((await Transfers.info(id))!.offset, 0)

    const anonymous = await client.head(`/api/video/upload_file/${id}`).headers(TUS)
    anonymous.assertStatus(401)
    const byCreator = await client
      .post('/api/video/upload_file')
      .headers({ ...TUS, 'Upload-Length': '100' })
      .loginAs(given.creator)
    byCreator.assertStatus(403)
    const forged = await client
      .head('/api/video/upload_file/../../etc')
      .headers(TUS)
      .loginAs(given.staff)
    assert.include([403, 404], forged.status())
  })

  test('a file over the size limit is refused before a byte is stored, in the caller language', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/api/video/upload_file')
      .headers({ ...TUS, 'Upload-Length': String(9 * 1024 ** 3), 'lang': 'kr' })
      .loginAs(given.staff)
    response.assertStatus(413)
    assert.deepEqual(JSON.parse(response.text()), {
      status: 413,
      message: '파일이 스튜디오가 받을 수 있는 크기보다 큽니다(최대 8 GB).',
    })
    const stored = readdirSync(folder, { recursive: true }).filter((name) =>
      String(name).includes('-')
    )
    assert.deepEqual(stored, [])
  })

  test('a part longer than its upload is refused against the upload own length', async ({
    client,
    assert,
  }) => {
    const created = await client
      .post('/api/video/upload_file')
      .headers({ ...TUS, 'Upload-Length': '1000' })
      .loginAs(given.staff)
    created.assertStatus(201)
    const id = (created.header('location') as string).split('/').pop()!
    const tooLong = await client
      .patch(`/api/video/upload_file/${id}`)
      .headers({ ...TUS, 'Upload-Offset': '0', 'lang': 'en' })
      .unsafeJson(Buffer.alloc(3000, 1))
      .type(OCTETS)
      .loginAs(given.staff)
    tooLong.assertStatus(413)
    assert.deepEqual(JSON.parse(tooLong.text()), {
      status: 413,
      message:
        "More was sent than the file's own size (1000 B). Choose the file again to send it anew.",
    })
    assert.equal((await Transfers.info(id))!.offset, 0)
  })

  test('a part sent at the wrong offset or to a missing upload is answered in the caller language', async ({
    client,
    assert,
  }) => {
    const id = await emptyUpload(client, given.staff)
    const wrongOffset = await client
      .patch(`/api/video/upload_file/${id}`)
      .headers({ ...TUS, 'Upload-Offset': '40', 'lang': 'jp' })
      .unsafeJson(Buffer.alloc(10, 1))
      .type(OCTETS)
      .loginAs(given.staff)
    wrongOffset.assertStatus(409)
    assert.equal(
      JSON.parse(wrongOffset.text()).message,
      '転送がサーバーと食い違いました。ファイルを選び直すと続きから送ります。'
    )
    assert.equal((await Transfers.info(id))!.offset, 0)

    const missing = await client
      .head(`/api/video/upload_file/${given.staff.id}-${'0'.repeat(32)}`)
      .headers({ ...TUS, lang: 'ch' })
      .loginAs(given.staff)
    missing.assertStatus(404)
  })

  test('the sweep removes uploads without a byte for a day and keeps finished and recent ones', async ({
    client,
    assert,
  }) => {
    const ids: string[] = []
    for (const length of [10, 4, 10]) {
      const created = await client
        .post('/api/video/upload_file')
        .headers({ ...TUS, 'Upload-Length': String(length) })
        .loginAs(given.staff)
      created.assertStatus(201)
      ids.push((created.header('location') as string).split('/').pop()!)
    }
    const [stale, finished, recent] = ids
    const done = await client
      .patch(`/api/video/upload_file/${finished}`)
      .headers({ ...TUS, 'Upload-Offset': '0' })
      .unsafeJson(Buffer.from('done'))
      .type(OCTETS)
      .loginAs(given.staff)
    done.assertStatus(204)
    // the stale and the finished one last changed two days ago
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000)
    for (const id of [stale, finished]) {
      utimesSync(join(folder, 'uploads/transfers', id), twoDaysAgo, twoDaysAgo)
    }
    assert.equal(await Transfers.sweep(), 1)
    assert.isNull(await Transfers.info(stale))
    assert.isTrue((await Transfers.info(finished))!.complete)
    assert.equal((await Transfers.info(recent))!.offset, 0)
  })

  test('a client that drops the connection mid-part keeps what arrived and resumes from there', async ({
    client,
    assert,
  }) => {
    const file = tinyMp4(12, 512 * 1024)
    const created = await client
      .post('/api/video/upload_file')
      .headers({ ...TUS, 'Upload-Length': String(file.length) })
      .loginAs(given.staff)
    const id = (created.header('location') as string).split('/').pop()!
    const { token } = await login(client, given.staff)

    // half the file, then the connection is cut
    const half = Math.floor(file.length / 2)
    await new Promise<void>((resolve) => {
      const request = httpRequest({
        host: env.get('HOST'),
        port: env.get('PORT'),
        method: 'PATCH',
        path: `/api/video/upload_file/${id}`,
        headers: {
          ...TUS,
          'token': token,
          'Upload-Offset': '0',
          'Content-Type': OCTETS,
          'Content-Length': String(file.length),
        },
      })
      request.on('error', () => resolve())
      request.on('close', () => resolve())
      request.write(file.subarray(0, half), () => setTimeout(() => request.destroy(), 300))
    })

    let offset = -1
    const settled = await eventually(async () => {
      const head = await client
        .head(`/api/video/upload_file/${id}`)
        .headers(TUS)
        .loginAs(given.staff)
      if (head.status() !== 200) return false
      offset = Number(head.header('upload-offset'))
      return true
    }, 10_000)
    assert.isTrue(settled)
    assert.isAtLeast(offset, 0)
    assert.isAtMost(offset, half)

    const rest = await client
      .patch(`/api/video/upload_file/${id}`)
      .headers({ ...TUS, 'Upload-Offset': String(offset) })
      .unsafeJson(file.subarray(offset))
      .type(OCTETS)
      .loginAs(given.staff)
    rest.assertStatus(204)
    assert.deepEqual(readFileSync(join(folder, 'uploads/transfers', id)), file)
  })
})
