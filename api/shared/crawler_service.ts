import type { PlatformKey } from './constants.js'

/**
 * The platforms of the SPEC §7 crawler service's per-platform paths
 * (/<name>/code, api/token, api/crawler, task), by the names the spec gives
 * them: Baidu's is Haokan's account, Bili's Bilibili's.
 */
export const CRAWLER_SERVICES = {
  douyin: 'douyin',
  baidu: 'haokan',
  bili: 'bilibili',
  xigua: 'xigua',
  weibo: 'weibo',
} as const satisfies Record<string, PlatformKey>

export type CrawlerService = keyof typeof CRAWLER_SERVICES
