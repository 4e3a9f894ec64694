import { PLATFORMS, type PlatformKey } from '#shared/constants'

/*
| Outside tracking (issue 29): what a pasted channel link or video link
| names — the platform and the creator's uid, or the platform and the
| video's id. A bare uid or id is read too when its platform is given (or
| its shape names one: BV… is Bilibili, UC… YouTube, MS4wLjABAAAA… Douyin).
|
| The link shapes, as the public tools that read these platforms parse them
| (yt-dlp's extractors and the crawlers' URL parsers):
| - Bilibili: space.bilibili.com/<mid>; www.bilibili.com/video/BV1…|av<n>
|   (yt-dlp extractor/bilibili.py BiliBiliIE, BilibiliSpaceVideoIE).
| - YouTube: /channel/UC<22>, /@handle, /watch?v=<11>, youtu.be/<11>,
|   /shorts/<11>, /live/<11>, /embed/<11> (yt-dlp extractor/youtube.py).
| - Douyin: www.douyin.com/user/<sec_uid> (MS4wLjABAAAA…), /video/<digits>,
|   www.iesdouyin.com/share/video/<digits> (yt-dlp DouyinIE; f2
|   SecUserIdFetcher's examples).
| - Kuaishou: www.kuaishou.com/profile/<id>, /short-video/<id>,
|   live.kuaishou.com/u/<id> (MediaCrawler config/ks_config.py).
| - Weibo: weibo.com/u/<uid>, weibo.com/<uid>, m.weibo.cn/u|profile/<uid>;
|   statuses weibo.com/<uid>/<mid>, m.weibo.cn/status|detail/<id>, videos
|   weibo.com/tv/show/<oid> (yt-dlp extractor/weibo.py).
| - Xiaohongshu: www.xiaohongshu.com/user/profile/<24 hex>, notes
|   /explore/<24 hex> and /discovery/item/<24 hex>.
| - Xigua: www.ixigua.com/home/<id>, videos www.ixigua.com/<digits> (yt-dlp
|   extractor/ixigua.py).
| - Haokan: haokan.baidu.com/author/<app_id>, videos haokan.baidu.com/v?vid=
|   <digits> (the author page's app_id is Baijiahao's, read by the adapter).
| - Tencent Video: creator pages v.qq.com/biu/videoplus?vuid=<n>,
|   v.qq.com/s/videoplus/<n>; videos v.qq.com/x/cover/<cid>/<vid>.html,
|   v.qq.com/x/page/<vid>.html (yt-dlp extractor/tencent.py, movie-downloader
|   mdl/sites/vqq.py).
| - iQiyi: www.iqiyi.com/u/<uid>(/videos) (the space the adapter reads), videos
|   www.iqiyi.com/v_<id>.html (yt-dlp extractor/iqiyi.py).
| - Netease (网易号): www.163.com/dy/media/<T…>.html, dy.163.com/v2/media/
|   <T…>.html; videos www.163.com/v/video/<V…>.html, v.163.com/…/<V…>.html,
|   www.163.com/dy/article/<id>.html.
| - WeChat Channels: no public channel or video page — the finder id
|   (sph…, v2_…@finder) or the feed's export id only.
|
| Short links (b23.tv, v.douyin.com, v.kuaishou.com, xhslink.com, t.cn) name
| nothing until they are followed, which this reading does not do: they are
| "not understood" and `isShortLink` lets the caller say so.
*/

interface ChannelRef {
  platform: PlatformKey
  uid: string
  /** The channel's page, when the platform has one. */
  url: string | null
}

interface VideoRef {
  platform: PlatformKey
  videoId: string
  /** The video's page, when the platform has one. */
  url: string | null
}

const SHORT_HOSTS = ['b23.tv', 'v.douyin.com', 'v.kuaishou.com', 'xhslink.com', 't.cn', 'url.cn']

/** Bare uids per platform, when the platform is known. */
const UID_SHAPES: Record<PlatformKey, RegExp> = {
  bilibili: /^\d{1,20}$/,
  youtube: /^(UC[\w-]{22}|@[\w.-]{3,100})$/,
  douyin: /^[\w-]{10,100}$/,
  kwai: /^[\w-]{3,60}$/,
  weibo: /^\d{5,20}$/,
  xiaohongshu: /^[0-9a-f]{24}$/i,
  xigua: /^\d{3,25}$/,
  haokan: /^\d{3,25}$/,
  tencent: /^\d{3,25}$/,
  iqiyi: /^\d{3,25}$/,
  netease: /^T\d{6,20}$/,
  wechat_channels: /^(sph[\w-]{3,60}|v2_[\w-]{8,}@finder|[\w-]{3,60}@finder)$/,
}

/** Bare video ids per platform, when the platform is known. */
const VIDEO_SHAPES: Record<PlatformKey, RegExp> = {
  bilibili: /^(BV[0-9A-Za-z]{10}|av\d{1,20})$/,
  youtube: /^[\w-]{11}$/,
  douyin: /^\d{15,25}$/,
  kwai: /^[\w-]{8,40}$/,
  weibo: /^(\d{12,20}|[0-9A-Za-z]{9}|\d{4}:[\w-]{6,60})$/,
  xiaohongshu: /^[0-9a-f]{24}$/i,
  xigua: /^\d{15,25}$/,
  haokan: /^\d{10,25}$/,
  tencent: /^[0-9a-z]{11}$/,
  iqiyi: /^[0-9a-z]{6,20}$/,
  netease: /^V[0-9A-Z]{8}$|^[0-9A-Z]{16}$/,
  wechat_channels: /^(export\/[\w-]{10,}|\d{15,25})$/,
}

function isPlatformKey(value: string): value is PlatformKey {
  return (PLATFORMS as readonly string[]).includes(value)
}

/** The first http(s) address in pasted text (share texts carry words around it). */
function urlIn(input: string): URL | null {
  const found = input.match(/https?:\/\/[^\s"'<>，。、）)]+/i)
  let text = found ? found[0] : input.trim()
  if (!found) {
    // An address pasted without its scheme: "space.bilibili.com/123".
    if (!/^[\w-]+(\.[\w-]+)+\//.test(text)) return null
    text = `https://${text}`
  }
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

function hostOf(url: URL) {
  return url.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '')
}

/** Whether the text is a short link that must be opened before it names a creator or video. */
export function isShortLink(input: string) {
  const url = urlIn(input)
  return url !== null && SHORT_HOSTS.includes(url.hostname.toLowerCase().replace(/^www\./, ''))
}

/** A channel's page on its platform (null where there is none, as on WeChat Channels). */
export function channelUrl(platform: PlatformKey, uid: string): string | null {
  const id = encodeURIComponent(uid)
  switch (platform) {
    case 'bilibili':
      return `https://space.bilibili.com/${id}`
    case 'youtube':
      return uid.startsWith('@')
        ? `https://www.youtube.com/${uid}`
        : `https://www.youtube.com/channel/${id}`
    case 'douyin':
      return `https://www.douyin.com/user/${id}`
    case 'kwai':
      return `https://www.kuaishou.com/profile/${id}`
    case 'weibo':
      return `https://weibo.com/u/${id}`
    case 'xiaohongshu':
      return `https://www.xiaohongshu.com/user/profile/${id}`
    case 'xigua':
      return `https://www.ixigua.com/home/${id}`
    case 'haokan':
      return `https://haokan.baidu.com/author/${id}`
    case 'tencent':
      return `https://v.qq.com/biu/videoplus?vuid=${id}`
    case 'iqiyi':
      return `https://www.iqiyi.com/u/${id}/videos`
    case 'netease':
      return `https://www.163.com/dy/media/${id}.html`
    case 'wechat_channels':
      return null
  }
}

/** A video's page on its platform (null where there is none, as on WeChat Channels). */
export function videoUrl(platform: PlatformKey, videoId: string): string | null {
  const id = encodeURIComponent(videoId)
  switch (platform) {
    case 'bilibili':
      return `https://www.bilibili.com/video/${id}`
    case 'youtube':
      return `https://www.youtube.com/watch?v=${id}`
    case 'douyin':
      return `https://www.douyin.com/video/${id}`
    case 'kwai':
      return `https://www.kuaishou.com/short-video/${id}`
    case 'weibo':
      return videoId.includes(':')
        ? `https://weibo.com/tv/show/${videoId}`
        : `https://m.weibo.cn/status/${id}`
    case 'xiaohongshu':
      return `https://www.xiaohongshu.com/explore/${id}`
    case 'xigua':
      return `https://www.ixigua.com/${id}`
    case 'haokan':
      return `https://haokan.baidu.com/v?vid=${id}`
    case 'tencent':
      return `https://v.qq.com/x/page/${id}.html`
    case 'iqiyi':
      return `https://www.iqiyi.com/v_${id}.html`
    case 'netease':
      return videoId.startsWith('V')
        ? `https://www.163.com/v/video/${id}.html`
        : `https://www.163.com/dy/article/${id}.html`
    case 'wechat_channels':
      return null
  }
}

function segments(url: URL) {
  return url.pathname.split('/').filter(Boolean).map(decodeURIComponent)
}

/** A channel link's platform and uid, read from the address alone. */
function channelOfUrl(url: URL): { platform: PlatformKey; uid: string } | null {
  const host = hostOf(url)
  const parts = segments(url)
  const first = parts[0] ?? ''
  const second = parts[1] ?? ''
  const match = (platform: PlatformKey, uid: string | undefined | null) =>
    uid && UID_SHAPES[platform].test(uid) ? { platform, uid } : null

  if (host === 'space.bilibili.com') return match('bilibili', first)
  if (host === 'bilibili.com' && first === 'space') return match('bilibili', second)
  if (host === 'youtube.com') {
    if (first === 'channel') return match('youtube', second)
    if (first.startsWith('@')) return match('youtube', first)
    return null
  }
  if (host === 'douyin.com' || host === 'iesdouyin.com') {
    if (first === 'user') return match('douyin', second)
    if (first === 'share' && second === 'user') return match('douyin', parts[2])
    return null
  }
  if (host === 'kuaishou.com') return first === 'profile' ? match('kwai', second) : null
  if (host === 'live.kuaishou.com') return first === 'u' ? match('kwai', second) : null
  if (host === 'weibo.com' || host === 'weibo.cn') {
    if (first === 'u' || first === 'profile') return match('weibo', second)
    if (parts.length === 1) return match('weibo', first)
    return null
  }
  if (host === 'xiaohongshu.com') {
    return first === 'user' && second === 'profile' ? match('xiaohongshu', parts[2]) : null
  }
  if (host === 'ixigua.com') return first === 'home' ? match('xigua', second) : null
  if (host === 'haokan.baidu.com' || host === 'haokan.hao123.com') {
    if (first === 'author') return match('haokan', second)
    return match('haokan', url.searchParams.get('app_id'))
  }
  if (host === 'v.qq.com') {
    const vuid = url.searchParams.get('vuid') ?? url.searchParams.get('vcuid')
    if (vuid) return match('tencent', vuid)
    if (first === 's' && second === 'videoplus') return match('tencent', parts[2])
    return null
  }
  if (host === 'iqiyi.com') return first === 'u' ? match('iqiyi', second) : null
  if (host === '163.com' || host === 'dy.163.com') {
    const media = parts.indexOf('media')
    if (media >= 0) return match('netease', parts[media + 1]?.replace(/\.html$/, ''))
    return null
  }
  return null
}

/** A video link's platform and id, read from the address alone. */
function videoOfUrl(url: URL): { platform: PlatformKey; videoId: string } | null {
  const host = hostOf(url)
  const parts = segments(url)
  const first = parts[0] ?? ''
  const second = parts[1] ?? ''
  const match = (platform: PlatformKey, videoId: string | undefined | null) =>
    videoId && VIDEO_SHAPES[platform].test(videoId) ? { platform, videoId } : null

  if (host === 'bilibili.com') {
    if (first !== 'video') return null
    const id = second.startsWith('bv') ? `BV${second.slice(2)}` : second
    return match('bilibili', id)
  }
  if (host === 'youtube.com' || host === 'music.youtube.com') {
    if (first === 'watch') return match('youtube', url.searchParams.get('v'))
    if (['shorts', 'live', 'embed', 'v'].includes(first)) return match('youtube', second)
    return null
  }
  if (host === 'youtu.be') return match('youtube', first)
  if (host === 'douyin.com') {
    if (first === 'video' || first === 'note') return match('douyin', second)
    return match('douyin', url.searchParams.get('modal_id'))
  }
  if (host === 'iesdouyin.com') {
    return first === 'share' && second === 'video' ? match('douyin', parts[2]) : null
  }
  if (host === 'kuaishou.com') {
    if (first === 'short-video' || first === 'video') return match('kwai', second)
    return match('kwai', url.searchParams.get('photoId'))
  }
  if (host === 'weibo.com' || host === 'weibo.cn') {
    if (first === 'tv' && second === 'show') return match('weibo', parts[2])
    if (first === 'status' || first === 'detail') return match('weibo', second)
    if (parts.length === 2 && UID_SHAPES.weibo.test(first)) return match('weibo', second)
    return null
  }
  if (host === 'video.weibo.com') {
    return first === 'show' ? match('weibo', url.searchParams.get('fid')) : null
  }
  if (host === 'xiaohongshu.com') {
    if (first === 'explore') return match('xiaohongshu', second)
    if (first === 'discovery' && second === 'item') return match('xiaohongshu', parts[2])
    return null
  }
  if (host === 'ixigua.com') {
    if (first === 'video' || first === 'i') return match('xigua', second)
    return parts.length === 1 ? match('xigua', first) : null
  }
  if (host === 'haokan.baidu.com' || host === 'haokan.hao123.com') {
    return first === 'v' ? match('haokan', url.searchParams.get('vid')) : null
  }
  if (host === 'v.qq.com') {
    const vid = url.searchParams.get('vid')
    if (vid) return match('tencent', vid)
    const last = parts.at(-1)?.replace(/\.html$/, '')
    if (first === 'x' && (second === 'page' || (second === 'cover' && parts.length === 4))) {
      return match('tencent', last)
    }
    if (first === 'page') return match('tencent', last)
    return null
  }
  if (host === 'iqiyi.com') {
    const page = first.match(/^v_([0-9a-z]+)\.html$/)
    return page ? match('iqiyi', page[1]) : null
  }
  if (host === '163.com' || host === 'v.163.com' || host === 'c.m.163.com') {
    const last = parts.at(-1)?.replace(/\.html$/, '')
    if (parts.includes('article') || parts.includes('video') || host === 'v.163.com') {
      return match('netease', last)
    }
    return null
  }
  return null
}

/** Which platform a bare value's own shape names, when only one can mean it. */
function platformOfBareUid(value: string): PlatformKey | null {
  if (/^UC[\w-]{22}$/.test(value) || /^@[\w.-]{3,100}$/.test(value)) return 'youtube'
  if (/^MS4wLjABAAAA[\w-]+$/.test(value)) return 'douyin'
  return null
}

function platformOfBareVideo(value: string): PlatformKey | null {
  if (/^(BV[0-9A-Za-z]{10}|av\d+)$/.test(value)) return 'bilibili'
  return null
}

/**
 * The creator a pasted channel link or bare uid names. `platform` is the
 * platform a bare uid belongs to (a link names its own; a link of another
 * platform than the one given is not understood). Null when nothing is read.
 */
export function parseChannelLink(input: string, platform?: PlatformKey | null): ChannelRef | null {
  const text = input.trim()
  if (!text || text.length > 1000) return null
  const url = urlIn(text)
  if (url) {
    const found = channelOfUrl(url)
    if (!found || (platform && found.platform !== platform)) return null
    return { ...found, url: channelUrl(found.platform, found.uid) }
  }
  if (/\s/.test(text)) return null
  const key = platform ?? platformOfBareUid(text)
  if (!key || !isPlatformKey(key) || !UID_SHAPES[key].test(text)) return null
  return { platform: key, uid: text, url: channelUrl(key, text) }
}

/**
 * The video a pasted video link or bare id names, with the same rules as
 * `parseChannelLink`. Null when nothing is read.
 */
export function parseVideoLink(input: string, platform?: PlatformKey | null): VideoRef | null {
  const text = input.trim()
  if (!text || text.length > 1000) return null
  const url = urlIn(text)
  if (url) {
    const found = videoOfUrl(url)
    if (!found || (platform && found.platform !== platform)) return null
    return { ...found, url: videoUrl(found.platform, found.videoId) }
  }
  if (/\s/.test(text)) return null
  const key = platform ?? platformOfBareVideo(text)
  if (!key || !isPlatformKey(key) || !VIDEO_SHAPES[key].test(text)) return null
  return { platform: key, videoId: text, url: videoUrl(key, text) }
}
