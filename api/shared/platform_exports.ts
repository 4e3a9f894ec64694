import type { Metric, PlatformKey } from './constants.js'

/*
|--------------------------------------------------------------------------
| The platforms' own creator-center exports (issue 28 §4)
|--------------------------------------------------------------------------
|
| Which column titles of each platform's data-page download the import
| reads, and as what. A column is either a running total (`fans`: 总粉丝量)
| or the day's change (`fans_diff`: 粉丝净增量, `views_diff`: the day's
| 播放量). The titles are the platforms' own, in Chinese as they write them;
| where each comes from is tests/fixtures/platforms/exports/README.md.
| Every platform also reads the COMMON titles (the same words on several
| data pages, and English ones of exports opened in an English locale).
| The admin shows a platform's titles in the import dialog.
|
*/

/** A column the import reads: the day, a metric's total, or a metric's change that day. */
type ExportColumnKey = 'date' | Metric | `${Metric}_diff`

interface ExportColumn {
  key: ExportColumnKey
  /** Titles exactly as the platform writes them (any of them reads the column). */
  titles: readonly string[]
}

/** Limits of one upload: a few years of days at most. */
export const PLATFORM_EXPORT_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxMegabytes: 5,
  rowsMax: 3000,
  /** Longest date range one import may cover. */
  rangeMaxDays: 1100,
} as const

const COMMON: readonly ExportColumn[] = [
  { key: 'date', titles: ['日期', '时间', '统计日期', '数据日期', 'Date'] },
  { key: 'fans', titles: ['总粉丝量', '粉丝总量', '总粉丝数', '累计粉丝量', 'Total fans'] },
  {
    key: 'fans_diff',
    titles: ['粉丝净增量', '净增粉丝', '净增粉丝数', '净增粉丝量', '粉丝净增', 'Net new fans'],
  },
  { key: 'views_diff', titles: ['播放量', '视频播放量', 'Views'] },
  { key: 'likes_diff', titles: ['点赞量', '点赞数', 'Likes'] },
  { key: 'comments_diff', titles: ['评论量', '评论数', 'Comments'] },
  { key: 'shares_diff', titles: ['分享量', '分享数', 'Shares'] },
]

/** Each platform's own titles, read before the common ones. */
const OWN: Record<PlatformKey, readonly ExportColumn[]> = {
  // 创作者中心 › 数据中心 › 账号总览 / 数据表现 (one metric per download, or all together)
  douyin: [
    { key: 'views_diff', titles: ['播放量'] },
    { key: 'likes_diff', titles: ['作品点赞', '点赞量'] },
    { key: 'comments_diff', titles: ['作品评论', '评论量'] },
    { key: 'shares_diff', titles: ['作品分享', '分享量'] },
    { key: 'fans_diff', titles: ['净增粉丝', '粉丝净增量'] },
    { key: 'fans', titles: ['总粉丝量'] },
  ],
  // 西瓜创作平台 (ByteDance, the same data page as Douyin's)
  xigua: [
    { key: 'likes_diff', titles: ['作品点赞'] },
    { key: 'comments_diff', titles: ['作品评论'] },
    { key: 'shares_diff', titles: ['作品分享'] },
  ],
  // 快手创作者服务平台 › 数据概览
  kwai: [
    { key: 'fans_diff', titles: ['净增粉丝量', '涨粉数'] },
    { key: 'fans', titles: ['粉丝总数', '粉丝数'] },
  ],
  // 哔哩哔哩创作中心 › 数据中心 (新增… the day's change, 总计… the running total)
  bilibili: [
    { key: 'views_diff', titles: ['新增播放数', '播放量'] },
    { key: 'views', titles: ['总计播放数'] },
    { key: 'fans_diff', titles: ['新增粉丝数', '净增粉丝'] },
    { key: 'fans', titles: ['总计粉丝数', '粉丝总量'] },
    { key: 'likes_diff', titles: ['新增点赞数', '点赞数'] },
    { key: 'comments_diff', titles: ['新增评论数', '评论数'] },
    { key: 'shares_diff', titles: ['新增分享数', '分享数'] },
    { key: 'danmaku_diff', titles: ['新增弹幕数', '弹幕数'] },
    { key: 'coins_diff', titles: ['新增投币数', '投币数'] },
  ],
  // 小红书创作服务平台 › 数据中心
  xiaohongshu: [
    { key: 'views_diff', titles: ['观看量', '观看数'] },
    { key: 'fans_diff', titles: ['涨粉数', '净涨粉'] },
  ],
  // 视频号助手 › 数据中心
  wechat_channels: [
    { key: 'fans_diff', titles: ['净增关注', '净增关注数'] },
    { key: 'fans', titles: ['关注者总数', '总关注数'] },
    { key: 'forwards_diff', titles: ['转发量', '转发数'] },
    { key: 'recommends_diff', titles: ['推荐量', '推荐数'] },
  ],
  weibo: [
    { key: 'views_diff', titles: ['阅读数', '阅读量', '视频播放量'] },
    { key: 'forwards_diff', titles: ['转发数', '转发量'] },
    { key: 'fans_diff', titles: ['净增粉丝数'] },
  ],
  haokan: [
    { key: 'views_diff', titles: ['播放量'] },
    { key: 'recommends_diff', titles: ['推荐量', '推荐数'] },
  ],
  tencent: [{ key: 'views_diff', titles: ['播放量', '播放数'] }],
  iqiyi: [{ key: 'views_diff', titles: ['播放量', '播放数'] }],
  netease: [{ key: 'views_diff', titles: ['播放量', '阅读量'] }],
  // YouTube Studio › Analytics › Export (English titles)
  youtube: [
    { key: 'views_diff', titles: ['Views'] },
    { key: 'fans_diff', titles: ['Subscribers'] },
    { key: 'likes_diff', titles: ['Likes'] },
    { key: 'comments_diff', titles: ['Comments added'] },
    { key: 'shares_diff', titles: ['Shares'] },
  ],
}

/**
 * The columns an export of `platform` is read with: its own titles, then the
 * common ones, one entry per key (titles merged, the platform's first).
 */
export function exportColumns(platform: PlatformKey): ExportColumn[] {
  const merged = new Map<ExportColumnKey, string[]>()
  for (const column of [...OWN[platform], ...COMMON]) {
    const titles = merged.get(column.key) ?? []
    for (const title of column.titles) if (!titles.includes(title)) titles.push(title)
    merged.set(column.key, titles)
  }
  return [...merged].map(([key, titles]) => ({ key, titles }))
}

/** Whether an upload's name says a file kind the import reads. */
export function exportKindOf(name: string | null | undefined): 'xlsx' | 'csv' | null {
  const trimmed = (name ?? '').trim().toLowerCase()
  if (trimmed.endsWith('.xlsx')) return 'xlsx'
  if (trimmed.endsWith('.csv')) return 'csv'
  return null
}
