import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { UserFactory } from '#database/factories/user_factory'
import { CreatorFactory } from '#database/factories/creator_factory'
import { setupGroupWith } from '#tests/helpers/functional'
import { fakeClock } from '#tests/helpers/growth'

/** The tests' clock: 2026-06-01 12:00 in Seoul (03:00 UTC). */
const NOW = DateTime.fromISO('2026-06-01T03:00:00Z', { zone: 'utc' })

/** A submission every platform accepts (without its files being read). */
function submission(creatorId: number, overrides: Record<string, unknown> = {}) {
  return {
    creator_id: creatorId,
    platforms: ['bilibili', 'xigua', 'haokan'],
    title: 'Street food in Chengdu',
    detail: 'Three stalls in one night.',
    category: '160',
    subcategory: '76',
    tags: 'food, chengdu, food',
    event_tag: '1001',
    topic: 'chengdu',
    share: 1,
    advert: 0,
    original: 1,
    video: 'tus-video-1',
    thumbnail: 'tus-thumb-1',
    ...overrides,
  }
}

type Entry = { key: string; platform?: string; field: string; message: string }
const keysOf = (entries: Entry[]) =>
  entries.map((entry) => (entry.platform ? `${entry.key}@${entry.platform}` : entry.key))

test.group('uploads / POST /api/uploads/check', (group) => {
  const given = setupGroupWith(group, async () => ({
    staff: await UserFactory.create(),
    creator: await CreatorFactory.create(),
  }))
  group.each.setup(() => {
    const clock = fakeClock(NOW)
    return () => clock.restore()
  })

  test('answers 401 without a token', async ({ client }) => {
    const response = await client.post('/api/uploads/check').json(submission(given.creator.id))
    response.assertStatus(401)
  })

  test('answers 403 to creator and company accounts; staff, managers and admins check', async ({
    client,
    assert,
  }) => {
    for (const role of ['creator', 'company'] as const) {
      const user = await UserFactory.apply(role).create()
      const response = await client
        .post('/api/uploads/check')
        .json(submission(given.creator.id))
        .loginAs(user)
      response.assertStatus(403)
      assert.isNotEmpty(response.body().message)
    }
    for (const role of ['manager', 'admin'] as const) {
      const user = await UserFactory.apply(role).create()
      const response = await client
        .post('/api/uploads/check')
        .json(submission(given.creator.id))
        .loginAs(user)
      response.assertStatus(200)
    }
  })

  test('a valid submission: each platform with its values, tags parsed, no notices', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/api/uploads/check')
      .json(submission(given.creator.id))
      .loginAs(given.staff)
    response.assertStatus(200)
    const { data } = response.body()
    assert.isTrue(data.ok)
    assert.deepEqual(data.tags, ['food', 'chengdu'])
    assert.deepEqual(data.violations, [])
    assert.deepEqual(data.notices, [])
    const haokan = data.plans.find((plan: { platform: string }) => plan.platform === 'haokan')
    assert.include(haokan, {
      title: 'Street food in Chengdu',
      category: '160',
      topic: 'chengdu',
      share: true,
      advert: false,
      original: true,
      eventTag: null,
    })
    assert.deepEqual(haokan.schedule, { mode: 'immediate', at: null })
  })

  test('form-encoded: titles over the limit come back cut, with a notice per platform', async ({
    client,
    assert,
  }) => {
    const title = '成都火锅'.repeat(8) // 32 characters
    const response = await client
      .post('/api/uploads/check')
      .form({
        ...submission(given.creator.id, {
          title,
          platforms: 'bilibili,xigua',
          category: undefined,
        }),
        'category[bilibili]': '160',
        'category[xigua]': '',
      })
      .header('lang', 'ch')
      .loginAs(given.staff)
    assert.equal(response.status(), 200, response.text())
    const { data } = response.body()
    const bilibili = data.plans.find((plan: { platform: string }) => plan.platform === 'bilibili')
    assert.equal(bilibili.title, title.slice(0, 30))
    assert.equal(data.plans[1].title, title)
    assert.deepEqual(keysOf(data.notices), ['title_cut@bilibili'])
    assert.equal(data.notices[0].message, '哔哩哔哩：标题超过30个字，将被自动删减。')
  })

  test('violations answer 422 with every message in the caller language', async ({
    client,
    assert,
  }) => {
    const body = submission(given.creator.id, {
      platforms: ['bilibili', 'haokan'],
      tags: 'a,b,c,d,e,f',
      event_tag: '',
      original: '',
      thumbnail: '',
    })
    const expected: Record<
      string,
      { header: Record<string, string>; first: string; haokan: string }
    > = {
      en: {
        header: { 'accept-language': 'en-US' },
        first: 'The video or the thumbnail is not selected.',
        haokan: 'Haokan takes at most 5 tags (6 given).',
      },
      ko: {
        header: { lang: 'kr' },
        first: '영상 또는 썸네일이 선택되지 않았습니다.',
        haokan: '하오칸의 태그는 최대 5개입니다 (입력 6개).',
      },
      zh: {
        header: { 'accept-language': 'zh-CN,zh;q=0.9' },
        first: '未选择视频或封面。',
        haokan: '好看视频最多5个标签（已输入6个）。',
      },
      ja: {
        header: { lang: 'jp' },
        first: '動画またはサムネイルが選択されていません。',
        haokan: '好看視頻のタグは最大5個です（入力6個）。',
      },
    }
    for (const [language, words] of Object.entries(expected)) {
      const response = await client
        .post('/api/uploads/check')
        .json(body)
        .headers(words.header)
        .loginAs(given.staff)
      response.assertStatus(422)
      const { status, message, data, errors } = response.body()
      assert.equal(status, 422, language)
      assert.equal(message, words.first, language)
      assert.isFalse(data.ok)
      assert.deepEqual(keysOf(data.violations), [
        'file_required',
        'event_tag_required@bilibili',
        'original_required@haokan',
        'tags_too_many@haokan',
      ])
      assert.equal(data.violations[3].message, words.haokan, language)
      assert.notInclude(JSON.stringify(data.violations), 'uploads.', language)
      // the field errors the admin's forms place under their fields
      assert.deepEqual(errors[3], {
        field: 'tags',
        rule: 'tags_too_many',
        platform: 'haokan',
        message: words.haokan,
      })
    }
  })

  test('no platform, no files: the spec messages', async ({ client, assert }) => {
    const response = await client
      .post('/api/uploads/check')
      .json(submission(given.creator.id, { platforms: [], video: null, thumbnail: null }))
      .header('lang', 'en')
      .loginAs(given.staff)
    response.assertStatus(422)
    const { data } = response.body()
    assert.deepEqual(
      data.violations.map((entry: Entry) => [entry.field, entry.message]),
      [
        ['platforms', 'Select at least one platform.'],
        ['video', 'The video or the thumbnail is not selected.'],
        ['thumbnail', 'The video or the thumbnail is not selected.'],
      ]
    )
  })

  test('the Xigua subscribe button against the length the browser read', async ({
    client,
    assert,
  }) => {
    const check = (subscribe: number, duration: number) =>
      client
        .post('/api/uploads/check')
        .json(
          submission(given.creator.id, {
            platforms: ['xigua'],
            subscribe_at_s: subscribe,
            video_duration_s: duration,
          })
        )
        .header('lang', 'kr')
        .loginAs(given.staff)
    const inTime = await check(55, 60)
    inTime.assertStatus(200)
    const late = await check(56, 60)
    late.assertStatus(422)
    assert.equal(
      late.body().message,
      '시과 구독 버튼은 5초 동안 표시되며 영상 끝나기 최소 5초 전에 시작해야 합니다: 늦어도 55초.'
    )
  })

  test('lead time on the tests clock: a date and time of the studio zone, scheduled or immediate', async ({
    client,
    assert,
  }) => {
    // NOW is 12:00 in Seoul; 15:00 is 3 h ahead: Xigua (2 h) schedules, the others go at once
    const response = await client
      .post('/api/uploads/check')
      .json(submission(given.creator.id, { scheduled_date: '2026-06-01', scheduled_time: '15:00' }))
      .header('lang', 'en')
      .loginAs(given.staff)
    response.assertStatus(200)
    const { data } = response.body()
    const modes = Object.fromEntries(
      data.plans.map((plan: { platform: string; schedule: { mode: string; at: string } }) => [
        plan.platform,
        plan.schedule,
      ])
    )
    assert.deepEqual(modes.xigua, { mode: 'scheduled', at: '2026-06-01T06:00:00.000Z' })
    assert.deepEqual(modes.bilibili, { mode: 'immediate', at: null })
    assert.deepEqual(keysOf(data.notices), [
      'schedule_too_soon@bilibili',
      'schedule_too_soon@haokan',
    ])
    assert.equal(
      data.notices[0].message,
      'Bilibili: a scheduled upload must be at least 4 hours ahead, so the video is published immediately.'
    )

    const past = await client
      .post('/api/uploads/check')
      .json(submission(given.creator.id, { scheduled_at: '2026-06-01T02:59:00Z' }))
      .loginAs(given.staff)
    past.assertStatus(200)
    assert.deepEqual(keysOf(past.body().data.notices), [
      'schedule_past@bilibili',
      'schedule_past@xigua',
      'schedule_past@haokan',
    ])
  })

  test('bad shapes are refused by the validator in the caller language', async ({
    client,
    assert,
  }) => {
    const terminated = await CreatorFactory.merge({ contractStatus: 'terminated' }).create()
    const response = await client
      .post('/api/uploads/check')
      .json(submission(terminated.id))
      .header('lang', 'kr')
      .loginAs(given.staff)
    response.assertStatus(422)
    assert.equal(response.body().message, '계약이 유효한 크리에이터를 선택해 주세요.')

    const badTime = await client
      .post('/api/uploads/check')
      .json(
        submission(given.creator.id, { scheduled_at: '2026-06-01 16:00', platforms: ['douyin'] })
      )
      .header('lang', 'en')
      .loginAs(given.staff)
    badTime.assertStatus(422)
    assert.sameMembers(
      badTime.body().errors.map((error: { message: string }) => error.message),
      [
        'Choose Bilibili, Xigua or Haokan.',
        'The scheduled time must be a date and time with its offset (ISO 8601).',
      ]
    )
  })

  test('wrong types and garbage never give a 5xx: a 422 with a message', async ({
    client,
    assert,
  }) => {
    const id = given.creator.id
    const bodies: Record<string, unknown>[] = [
      {},
      { creator_id: 'abc' },
      { creator_id: true },
      submission(id, { title: ['a'] }),
      submission(id, { title: 'x'.repeat(5_000) }),
      submission(id, { tags: { a: 1 } }),
      submission(id, { category: ['160'] }),
      submission(id, { category: { bilibili: { deep: 1 } } }),
      submission(id, { event_tag: true }),
      submission(id, { platforms: [['bilibili']] }),
      submission(id, { platforms: 'tiktok' }),
      submission(id, { subscribe_at_s: '1e3' }),
      submission(id, { subscribe_at_s: 'abc' }),
      submission(id, { share: 'maybe' }),
      submission(id, { scheduled_date: '2026-02-30', scheduled_time: '10:00' }),
      submission(id, { scheduled_date: '2026-06-01' }),
      submission(id, { scheduled_time: '25:00' }),
      submission(id, { scheduled_at: 'tomorrow' }),
      submission(id, { video: '../../etc/passwd' }),
      submission(id, { video_duration_s: -1 }),
    ]
    for (const body of bodies) {
      const response = await client.post('/api/uploads/check').json(body).loginAs(given.staff)
      assert.equal(
        response.status(),
        422,
        `${JSON.stringify(body).slice(0, 120)} ${response.text()}`
      )
      assert.isString(response.body().message)
      assert.isNotEmpty(response.body().message)
    }
  })
})
