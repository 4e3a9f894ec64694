import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import uploads from '#platforms/upload/main'
import { FakePlatforms } from '#platforms/upload/fake_platforms'
import { FakePlatformServer } from '#platforms/upload/fake_server'
import BilibiliUploadAdapter from '#platforms/upload/bilibili'
import XiguaUploadAdapter from '#platforms/upload/xigua'
import HaokanUploadAdapter from '#platforms/upload/haokan'
import { UploadError, type UploadAdapter } from '#platforms/upload/types'
import type { UploadPlatform } from '#shared/uploads'
import { accountOf, ledger, publishRequest, uploadFiles } from '#tests/helpers/upload_platforms'

/*
| The three upload adapters against the fake platform server (a real HTTP
| server on a free port): whole publications, resuming from a stored
| checkpoint, rate limits, expired logins, a lost submit answer found again
| in the platform's listing, scheduled publication and time limits.
*/

const MB = 1024 * 1024
const CHUNK = { bilibili: MB, xigua: MB / 2, haokan: MB }
const SIZE = 2.5 * MB

function adapterOf(
  platform: UploadPlatform,
  fake: FakePlatformServer,
  timeoutMs = 10_000
): UploadAdapter {
  const bases = fake.bases
  if (platform === 'bilibili') {
    return new BilibiliUploadAdapter({
      memberBase: bases.bilibiliMember,
      apiBase: bases.bilibiliApi,
      timeoutMs,
    })
  }
  if (platform === 'xigua') return new XiguaUploadAdapter({ baseUrl: bases.xigua, timeoutMs })
  return new HaokanUploadAdapter({ baseUrl: bases.haokan, timeoutMs })
}

async function failure(promise: Promise<unknown>): Promise<UploadError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof UploadError) return error
    throw error
  }
  throw new Error('expected an UploadError')
}

const PART_STEP = { bilibili: 'part', xigua: 'part', haokan: 'block' } as const
const SUBMIT_STEP = { bilibili: 'submit', xigua: 'publish', haokan: 'publish' } as const
const COVER_STEP = { bilibili: 'cover', xigua: 'image', haokan: 'cover' } as const

test.group('uploads / adapters against the fake platform server', (group) => {
  let fake: FakePlatformServer
  let files: Awaited<ReturnType<typeof uploadFiles>>

  group.setup(async () => {
    files = await uploadFiles(SIZE)
    return () => files.remove()
  })
  group.each.setup(async () => {
    fake = await FakePlatformServer.start({ chunkSize: CHUNK })
    return () => fake.close()
  })

  for (const platform of ['bilibili', 'xigua', 'haokan'] as const) {
    test(`${platform}: a whole publication, every chunk sent once and intact`, async ({
      assert,
    }) => {
      const adapter = adapterOf(platform, fake)
      const request = publishRequest(platform, files, 'alice')
      const run = ledger()
      const published = await adapter.publish(request, run.ctx)

      const stored = fake.videos(platform)
      assert.lengthOf(stored, 1)
      assert.equal(stored[0].id, published.platformVideoId)
      assert.equal(stored[0].title, request.title)
      assert.isFalse(published.scheduled)
      assert.deepEqual(
        Object.values(fake.partHashes(platform)[0]),
        files.chunkHashes(CHUNK[platform])
      )
      assert.isTrue(Object.values(fake.receipts(platform)[0]).every((count) => count === 1))
      assert.deepEqual(run.progress.at(-1), [SIZE, SIZE])
      assert.equal(run.last()?.step, 'submitting')

      if (platform === 'bilibili') {
        assert.match(published.platformVideoId, /^BV1/)
        assert.equal(stored[0].fields.tid, 21)
        assert.equal(stored[0].fields.tag, '生活,vlog')
        assert.equal(stored[0].fields.mission_id, 4001)
        assert.notProperty(stored[0].fields, 'dtime')
      } else if (platform === 'xigua') {
        assert.equal(stored[0].fields.activity_id, 'xg-7001')
        assert.equal(stored[0].fields.subscribe_button_time, 40_000)
        assert.equal(stored[0].fields.timer_time, 0)
      } else {
        assert.equal(stored[0].fields.category_v2, '100102')
        assert.equal(stored[0].fields.topic_id, 'hk-301')
        assert.equal(stored[0].fields.is_original, 1)
      }

      const found = await adapter.findPublished(request.account, {
        title: request.title,
        after: new Date(Date.now() - 60_000).toISOString(),
      })
      assert.equal(found?.platformVideoId, published.platformVideoId)
      const later = await adapter.findPublished(request.account, {
        title: request.title,
        after: new Date(Date.now() + 3_600_000).toISOString(),
      })
      assert.isNull(later)
    })

    test(`${platform}: a new worker resumes after the first part from the stored checkpoint`, async ({
      assert,
    }) => {
      const request = publishRequest(platform, files, 'bob')
      const first = ledger({
        dieAfter: (state) =>
          state.step === 'uploading' &&
          ((Array.isArray(state.parts) && state.parts.length === 1) ||
            state.parts === 1 ||
            (Array.isArray(state.blocks) && state.blocks.length === 1)),
      })
      await assert.rejects(
        () => adapterOf(platform, fake).publish(request, first.ctx),
        'worker died'
      )
      assert.lengthOf(fake.videos(platform), 0)

      const second = ledger({ resume: first.last() })
      const published = await adapterOf(platform, fake).publish(request, second.ctx)
      assert.equal(fake.videos(platform)[0].id, published.platformVideoId)

      // one upload session, every part received exactly once
      const receipts = fake.receipts(platform)
      assert.lengthOf(receipts, 1)
      assert.lengthOf(Object.keys(receipts[0]), Math.ceil(SIZE / CHUNK[platform]))
      assert.isTrue(Object.values(receipts[0]).every((count) => count === 1))
      assert.lengthOf(fake.calls(platform, PART_STEP[platform]), Math.ceil(SIZE / CHUNK[platform]))
      // progress restarts from the part already sent
      assert.deepEqual(second.progress[0], [CHUNK[platform], SIZE])
    })

    test(`${platform}: a lost submit answer leaves the outcome unknown and the listing finds it`, async ({
      assert,
    }) => {
      const adapter = adapterOf(platform, fake)
      const request = publishRequest(platform, files, 'carol')
      const after = new Date(Date.now() - 1000).toISOString()
      fake.loseAnswer(platform)
      const run = ledger()
      const error = await failure(adapter.publish(request, run.ctx))
      assert.isTrue(error.outcomeUnknown)
      assert.equal(error.code, 'network')
      assert.equal(run.last()?.step, 'submitting')

      const stored = fake.videos(platform)
      assert.lengthOf(stored, 1)
      const found = await adapter.findPublished(request.account, { title: request.title, after })
      assert.equal(found?.platformVideoId, stored[0].id)
      // another account's listing does not hold it
      const other = await adapter.findPublished(accountOf(platform, 'dave'), {
        title: request.title,
        after,
      })
      assert.isNull(other)
    })

    test(`${platform}: a submit dropped before the platform stored it is retried once, safely`, async ({
      assert,
    }) => {
      const adapter = adapterOf(platform, fake)
      const request = publishRequest(platform, files, 'nora')
      const after = new Date(Date.now() - 1000).toISOString()
      fake.drop(platform, SUBMIT_STEP[platform])
      const first = ledger()
      const error = await failure(adapter.publish(request, first.ctx))
      assert.isTrue(error.outcomeUnknown)
      assert.isTrue(error.retryable)
      assert.equal(first.last()?.step, 'submitting')
      // the job asks the listing first: not there, so it submits again from the checkpoint
      assert.isNull(await adapter.findPublished(request.account, { title: request.title, after }))
      const second = ledger({ resume: first.last() })
      const published = await adapterOf(platform, fake).publish(request, second.ctx)
      assert.lengthOf(fake.videos(platform), 1)
      assert.equal(fake.videos(platform)[0].id, published.platformVideoId)
      // nothing was sent again but the submit
      assert.lengthOf(fake.receipts(platform), 1)
      assert.isTrue(Object.values(fake.receipts(platform)[0]).every((count) => count === 1))
      assert.lengthOf(fake.calls(platform, COVER_STEP[platform]), 1)
      assert.lengthOf(fake.calls(platform, SUBMIT_STEP[platform]), 2)
    })

    test(`${platform}: an attempt stopped during a slow part keeps the parts already sent`, async ({
      assert,
    }) => {
      const request = publishRequest(platform, files, 'otto')
      const stop = new AbortController()
      const first = ledger({
        signal: stop.signal,
        dieAfter: (state) => {
          const done = Array.isArray(state.parts)
            ? state.parts.length
            : Array.isArray(state.blocks)
              ? state.blocks.length
              : Number(state.parts ?? 0)
          if (state.step === 'uploading' && done === 1) {
            fake.slow(platform, PART_STEP[platform], 2000)
            setTimeout(() => stop.abort(), 50)
          }
          return false
        },
      })
      const error = await failure(adapterOf(platform, fake).publish(request, first.ctx))
      assert.equal(error.code, 'timeout')
      assert.isFalse(error.outcomeUnknown)
      fake.resetKnobs()

      const second = ledger({ resume: first.last() })
      await adapterOf(platform, fake).publish(request, second.ctx)
      assert.deepEqual(second.progress[0], [CHUNK[platform], SIZE])
      assert.lengthOf(fake.videos(platform), 1)
      assert.lengthOf(fake.receipts(platform), 1)
    })

    test(`${platform}: a scheduled publication sends its time`, async ({ assert }) => {
      const adapter = adapterOf(platform, fake)
      const at = new Date(Date.now() + 5 * 3_600_000)
      at.setMilliseconds(0)
      const request = publishRequest(platform, files, 'erin', { scheduledAt: at.toISOString() })
      const published = await adapter.publish(request, ledger().ctx)
      assert.isTrue(published.scheduled)
      const fields = fake.videos(platform)[0].fields
      const sent = {
        bilibili: fields.dtime,
        xigua: fields.timer_time,
        haokan: fields.timer_publish_time,
      }
      assert.equal(sent[platform], at.getTime() / 1000)
      const found = await adapter.findPublished(request.account, {
        title: request.title,
        after: new Date(Date.now() - 60_000).toISOString(),
      })
      assert.isTrue(found?.scheduled)
    })

    test(`${platform}: rate limits are retryable with their wait`, async ({ assert }) => {
      const adapter = adapterOf(platform, fake)
      fake.rateLimit(platform, { after: 0, times: 1, retryAfterS: 30 })
      const byCode = await failure(
        adapter.publish(publishRequest(platform, files, 'fay'), ledger().ctx)
      )
      assert.equal(byCode.code, 'rate_limited')
      assert.isTrue(byCode.retryable)
      assert.isFalse(byCode.outcomeUnknown)
      assert.equal(
        byCode.options.upstreamCode,
        { bilibili: 21070, xigua: 2100005, haokan: 18 }[platform]
      )
      assert.isAbove(byCode.options.retryAfterMs ?? 0, 0)

      fake.rateLimit(platform, { after: 1, times: 1, retryAfterS: 7, http: true })
      const byStatus = await failure(
        adapter.publish(publishRequest(platform, files, 'fay'), ledger().ctx)
      )
      assert.equal(byStatus.code, 'rate_limited')
      assert.equal(byStatus.options.retryAfterMs, 7000)
    })

    test(`${platform}: an expired login is auth_expired, never retried`, async ({ assert }) => {
      const adapter = adapterOf(platform, fake)
      fake.expire(platform, 'gina')
      const account = accountOf(platform, 'gina')
      assert.deepInclude(await adapter.checkLogin(account), { ok: false, reason: 'expired' })
      assert.deepInclude(await adapter.checkLogin(accountOf(platform, 'hank')), { ok: true })
      assert.deepEqual(await adapter.checkLogin({ id: 2, creatorId: 2, platform, uid: null }), {
        ok: false,
        reason: 'missing',
      })
      const error = await failure(
        adapter.publish(publishRequest(platform, files, 'gina'), ledger().ctx)
      )
      assert.equal(error.code, 'auth_expired')
      assert.isFalse(error.retryable)
      assert.lengthOf(fake.videos(platform), 0)
    })

    test(`${platform}: a connection dropped during a part is a retryable network error`, async ({
      assert,
    }) => {
      const request = publishRequest(platform, files, 'ivan')
      fake.drop(platform, PART_STEP[platform])
      const first = ledger()
      const error = await failure(adapterOf(platform, fake).publish(request, first.ctx))
      assert.equal(error.code, 'network')
      assert.isTrue(error.retryable)
      assert.isFalse(error.outcomeUnknown)

      await adapterOf(platform, fake).publish(request, ledger({ resume: first.last() }).ctx)
      assert.lengthOf(fake.videos(platform), 1)
      assert.lengthOf(fake.receipts(platform), 1)
    })

    test(`${platform}: slow answers time out and a stopped attempt ends at once`, async ({
      assert,
    }) => {
      fake.slow(platform, '*', 600)
      const error = await failure(
        adapterOf(platform, fake, 150).categories(accountOf(platform, 'jo'))
      )
      assert.equal(error.code, 'timeout')
      assert.isTrue(error.retryable)

      const stop = new AbortController()
      stop.abort()
      const stopped = await failure(
        adapterOf(platform, fake).publish(
          publishRequest(platform, files, 'jo'),
          ledger({ signal: stop.signal }).ctx
        )
      )
      assert.equal(stopped.code, 'timeout')
      assert.lengthOf(fake.videos(platform), 0)
    })

    test(`${platform}: categories and events`, async ({ assert }) => {
      const adapter = adapterOf(platform, fake)
      const account = accountOf(platform, 'kim')
      const categories = await adapter.categories(account)
      assert.isAbove(categories.length, 1)
      assert.isAbove(categories[0].children.length, 0)
      const events = await adapter.events(account, { keyword: '美食' })
      assert.isAbove(events.length, 0)
      if (platform === 'xigua') {
        assert.deepInclude(events[0], { id: 'xg-7001', prize: '瓜分 100 万流量', joined: true })
      }
      if (platform === 'haokan')
        assert.deepEqual(
          events.map((e) => e.id),
          ['hk-301']
        )
      assert.include(await adapter.tags!(account, { keyword: '美食' }), '美食制作')
    })
  }

  test('bilibili: HTTP 412 from its risk-control gateway is a rate limit', async ({ assert }) => {
    fake.rateLimit('bilibili', { status: 412, retryAfterS: 5 })
    const error = await failure(adapterOf('bilibili', fake).categories(null))
    assert.equal(error.code, 'rate_limited')
    assert.equal(error.options.upstreamCode, 412)
    assert.equal(error.options.retryAfterMs, 5000)
  })

  test('bilibili: a refused submit (an unknown subcategory) is rejected with the platform message, never retried', async ({
    assert,
  }) => {
    const adapter = adapterOf('bilibili', fake)
    const request = publishRequest('bilibili', files, 'lee', { subcategory: '9999' })
    const error = await failure(adapter.publish(request, ledger().ctx))
    assert.equal(error.code, 'rejected')
    assert.equal(error.message, '分区不存在')
    assert.isFalse(error.retryable)
    assert.isFalse(error.outcomeUnknown)
  })
})

test.group('uploads / adapters manager and the fake server state', () => {
  test('the manager hands out each adapter once and names its config file for an unknown one', ({
    assert,
  }) => {
    assert.instanceOf(uploads.use('bilibili'), BilibiliUploadAdapter)
    assert.strictEqual(uploads.use('xigua'), uploads.use('xigua'))
    assert.instanceOf(uploads.use('haokan'), HaokanUploadAdapter)
    assert.equal(uploads.mode, 'simulated')
    assert.throws(() => uploads.use('youtube' as UploadPlatform), /config\/upload_platforms\.ts/)
    const double = new XiguaUploadAdapter({ baseUrl: 'http://127.0.0.1:9' })
    uploads.fake('bilibili', double)
    assert.strictEqual(uploads.use('bilibili'), double)
    uploads.restore()
    assert.instanceOf(uploads.use('bilibili'), BilibiliUploadAdapter)
  })

  test('a process finding the fixed fake port taken uses the server already there', async ({
    assert,
  }) => {
    const port = 20_000 + Math.floor(Math.random() * 10_000)
    const other = await FakePlatformServer.start({ port })
    const saved = { ...FakePlatforms.options }
    FakePlatforms.options.port = port
    try {
      assert.deepEqual(await FakePlatforms.bases(), other.bases)
      const categories = await new XiguaUploadAdapter({
        baseUrl: async () => {
          const bases = await FakePlatforms.bases()
          return bases.xigua
        },
      }).categories(null)
      assert.isAbove(categories.length, 0)
      assert.lengthOf(other.calls('xigua', 'categories'), 1)
    } finally {
      await FakePlatforms.stop()
      Object.assign(FakePlatforms.options, saved)
      await other.close()
    }
  })

  test('with a state file, published videos and uploads survive a restart of the fake server', async ({
    assert,
  }) => {
    const files = await uploadFiles(MB + 10)
    const dir = await mkdtemp(join(tmpdir(), 'fake-state-'))
    const statePath = join(dir, 'state.json')
    try {
      const first = await FakePlatformServer.start({ chunkSize: CHUNK, statePath })
      const request = publishRequest('haokan', files, 'mia')
      const run = ledger({ dieAfter: (state) => state.step === 'uploaded' })
      await assert.rejects(() => adapterOf('haokan', first).publish(request, run.ctx))
      await first.close()

      // the same port is not guaranteed: a checkpoint of another host starts over
      const second = await FakePlatformServer.start({ chunkSize: CHUNK, statePath })
      assert.lengthOf(second.receipts('haokan'), 1)
      const published = await adapterOf('haokan', second).publish(request, ledger().ctx)
      await second.close()

      const third = await FakePlatformServer.start({ chunkSize: CHUNK, statePath })
      const found = await adapterOf('haokan', third).findPublished(request.account, {
        title: request.title,
        after: new Date(Date.now() - 60_000).toISOString(),
      })
      assert.equal(found?.platformVideoId, published.platformVideoId)
      await third.close()
    } finally {
      await files.remove()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
