import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import LabsVideoDownload from '#models/labs_video_download'
import VideoDownloadRunner from '#services/labs/video_download_runner'
import { UserFactory } from '#database/factories/user_factory'
import { rowCount, setEnv, setupFunctionalGroup } from '#tests/helpers/functional'
import { runQueued, waitFor } from '#tests/helpers/queue'

/**
 * The Labs YouTube download (SPEC §2 'Labs') against a fake downloader
 * (tests/fixtures/labs/fake-yt-dlp.mjs, named by VIDEO_DOWNLOADER) that
 * prints yt-dlp's progress lines and writes the file: progress and the file
 * saved; a missing downloader and an unreachable network as plain messages,
 * never a success; links checked to be YouTube's; one download per video in
 * hand; the size cap by the downloader's option and by measuring the file.
 */

const FAKE = app.makePath('tests/fixtures/labs/fake-yt-dlp.mjs')
const LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'

function mode(value: string, extra: Record<string, string> = {}) {
  const before = { ...process.env }
  process.env.FAKE_YTDLP_MODE = value
  Object.assign(process.env, extra)
  return () => {
    for (const key of ['FAKE_YTDLP_MODE', 'FAKE_YTDLP_BYTES', 'FAKE_YTDLP_STEP_MS']) {
      if (before[key] === undefined) delete process.env[key]
      else process.env[key] = before[key]
    }
  }
}

function finished(id: number) {
  return runQueued(async () => {
    const row = await LabsVideoDownload.find(id)
    return row?.status === 'completed' || row?.status === 'failed'
  }, `video download ${id}`)
}

test.group('labs / video download', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(() => setEnv('VIDEO_DOWNLOADER', FAKE))
  group.each.setup(() => async () => {
    for (const row of await LabsVideoDownload.all()) {
      await rm(join(VideoDownloadRunner.folder(), String(row.id)), { recursive: true, force: true })
    }
  })

  test('a link is downloaded with its progress; the saved file is listed, downloaded, deleted', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(mode('slow', { FAKE_YTDLP_BYTES: '5000' }))
    const staff = await UserFactory.merge({ role: 'staff', name: 'Mina' }).create()
    const asked = await client
      .post('/api/labs/video_downloads')
      .loginAs(staff)
      .json({ link: 'youtu.be/dQw4w9WgXcQ' })
    asked.assertStatus(202)
    assert.containsSubset(asked.body().data, {
      video_id: 'dQw4w9WgXcQ',
      status: 'queued',
      created: true,
      requested_by: 'Mina',
    })
    const id = asked.body().data.id
    const running = finished(id)
    // while it runs, the list shows the progress the downloader printed
    const seen = await waitFor(async () => {
      const shown = await client.get('/api/labs/video_downloads').loginAs(staff)
      const row = shown.body()[0]
      return row.status === 'running' && row.percent > 0 && row.percent < 100
    })
    assert.isTrue(seen)
    await running

    const list = await client.get('/api/labs/video_downloads').loginAs(staff)
    list.assertStatus(200)
    assert.equal(list.header('x-total-count'), '1')
    assert.containsSubset(list.body()[0], {
      id,
      status: 'completed',
      percent: 100,
      bytes: 5000,
      file_name: 'Fake video 테스트 [dQw4w9WgXcQ].mp4',
      error: null,
      may_delete: true,
    })
    // the downloader's "of ~ 0.00MiB" estimate was read as the announced size
    const stored = await LabsVideoDownload.findOrFail(id)
    assert.equal(stored.totalBytes, 0)

    const file = await client.get(`/api/labs/video_downloads/${id}/file`).loginAs(staff)
    file.assertStatus(200)
    assert.match(file.header('content-disposition') ?? '', /filename\*=UTF-8''Fake%20video%20/)
    assert.equal(Number(file.header('content-length')), 5000)

    const someoneElse = await UserFactory.merge({ role: 'manager' }).create()
    const refused = await client.delete(`/api/labs/video_downloads/${id}`).loginAs(someoneElse)
    refused.assertStatus(403)
    const deleted = await client.delete(`/api/labs/video_downloads/${id}`).loginAs(staff)
    deleted.assertStatus(200)
    assert.equal(await rowCount('labs_video_downloads'), 0)
    assert.isFalse(existsSync(join(VideoDownloadRunner.folder(), String(id))))
  })

  test('the same video twice while it is in hand gives one download; afterwards a new one', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(mode('ok'))
    const staff = await UserFactory.merge({ role: 'staff' }).create()
    const other = await UserFactory.merge({ role: 'manager' }).create()
    const first = await client.post('/api/labs/video_downloads').loginAs(staff).json({ link: LINK })
    first.assertStatus(202)
    const links = [
      'https://youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    ]
    const again = await Promise.all(
      links.map((link) => client.post('/api/labs/video_downloads').loginAs(other).json({ link }))
    )
    for (const response of again) {
      response.assertStatus(200)
      assert.containsSubset(response.body().data, { id: first.body().data.id, created: false })
    }
    assert.equal(await rowCount('labs_video_downloads'), 1)

    await finished(first.body().data.id)
    const later = await client.post('/api/labs/video_downloads').loginAs(other).json({ link: LINK })
    later.assertStatus(202)
    assert.notEqual(later.body().data.id, first.body().data.id)
    assert.equal(await rowCount('labs_video_downloads'), 2)
  })

  test('links that are not a YouTube video are refused, in the reader’s language', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.merge({ role: 'staff' }).create()
    const refused = [
      'https://vimeo.com/123456',
      'https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw',
      'https://www.youtube.com/watch?v=short',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?list=PL123',
      '--exec=rm -rf / https://youtu.be/dQw4w9WgXcQ',
      'dQw4w9WgXcQ',
    ]
    for (const link of refused) {
      const response = await client.post('/api/labs/video_downloads').loginAs(staff).json({ link })
      response.assertStatus(422)
      assert.match(response.body().message, /Only YouTube video links/, link)
    }
    const korean = await client
      .post('/api/labs/video_downloads')
      .loginAs(staff)
      .header('lang', 'kr')
      .json({ link: 'https://vimeo.com/1' })
    assert.match(korean.body().message, /유튜브 동영상 링크만/)
    const empty = await client.post('/api/labs/video_downloads').loginAs(staff).json({})
    empty.assertStatus(422)
    assert.equal(await rowCount('labs_video_downloads'), 0)
  })

  test('a missing downloader and an unreachable network fail with a plain message, no file', async ({
    client,
    assert,
    cleanup,
  }) => {
    const staff = await UserFactory.merge({ role: 'staff' }).create()
    cleanup(setEnv('VIDEO_DOWNLOADER', '/nonexistent/yt-dlp'))
    const missing = await client
      .post('/api/labs/video_downloads')
      .loginAs(staff)
      .json({ link: LINK })
    await finished(missing.body().data.id)
    const afterMissing = await client
      .get('/api/labs/video_downloads')
      .loginAs(staff)
      .header('lang', 'jp')
    assert.containsSubset(afterMissing.body()[0], {
      status: 'failed',
      error: 'downloader_missing',
      file_name: null,
    })
    assert.match(afterMissing.body()[0].message, /ダウンローダーがインストールされていない/)

    setEnv('VIDEO_DOWNLOADER', FAKE)
    cleanup(mode('network'))
    const offline = await client
      .post('/api/labs/video_downloads')
      .loginAs(staff)
      .json({ link: 'https://youtu.be/aaaaaaaaaaa' })
    await finished(offline.body().data.id)
    const row = await LabsVideoDownload.findOrFail(offline.body().data.id)
    assert.equal(row.status, 'failed')
    assert.equal(row.error, 'network')
    assert.match(row.errorDetail!, /Temporary failure in name resolution/)
    const list = await client.get('/api/labs/video_downloads').loginAs(staff)
    assert.match(list.body()[0].message, /could not reach YouTube/)
    const notSaved = await client.get(`/api/labs/video_downloads/${row.id}/file`).loginAs(staff)
    notSaved.assertStatus(409)
  })

  test('the size cap: refused by the downloader’s own option, and by measuring what it writes', async ({
    client,
    assert,
    cleanup,
  }) => {
    const staff = await UserFactory.merge({ role: 'staff' }).create()
    cleanup(setEnv('VIDEO_DOWNLOAD_MAX_BYTES', String(64 * 1024)))
    // a file the downloader knows to be too large: it says so and exits 0, which is no success
    cleanup(mode('ok', { FAKE_YTDLP_BYTES: String(100 * 1024) }))
    const announced = await client
      .post('/api/labs/video_downloads')
      .loginAs(staff)
      .json({ link: 'https://youtu.be/bbbbbbbbbbb' })
    await finished(announced.body().data.id)
    const refused = await LabsVideoDownload.findOrFail(announced.body().data.id)
    assert.containsSubset(refused.toJSON(), {
      status: 'failed',
      error: 'too_large',
      fileName: null,
    })

    // a size nobody announced: the file is measured as it grows and the downloader stopped
    mode('unannounced', { FAKE_YTDLP_STEP_MS: '1' })
    const growing = await client
      .post('/api/labs/video_downloads')
      .loginAs(staff)
      .json({ link: 'https://youtu.be/ccccccccccc' })
    await finished(growing.body().data.id)
    const stopped = await LabsVideoDownload.findOrFail(growing.body().data.id)
    assert.containsSubset(stopped.toJSON(), { status: 'failed', error: 'too_large' })
    assert.isFalse(existsSync(join(VideoDownloadRunner.folder(), String(stopped.id))))
    const list = await client.get('/api/labs/video_downloads').loginAs(staff)
    assert.match(list.body()[0].message, /larger than the 0 MB|larger than the \d+ MB/)
  })

  test('who may: creators and companies are refused every path', async ({ client }) => {
    for (const role of ['creator', 'company'] as const) {
      const user = await UserFactory.merge({ role }).create()
      const asked = [
        client.get('/api/labs/video_downloads').loginAs(user),
        client.post('/api/labs/video_downloads').loginAs(user).json({ link: LINK }),
        client.get('/api/labs/video_downloads/1/file').loginAs(user),
        client.delete('/api/labs/video_downloads/1').loginAs(user),
      ]
      for (const response of await Promise.all(asked)) response.assertStatus(403)
    }
  })
})
