import type { FakeAnswer, RecordedRequest } from '#tests/helpers/platforms'

/*
| A fake www.googleapis.com/youtube/v3 answering the documented Data API v3
| shapes: counts are strings, playlistItems pages by nextPageToken, errors
| come as {error: {code, message, errors: [{reason, domain, message}]}}.
*/

export const API_KEY = 'test-key'
export const CHANNEL_ID = 'UC_x5XG1OV2P6uZZ5FSM9Ttw'
export const UPLOADS = 'UU_x5XG1OV2P6uZZ5FSM9Ttw'

export interface Site {
  videos: { id: string; views: number; likes?: number; comments?: number }[]
  hidden?: boolean
  override?: (request: RecordedRequest) => FakeAnswer | undefined
}

export function youtubeHandler(site: Site) {
  return (request: RecordedRequest): FakeAnswer => {
    const overridden = site.override?.(request)
    if (overridden) return overridden
    if (request.query.get('key') !== API_KEY) {
      return youtubeError(400, 'keyInvalid', 'API key not valid. Please pass a valid API key.')
    }
    switch (request.path) {
      case 'channels': {
        const id = request.query.get('id')
        const handle = request.query.get('forHandle')
        if (id !== CHANNEL_ID && handle !== '@studio') {
          return { json: { kind: 'youtube#channelListResponse', pageInfo: { totalResults: 0 } } }
        }
        return {
          json: {
            kind: 'youtube#channelListResponse',
            pageInfo: { totalResults: 1, resultsPerPage: 5 },
            items: [
              {
                kind: 'youtube#channel',
                id: CHANNEL_ID,
                snippet: { title: 'Studio', publishedAt: '2015-01-01T00:00:00Z' },
                contentDetails: { relatedPlaylists: { likes: '', uploads: UPLOADS } },
                statistics: site.hidden
                  ? { viewCount: '5000', hiddenSubscriberCount: true, videoCount: '5' }
                  : {
                      viewCount: '123456789012',
                      subscriberCount: '2340000',
                      hiddenSubscriberCount: false,
                      videoCount: String(site.videos.length),
                    },
              },
            ],
          },
        }
      }
      case 'playlistItems': {
        if (request.query.get('playlistId') !== UPLOADS)
          return youtubeError(404, 'playlistNotFound', 'nope')
        const size = Number(request.query.get('maxResults'))
        const start = Number(request.query.get('pageToken')?.replace('token-', '') ?? 0)
        const slice = site.videos.slice(start, start + size)
        return {
          json: {
            kind: 'youtube#playlistItemListResponse',
            ...(start + size < site.videos.length
              ? { nextPageToken: `token-${start + size}` }
              : {}),
            pageInfo: { totalResults: site.videos.length, resultsPerPage: size },
            items: slice.map((video) => ({
              kind: 'youtube#playlistItem',
              contentDetails: { videoId: video.id, videoPublishedAt: '2026-01-01T00:00:00Z' },
            })),
          },
        }
      }
      case 'videos': {
        const ids = (request.query.get('id') ?? '').split(',')
        return {
          json: {
            kind: 'youtube#videoListResponse',
            items: site.videos
              .filter((video) => ids.includes(video.id))
              .map((video) => ({
                kind: 'youtube#video',
                id: video.id,
                snippet: {
                  title: `Title ${video.id}`,
                  publishedAt: '2026-01-02T03:04:05Z',
                  channelId: CHANNEL_ID,
                  categoryId: '22',
                  tags: ['vlog', '서울'],
                  thumbnails: {
                    default: { url: `https://i.ytimg.com/vi/${video.id}/default.jpg`, width: 120 },
                    high: { url: `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg`, width: 480 },
                  },
                },
                contentDetails: {
                  duration: 'PT12M34S',
                  dimension: '2d',
                  definition: 'hd',
                  caption: 'false',
                },
                statistics: {
                  viewCount: String(video.views),
                  ...(video.likes === undefined ? {} : { likeCount: String(video.likes) }),
                  favoriteCount: '0',
                  ...(video.comments === undefined ? {} : { commentCount: String(video.comments) }),
                },
              })),
          },
        }
      }
      default:
        return youtubeError(404, 'notFound', 'Not Found')
    }
  }
}

export function youtubeError(status: number, reason: string, message: string): FakeAnswer {
  return {
    status,
    json: {
      error: {
        code: status,
        message,
        errors: [{ message, domain: reason.includes('imit') ? 'usageLimits' : 'global', reason }],
      },
    },
  }
}

export function makeVideos(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: `vid${index}`,
    views: 1000 + index,
    // Every 10th video hides its likes; comments are always there.
    likes: index % 10 === 0 ? undefined : 10,
    comments: 2,
  }))
}
