import { test } from '@japa/runner'
import YouTubeAdapter, { type YouTubeAdapterOptions } from '#platforms/youtube'
import { isoDurationSeconds } from '#platforms/youtube_fields'
import { PlatformError, type PlatformAccountRef } from '#platforms/types'
import type { FakeAnswer, FakeServer } from '#tests/helpers/platforms'
import { platformError, rejection, startFakeServer } from '#tests/helpers/platforms'
import { ownSetup } from '#tests/helpers/processes'
import {
  API_KEY,
  CHANNEL_ID,
  UPLOADS,
  type Site,
  youtubeHandler,
  youtubeError,
  makeVideos,
} from '#tests/helpers/open_apis/youtube'

/* The fake YouTube Data API (site, handler, bodies): tests/helpers/open_apis/youtube.ts,
   shared with the collection over every platform (collection_live.spec.ts). */

const account: PlatformAccountRef = { id: 7, creatorId: 3, platform: 'youtube', uid: CHANNEL_ID }

let server: FakeServer
let site: Site

function adapter(options: Partial<YouTubeAdapterOptions> = {}) {
  return new YouTubeAdapter({ baseUrl: server.url, apiKey: API_KEY, timeoutMs: 1000, ...options })
}

test.group('platforms / youtube', (group) => {
  ownSetup(group)
  group.each.setup(async () => {
    site = { videos: makeVideos(120) }
    server = await startFakeServer(youtubeHandler(site))
    return () => server.close()
  })

  test('maps the string counts and sums likes and comments over the newest uploads', async ({
    assert,
  }) => {
    const stats = await adapter().channelStats(account, { date: '2026-11-21' })
    assert.deepEqual(stats, {
      fans: 2_340_000,
      views: 123_456_789_012,
      videos: 120,
      // 2 pages of 50 (maxPages 2): 90 videos with likeCount "10", 100 with commentCount "2".
      likes: 900,
      comments: 200,
      shares: 0,
      danmaku: 0,
      coins: 0,
      forwards: 0,
      recommends: 0,
    })
    const channels = server.calls('channels')[0]
    assert.equal(channels.query.get('id'), CHANNEL_ID)
    assert.include(channels.query.get('part')!, 'statistics')
    const pages = server.calls('playlistItems')
    assert.deepEqual(
      pages.map((request) => [request.query.get('maxResults'), request.query.get('pageToken')]),
      [
        ['50', null],
        ['50', 'token-50'],
      ]
    )
    const videos = server.calls('videos')
    assert.lengthOf(videos, 2)
    assert.lengthOf(videos[0].query.get('id')!.split(','), 50)
    assert.isTrue(server.requests.every((request) => request.query.get('key') === API_KEY))
  })

  test('looks a handle up with forHandle', async ({ assert }) => {
    const stats = await adapter({ maxPages: 1 }).channelStats(
      { ...account, uid: '@studio' },
      { date: '2026-11-21' }
    )
    assert.equal(stats.fans, 2_340_000)
    assert.equal(server.calls('channels')[0].query.get('forHandle'), '@studio')
  })

  test('refuses a channel that hides its subscriber count', async ({ assert }) => {
    site.hidden = true
    const error = await rejection(() => adapter().channelStats(account, { date: '2026-11-21' }))
    assert.equal(error.code, 'not_supported')
    assert.include(error.message, 'hides its subscriber count')
  })

  test('pages the uploads by nextPageToken and remembers the tokens', async ({ assert }) => {
    const youtube = adapter()
    const second = await youtube.videos(account, { page: 2, pageSize: 2 })
    assert.deepEqual(second, {
      page: 2,
      pageSize: 2,
      total: 120,
      hasMore: true,
      items: [2, 3].map((index) => ({
        id: `vid${index}`,
        title: `Title vid${index}`,
        publishedAt: '2026-01-02T03:04:05Z',
        url: `https://www.youtube.com/watch?v=vid${index}`,
        views: 1000 + index,
        likes: 10,
        comments: 2,
        shares: 0,
        danmaku: 0,
        coins: 0,
        favorites: 0,
        durationS: 754,
        category: 'People & Blogs',
        thumbnailUrl: `https://i.ytimg.com/vi/vid${index}/hqdefault.jpg`,
        tags: ['vlog', '서울'],
      })),
    })
    assert.equal(server.calls('videos')[0].query.get('part'), 'statistics,snippet,contentDetails')
    assert.deepEqual(
      server.calls('playlistItems').map((request) => request.query.get('pageToken')),
      [null, 'token-2']
    )

    // Page 3 starts from the remembered token of page 3: one playlist call.
    const third = await youtube.videos(account, { page: 3, pageSize: 2 })
    assert.deepEqual(
      third.items.map((item) => item.id),
      ['vid4', 'vid5']
    )
    assert.deepEqual(
      server.calls('playlistItems').map((request) => request.query.get('pageToken')),
      [null, 'token-2', 'token-4']
    )

    // A page past the end is empty; the last page has no more.
    const last = await youtube.videos(account, { page: 61, pageSize: 2 })
    assert.isFalse(last.hasMore)
    const beyond = await adapter().videos(account, { page: 7, pageSize: 50 })
    assert.deepEqual(beyond.items, [])
    assert.isFalse(beyond.hasMore)
  })

  test('reads single videos by id, 50 per call; a deleted one is absent', async ({ assert }) => {
    const ids = [...site.videos.slice(0, 60).map((video) => video.id), 'deleted1', 'vid0']
    const items = await adapter().videosById(account, ids, { at: new Date().toISOString() })
    assert.deepEqual(
      items.map((item) => item.id),
      site.videos.slice(0, 60).map((video) => video.id)
    )
    assert.equal(items[5].views, 1005)
    const calls = server.calls('videos')
    assert.deepEqual(
      calls.map((call) => call.query.get('id')!.split(',').length),
      [50, 11]
    )
  })

  test('reads ISO 8601 durations as seconds', ({ assert }) => {
    assert.equal(isoDurationSeconds('PT12M34S'), 754)
    assert.equal(isoDurationSeconds('PT1H'), 3600)
    assert.equal(isoDurationSeconds('PT45S'), 45)
    assert.equal(isoDurationSeconds('P1DT2H3M4S'), 93_784)
    assert.equal(isoDurationSeconds('P0D'), 0)
    assert.isNull(isoDurationSeconds('PT'))
    assert.isNull(isoDurationSeconds('12:34'))
    assert.isNull(isoDurationSeconds(undefined))
  })

  test('absent likeCount is 0 and there is no fan portrait', async ({ assert }) => {
    const page = await adapter().videos(account, { page: 1, pageSize: 1 })
    assert.equal(page.items[0].likes, 0)
    assert.deepEqual(await adapter().fanPortrait(), [])
  })

  test('a channel that never uploaded (playlist 404) keeps its statistics and has no videos', async ({
    assert,
  }) => {
    site.videos = []
    site.override = (request) =>
      request.path === 'playlistItems'
        ? youtubeError(
            404,
            'playlistNotFound',
            "The playlist identified with the request's playlistId parameter cannot be found."
          )
        : undefined
    const stats = await adapter().channelStats(account, { date: '2026-11-21' })
    assert.include(stats, { fans: 2_340_000, views: 123_456_789_012, videos: 0, likes: 0 })
    const page = await adapter().videos(account, { page: 1, pageSize: 5 })
    assert.deepEqual(page.items, [])
    assert.isFalse(page.hasMore)
  })

  test('an unknown channel (no items) is not_found', async ({ assert }) => {
    const error = await rejection(() =>
      adapter().channelStats({ ...account, uid: 'UCnope' }, { date: '2026-11-21' })
    )
    assert.instanceOf(error, PlatformError)
    assert.equal(error.code, 'not_found')
    assert.isFalse(error.retryable)
  })

  test('without an API key it is not_configured and calls nothing', async ({ assert }) => {
    const error = await rejection(() =>
      adapter({ apiKey: null }).channelStats(account, { date: '2026-11-21' })
    )
    assert.equal(error.code, 'not_configured')
    assert.include(error.message, 'YOUTUBE_API_KEY')
    assert.lengthOf(server.requests, 0)
  })

  test('a wrong API key is auth', async ({ assert }) => {
    const error = await rejection(() =>
      adapter({ apiKey: 'wrong' }).channelStats(account, { date: '2026-11-21' })
    )
    assert.equal(error.code, 'auth')
    assert.equal(error.options.upstreamCode, 'keyInvalid')
  })

  const failures: [string, FakeAnswer, string, boolean, string | number][] = [
    [
      '403 quotaExceeded',
      youtubeError(
        403,
        'quotaExceeded',
        'The request cannot be completed because you have exceeded your quota.'
      ),
      'quota_exceeded',
      false,
      'quotaExceeded',
    ],
    [
      '403 dailyLimitExceeded',
      youtubeError(403, 'dailyLimitExceeded', 'Daily Limit Exceeded'),
      'quota_exceeded',
      false,
      'dailyLimitExceeded',
    ],
    [
      '403 rateLimitExceeded',
      youtubeError(403, 'rateLimitExceeded', 'Rate Limit Exceeded'),
      'rate_limited',
      true,
      'rateLimitExceeded',
    ],
    [
      '403 userRateLimitExceeded',
      youtubeError(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded'),
      'rate_limited',
      true,
      'userRateLimitExceeded',
    ],
    [
      'HTTP 429',
      { status: 429, text: 'Too Many Requests', headers: { 'Retry-After': '12' } },
      'rate_limited',
      true,
      429,
    ],
    [
      '400 keyInvalid',
      youtubeError(400, 'keyInvalid', 'API key not valid. Please pass a valid API key.'),
      'auth',
      false,
      'keyInvalid',
    ],
    [
      '403 accessNotConfigured',
      youtubeError(403, 'accessNotConfigured', 'YouTube Data API v3 has not been used in project'),
      'auth',
      false,
      'accessNotConfigured',
    ],
    [
      '404 channelNotFound',
      youtubeError(404, 'channelNotFound', 'Channel not found'),
      'not_found',
      false,
      'channelNotFound',
    ],
    [
      '500 backendError',
      youtubeError(500, 'backendError', 'Backend Error'),
      'upstream',
      true,
      'backendError',
    ],
    [
      '503 without a JSON body',
      { status: 503, text: '<html>unavailable</html>' },
      'upstream',
      true,
      503,
    ],
    [
      '400 badRequest',
      youtubeError(400, 'badRequest', 'Invalid part'),
      'upstream',
      false,
      'badRequest',
    ],
  ]
  for (const [name, answer, code, retryable, upstreamCode] of failures) {
    test(`maps ${name} to ${code}`, async ({ assert }) => {
      site.override = (request) => (request.path === 'channels' ? answer : undefined)
      const error = await platformError(
        assert,
        () => adapter().channelStats(account, { date: '2026-11-21' }),
        { platform: 'youtube', code, retryable }
      )
      assert.equal(error.options.upstreamCode, upstreamCode)
      if (code === 'quota_exceeded') {
        // Until midnight Pacific time: within a day.
        assert.isAbove(error.options.retryAfterMs, 0)
        assert.isAtMost(error.options.retryAfterMs, 25 * 3_600_000)
      }
      if (name === 'HTTP 429') assert.equal(error.options.retryAfterMs, 12_000)
    })
  }

  test('quota errors on videos.list stop the collection of that channel too', async ({
    assert,
  }) => {
    site.override = (request) =>
      request.path === 'videos' ? youtubeError(403, 'quotaExceeded', 'quota') : undefined
    const error = await rejection(() => adapter().channelStats(account, { date: '2026-11-21' }))
    assert.equal(error.code, 'quota_exceeded')
  })

  test('a 200 that is not JSON, or lacks statistics, is bad_response', async ({ assert }) => {
    const failureCode = async () => {
      const error = await rejection(() => adapter().channelStats(account, { date: '2026-11-21' }))
      return error.code
    }
    site.override = (request) => (request.path === 'channels' ? { text: 'oops' } : undefined)
    assert.equal(await failureCode(), 'bad_response')

    site.override = (request) =>
      request.path === 'channels' ? { json: { items: [{ id: CHANNEL_ID }] } } : undefined
    assert.equal(await failureCode(), 'bad_response')

    site.override = (request) =>
      request.path === 'channels'
        ? {
            json: {
              items: [
                {
                  id: CHANNEL_ID,
                  statistics: { subscriberCount: 'lots', viewCount: '1', videoCount: '1' },
                  contentDetails: { relatedPlaylists: { uploads: UPLOADS } },
                },
              ],
            },
          }
        : undefined
    assert.equal(await failureCode(), 'bad_response')
  })

  test('a timeout is network (retryable)', async ({ assert }) => {
    site.override = (request) =>
      request.path === 'channels' ? { delayMs: 500, json: {} } : undefined
    const error = await rejection(() =>
      adapter({ timeoutMs: 100 }).channelStats(account, { date: '2026-11-21' })
    )
    assert.equal(error.code, 'network')
    assert.isTrue(error.retryable)
    assert.include(error.message, '100 ms')
  })
})
