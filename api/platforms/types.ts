import type { PlatformKey, PortraitDimension, SnapshotSource } from '#shared/constants'

/**
 * The contract every platform adapter keeps (see api/platforms/manager.ts).
 * Counters are non-negative integers; a counter a platform does not have
 * (coins outside Bilibili, danmaku outside the barrage sites …) is 0.
 */
/** The counters a channel and a video both have. */
export interface EngagementCounters {
  views: number
  likes: number
  comments: number
  shares: number
  danmaku: number
  coins: number
}

export interface ChannelStats extends EngagementCounters {
  fans: number
  forwards: number
  recommends: number
  videos: number
}

export interface VideoStats extends EngagementCounters {
  /** The platform's own id (bvid, YouTube video id …). */
  id: string
  title: string
  /** ISO 8601, or null when the platform does not say. */
  publishedAt: string | null
  url: string | null
  favorites: number
  /** Length in seconds, when the listing says. */
  durationS?: number | null
  /** The platform's category or section name (Bilibili tname, YouTube category id …). */
  category?: string | null
  thumbnailUrl?: string | null
  tags?: string[]
  /**
   * Counters this answer did not read (a Bilibili listing carries views,
   * comments and danmaku, not likes, coins, saves or shares): they are 0
   * here, and the ingest keeps the video's last known values for them.
   */
  unread?: ('likes' | 'comments' | 'favorites' | 'shares' | 'danmaku' | 'coins')[]
}

export interface VideoPage {
  items: VideoStats[]
  page: number
  pageSize: number
  total: number
  hasMore: boolean
}

export interface FanPortrait {
  audience: 'fans' | 'non_fans'
  dimension: PortraitDimension
  buckets: { bucket: string; share: number }[]
}

/** What an adapter is told about the account it reads. */
export interface PlatformAccountRef {
  id: number
  creatorId: number
  platform: PlatformKey
  uid: string | null
  /** Decrypted platform token or cookie, when the account has one. */
  token?: string | null
  cookie?: string | null
  /**
   * Whether the account holds a token or a cookie (told to every adapter,
   * also the simulator, which never sees the values); unknown when absent.
   */
  connected?: boolean
}

export interface PlatformAdapter {
  /** Recorded on every snapshot ('bilibili', 'youtube', 'simulated', …). */
  readonly name: string
  readonly source: SnapshotSource
  /**
   * The channel's counters. `date` (YYYY-MM-DD) is the day the snapshot
   * describes; live adapters return the current values, the simulator the
   * values of that day.
   */
  channelStats(account: PlatformAccountRef, options: { date: string }): Promise<ChannelStats>
  /**
   * A page of the channel's uploads, newest first. `at` (ISO 8601) is the
   * moment the simulator describes (default now); live adapters list what
   * the platform shows now.
   */
  videos(
    account: PlatformAccountRef,
    options: { page: number; pageSize: number; at?: string }
  ): Promise<VideoPage>
  fanPortrait(account: PlatformAccountRef): Promise<FanPortrait[]>
  /**
   * The current counters of some videos of the account (the growth-hacking
   * windows read a few new videos between daily collections). A video the
   * platform no longer has is left out of the answer. `at` (ISO 8601) is the
   * moment the simulator describes; live adapters return what the platform
   * says now. An adapter without it cannot measure growth windows (the
   * windows of its videos are then taken by the daily collection).
   */
  videosById?(
    account: PlatformAccountRef,
    ids: string[],
    options: { at: string }
  ): Promise<VideoStats[]>
  /**
   * Whether the account's stored login still works, by the platform's
   * cheapest signed-in call (the account-health check before the daily run).
   * Resolves when it works; rejects with PlatformError 'auth' (refused or
   * expired), 'captcha' (verification asked) or another code (could not tell).
   */
  checkLogin?(account: PlatformAccountRef): Promise<void>
}

export type PlatformErrorCode =
  | 'not_supported'
  | 'not_configured'
  | 'not_found'
  | 'auth'
  /** The platform asks for a captcha or a verification: the stored login cannot be used now. */
  | 'captcha'
  | 'rate_limited'
  | 'quota_exceeded'
  | 'bad_response'
  | 'upstream'
  | 'network'

/**
 * Every failure an adapter reports. `retryable` tells the collection whether
 * a later attempt may succeed (rate limits, network); `upstreamCode` keeps
 * the platform's own code (Bilibili's -412, YouTube's quotaExceeded …).
 */
export class PlatformError extends Error {
  constructor(
    readonly platform: PlatformKey | string,
    readonly code: PlatformErrorCode,
    message: string,
    readonly options: {
      retryable?: boolean
      upstreamCode?: string | number
      retryAfterMs?: number
    } = {}
  ) {
    super(message)
    this.name = 'PlatformError'
  }

  get retryable() {
    return this.options.retryable ?? ['rate_limited', 'network', 'upstream'].includes(this.code)
  }
}
