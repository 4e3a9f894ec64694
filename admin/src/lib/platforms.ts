import type { PlatformKey } from '@shared/constants'

/** Brand colours and a short mark for each platform's logo badge. */
export const PLATFORM_STYLE: Record<PlatformKey, { color: string; mark: string }> = {
  xigua: { color: '#ff5e2c', mark: '西' },
  bilibili: { color: '#00a1d6', mark: 'B' },
  haokan: { color: '#3a5bf0', mark: '好' },
  weibo: { color: '#e6162d', mark: '微' },
  douyin: { color: '#161823', mark: '抖' },
  kwai: { color: '#ff4906', mark: '快' },
  tencent: { color: '#ff7a00', mark: '腾' },
  iqiyi: { color: '#00be06', mark: '爱' },
  netease: { color: '#c20c0c', mark: '网' },
  xiaohongshu: { color: '#ff2442', mark: '小' },
  wechat_channels: { color: '#07c160', mark: '视' },
  youtube: { color: '#ff0000', mark: '▶' },
}

const PROFILE_URL: Partial<Record<PlatformKey, (uid: string) => string>> = {
  bilibili: (uid) => `https://space.bilibili.com/${uid}`,
  youtube: (uid) => `https://www.youtube.com/channel/${uid}`,
  weibo: (uid) => `https://weibo.com/u/${uid}`,
  douyin: (uid) => `https://www.douyin.com/user/${uid}`,
  xigua: (uid) => `https://www.ixigua.com/home/${uid}`,
  haokan: (uid) => `https://haokan.baidu.com/author/${uid}`,
}

/** The channel's address: the one stored, else a profile URL built from the uid where the platform has one. */
export function channelUrlOf(
  platform: PlatformKey,
  uid: string | null | undefined,
  channelUrl?: string | null
) {
  if (channelUrl && /^https?:\/\//i.test(channelUrl)) return channelUrl
  if (!uid) return null
  const build = PROFILE_URL[platform]
  return build ? build(encodeURIComponent(uid)) : null
}
