import { test } from '@japa/runner'
import {
  DETAIL_MAX,
  TAGS_MAX,
  TITLE_MAX,
  characterCount,
  checkUpload,
  cutText,
  parseTags,
  type UploadFilesState,
  type UploadFormValues,
  type UploadPlatform,
  type UploadVerdict,
} from '#shared/uploads'

/** The tests' clock: every schedule is decided against this moment. */
const NOW = Date.parse('2026-06-01T03:00:00Z')
const at = (minutesFromNow: number) => new Date(NOW + minutesFromNow * 60_000).toISOString()

/** A submission every platform accepts as it is. */
function form(overrides: Partial<UploadFormValues> = {}): UploadFormValues {
  return {
    platforms: ['bilibili', 'xigua', 'haokan'],
    title: 'Street food in Chengdu',
    detail: 'Three stalls in one night.',
    category: '160',
    subcategory: '76',
    tags: 'food, chengdu',
    eventTag: '1001',
    topic: 'chengdu',
    share: true,
    advert: false,
    original: true,
    scheduledAt: null,
    subscribeAtS: null,
    ...overrides,
  }
}

const FILES: UploadFilesState = { video: true, thumbnail: true, videoDurationS: 60 }

const check = (
  overrides: Partial<UploadFormValues> = {},
  files: Partial<UploadFilesState> = {},
  now = NOW
) => checkUpload(form(overrides), { ...FILES, ...files }, now)

/** The violations as `key@platform` (or `key:field` without a platform). */
const keys = (verdict: UploadVerdict) =>
  verdict.violations.map((violation) =>
    violation.platform
      ? `${violation.key}@${violation.platform}`
      : `${violation.key}:${violation.field}`
  )
const plan = (verdict: UploadVerdict, platform: UploadPlatform) =>
  verdict.plans.find((entry) => entry.platform === platform)!

test.group('upload rules (SPEC §5 Upload)', () => {
  test('a complete submission has no violations and one plan per platform', ({ assert }) => {
    const verdict = check()
    assert.deepEqual(verdict.violations, [])
    assert.deepEqual(verdict.notices, [])
    assert.deepEqual(
      verdict.plans.map((entry) => entry.platform),
      ['bilibili', 'xigua', 'haokan']
    )
    assert.deepEqual(plan(verdict, 'haokan').tags, ['food', 'chengdu'])
    assert.isNull(plan(verdict, 'haokan').eventTag)
    assert.equal(plan(verdict, 'haokan').topic, 'chengdu')
    assert.isNull(plan(verdict, 'bilibili').topic)
    assert.isTrue(plan(verdict, 'haokan').original)
  })

  test('only mp4 is accepted: the video must be chosen (its bytes are checked by the file check)', ({
    assert,
  }) => {
    assert.deepEqual(keys(check({}, { video: false })), ['file_required:video'])
  })

  test('at least one platform must be selected', ({ assert }) => {
    const verdict = check({ platforms: [] })
    assert.deepEqual(keys(verdict), ['platform_required:platforms'])
    assert.deepEqual(verdict.plans, [])
  })

  test('a video and a thumbnail must both be selected', ({ assert }) => {
    assert.deepEqual(keys(check({}, { thumbnail: false })), ['file_required:thumbnail'])
    assert.deepEqual(keys(check({}, { video: false, thumbnail: false })), [
      'file_required:video',
      'file_required:thumbnail',
    ])
  })

  test('at most 10 tags (Haokan 5), comma-separated, trimmed, blanks and repeats dropped', ({
    assert,
  }) => {
    assert.deepEqual(parseTags(' a, b,,a ,  ，c、d, '), ['a', 'b', 'c', 'd'])
    const tags = (count: number) =>
      Array.from({ length: count }, (_, index) => `tag${index + 1}`).join(',')

    assert.deepEqual(keys(check({ platforms: ['bilibili', 'xigua'], tags: tags(10) })), [])
    const eleven = check({ platforms: ['bilibili', 'xigua'], tags: tags(11) })
    assert.deepEqual(keys(eleven), ['tags_too_many@bilibili', 'tags_too_many@xigua'])
    assert.deepEqual(eleven.violations[0].params, { platform: 'bilibili', max: 10, count: 11 })

    assert.deepEqual(keys(check({ platforms: ['haokan'], tags: tags(5) })), [])
    const six = check({ platforms: ['haokan'], tags: tags(6) })
    assert.deepEqual(keys(six), ['tags_too_many@haokan'])
    assert.deepEqual(six.violations[0].params, {
      platform: 'haokan',
      max: TAGS_MAX.haokan,
      count: 6,
    })
    // repeats do not count twice
    assert.deepEqual(keys(check({ platforms: ['haokan'], tags: `${tags(5)},tag1, tag2` })), [])
  })

  test('titles over 30 characters (Bilibili) or 80 (others) are cut, with a notice per platform', ({
    assert,
  }) => {
    const chinese = (count: number) => '成都火锅'.repeat(30).slice(0, count)
    assert.equal(characterCount(chinese(31)), 31)

    const exact = check({ title: chinese(30) })
    assert.equal(plan(exact, 'bilibili').title, chinese(30))
    assert.deepEqual(exact.notices, [])

    const over = check({ title: chinese(31) })
    assert.equal(plan(over, 'bilibili').title, chinese(30))
    assert.equal(plan(over, 'xigua').title, chinese(31))
    assert.deepEqual(
      over.notices.map((notice) => [notice.key, notice.platform, notice.params.max]),
      [['title_cut', 'bilibili', 30]]
    )

    const korean = '서울 라면 먹방 브이로그'.repeat(10) // 130 syllables and spaces
    const long = check({ title: korean })
    assert.equal(characterCount(plan(long, 'xigua').title), TITLE_MAX.xigua)
    assert.equal(plan(long, 'xigua').title, korean.slice(0, 80))
    assert.deepEqual(
      long.notices.map((notice) => `${notice.key}@${notice.platform}`),
      ['title_cut@bilibili', 'title_cut@xigua', 'title_cut@haokan']
    )
  })

  test('an emoji or a joined emoji counts as one character, never cut in half', ({ assert }) => {
    const family = '👨‍👩‍👧'
    assert.equal(characterCount(family), 1)
    const thirty = '🍜'.repeat(29) + family
    assert.deepEqual(cutText(thirty, 30), { text: thirty, cut: false })
    const thirtyOne = thirty + '🔥'
    assert.deepEqual(cutText(thirtyOne, 30), { text: thirty, cut: true })
    // 31 emoji are 62 UTF-16 units: still 31 characters, cut to 30 whole ones
    const verdict = check({ title: '🍜'.repeat(31) })
    assert.equal(plan(verdict, 'bilibili').title, '🍜'.repeat(30))
    assert.equal(plan(verdict, 'xigua').title, '🍜'.repeat(31))
  })

  test('details over 100 (Bilibili), 250 (Haokan) or 400 (Xigua) characters are cut', ({
    assert,
  }) => {
    const text = (count: number) => '这是一段很长的视频简介'.repeat(50).slice(0, count)
    const at100 = check({ detail: text(100) })
    assert.deepEqual(at100.notices, [])
    assert.equal(plan(at100, 'bilibili').detail, text(100))

    const at101 = check({ detail: text(101) })
    assert.equal(plan(at101, 'bilibili').detail, text(100))
    assert.equal(plan(at101, 'haokan').detail, text(101))
    assert.deepEqual(
      at101.notices.map((notice) => `${notice.key}@${notice.platform}`),
      ['detail_cut@bilibili']
    )

    const at251 = check({ detail: text(251) })
    assert.equal(characterCount(plan(at251, 'haokan').detail), DETAIL_MAX.haokan)
    assert.equal(plan(at251, 'xigua').detail, text(251))
    assert.deepEqual(
      at251.notices.map((notice) => `${notice.key}@${notice.platform}`),
      ['detail_cut@bilibili', 'detail_cut@haokan']
    )

    assert.deepEqual(check({ detail: text(400) }).notices.length, 2)
    const at401 = check({ detail: text(401) })
    assert.equal(characterCount(plan(at401, 'xigua').detail), 400)
    assert.deepEqual(at401.notices.length, 3)
  })

  test('Haokan: category, subcategory and originality must be checked', ({ assert }) => {
    const verdict = check({
      platforms: ['haokan'],
      category: null,
      subcategory: ' ',
      original: null,
    })
    assert.deepEqual(keys(verdict), [
      'category_required@haokan',
      'subcategory_required@haokan',
      'original_required@haokan',
    ])
    // not original is a choice too
    assert.deepEqual(keys(check({ platforms: ['haokan'], original: false })), [])
    // Haokan needs neither tags nor an event tag
    assert.deepEqual(keys(check({ platforms: ['haokan'], tags: '', eventTag: null })), [])
  })

  test('Bilibili: category, subcategory, tag and event tag must be selected', ({ assert }) => {
    const verdict = check({
      platforms: ['bilibili'],
      category: null,
      subcategory: null,
      tags: ' , ',
      eventTag: '',
      original: null,
    })
    assert.deepEqual(keys(verdict), [
      'category_required@bilibili',
      'subcategory_required@bilibili',
      'tags_required@bilibili',
      'event_tag_required@bilibili',
    ])
  })

  test('Xigua: tag and event tag must be given; category is its own choice', ({ assert }) => {
    const verdict = check({ platforms: ['xigua'], tags: '', eventTag: null, category: null })
    assert.deepEqual(keys(verdict), ['tags_required@xigua', 'event_tag_required@xigua'])
  })

  test('categories and event tags may be given per platform', ({ assert }) => {
    const verdict = check({
      category: { bilibili: '160', haokan: 'food' },
      subcategory: { bilibili: '76', haokan: null },
      eventTag: { bilibili: 'b-1', xigua: null },
    })
    assert.deepEqual(keys(verdict), ['event_tag_required@xigua', 'subcategory_required@haokan'])
    assert.equal(plan(verdict, 'haokan').category, 'food')
    assert.equal(plan(verdict, 'bilibili').eventTag, 'b-1')
  })

  test('the Xigua subscribe button shows 5 s and starts at least 5 s before the end', ({
    assert,
  }) => {
    const xigua = (subscribeAtS: number, videoDurationS: number | null = 60) =>
      check({ platforms: ['xigua'], subscribeAtS }, { videoDurationS })
    assert.deepEqual(keys(xigua(0)), [])
    assert.deepEqual(keys(xigua(55)), [])
    assert.deepEqual(keys(xigua(56)), ['subscribe_too_late@xigua'])
    assert.deepEqual(xigua(56).violations[0].params, { platform: 'xigua', latest: 55, seconds: 5 })
    assert.deepEqual(keys(xigua(-1)), ['subscribe_negative@xigua'])
    // a fraction of a second more does not move the latest start
    assert.deepEqual(keys(xigua(55, 60.9)), [])
    assert.deepEqual(keys(xigua(56, 60.9)), ['subscribe_too_late@xigua'])
    // a 4-second video has no room for it
    assert.deepEqual(keys(xigua(0, 4)), ['subscribe_too_late@xigua'])
    // the length not known yet: only the start is checked
    assert.deepEqual(keys(xigua(500, null)), [])
    assert.equal(plan(xigua(30), 'xigua').subscribeAtS, 30)
    // other platforms have no subscribe button
    const all = check({ subscribeAtS: 30 })
    assert.isNull(plan(all, 'bilibili').subscribeAtS)
  })

  test('lead time: 4 h ahead (Bilibili, Haokan) and 2 h ahead (Xigua) is scheduled, else immediate', ({
    assert,
  }) => {
    const modes = (minutes: number) =>
      Object.fromEntries(
        check({ scheduledAt: at(minutes) }).plans.map((entry) => [
          entry.platform,
          entry.schedule.mode,
        ])
      )
    assert.deepEqual(modes(4 * 60 + 1), {
      bilibili: 'scheduled',
      xigua: 'scheduled',
      haokan: 'scheduled',
    })
    assert.deepEqual(modes(4 * 60), {
      bilibili: 'scheduled',
      xigua: 'scheduled',
      haokan: 'scheduled',
    })
    assert.deepEqual(modes(4 * 60 - 1), {
      bilibili: 'immediate',
      xigua: 'scheduled',
      haokan: 'immediate',
    })
    assert.deepEqual(modes(2 * 60 + 1), {
      bilibili: 'immediate',
      xigua: 'scheduled',
      haokan: 'immediate',
    })
    assert.deepEqual(modes(2 * 60), {
      bilibili: 'immediate',
      xigua: 'scheduled',
      haokan: 'immediate',
    })
    assert.deepEqual(modes(2 * 60 - 1), {
      bilibili: 'immediate',
      xigua: 'immediate',
      haokan: 'immediate',
    })

    const verdict = check({ scheduledAt: at(3 * 60) })
    assert.equal(plan(verdict, 'xigua').schedule.at, at(3 * 60))
    assert.isNull(plan(verdict, 'bilibili').schedule.at)
    assert.deepEqual(
      verdict.notices.map((notice) => [notice.key, notice.platform, notice.params.hours]),
      [
        ['schedule_too_soon', 'bilibili', 4],
        ['schedule_too_soon', 'haokan', 4],
      ]
    )
  })

  test('a scheduled time in the past goes out at once, with a notice', ({ assert }) => {
    const verdict = check({ platforms: ['xigua'], scheduledAt: at(-1) })
    assert.deepEqual(plan(verdict, 'xigua').schedule, { mode: 'immediate', at: null })
    assert.deepEqual(
      verdict.notices.map((notice) => notice.key),
      ['schedule_past']
    )
    // the same time is scheduled for a clock six hours earlier
    const earlier = check({ platforms: ['xigua'], scheduledAt: at(-1) }, {}, NOW - 6 * 3_600_000)
    assert.equal(plan(earlier, 'xigua').schedule.mode, 'scheduled')
    // no time at all is immediate without a notice
    assert.deepEqual(check({ scheduledAt: null }).notices, [])
  })

  test('a scheduled time with an offset is read as that moment', ({ assert }) => {
    // 12:00 in Seoul is 03:00 UTC: 4 h after NOW is 16:00 KST
    const verdict = check({ platforms: ['bilibili'], scheduledAt: '2026-06-01T16:00:00+09:00' })
    assert.deepEqual(plan(verdict, 'bilibili').schedule, {
      mode: 'scheduled',
      at: '2026-06-01T07:00:00.000Z',
    })
  })
})
