/** The alert dashboard: kinds, states and the default rules (shared by the API and the admin). */
export const ALERT_KINDS = [
  'token_expiring',
  'token_expired',
  'cookie_recheck',
  'cookie_expired',
  'collection_failed',
  'follower_spike',
  'follower_surge',
  'follower_loss',
  'video_surge',
  'video_under',
  'upload_failed',
] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved'] as const
export type AlertStatus = (typeof ALERT_STATUSES)[number]

const ALERT_SEVERITIES = ['info', 'warning', 'critical'] as const
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number]

/**
 * Growth and loss rules over the daily snapshots, and the warning windows.
 * Admins change them on the alert dashboard (stored in studio_settings).
 */
export interface AlertRules {
  /** A day's follower gain at least this many times the previous 7 days' average daily gain. */
  spikeMultiplier: number
  /** A day's gain above this share (%) of the followers the account had before it. */
  surgeSharePct: number
  /** Gains below this never raise a spike or surge alert (noise on small accounts). */
  minGain: number
  /** A day's loss of at least this many followers. */
  lossMin: number
  /** Warn this many days before a platform token expires (Xigua 30 / Douyin 90 days). */
  tokenWarnDays: number
  /** A cookie is due for a recheck this many days after it was entered or last checked. */
  cookieRecheckDays: number
  /** A new video's views at a window at least this many times its creator's median there (out-performer, `video_surge` at 24 h). */
  videoSurgeMultiplier: number
  /** A new video's views at a window at most this share of its creator's median there (under-performer, `video_under` at 24 h). */
  videoUnderRatio: number
}

/** The growth-hacking window the video alerts read (hours after upload). */
export const VIDEO_ALERT_WINDOW_HOURS = 24

export const DEFAULT_ALERT_RULES: AlertRules = {
  spikeMultiplier: 25,
  surgeSharePct: 20,
  minGain: 500,
  lossMin: 5000,
  tokenWarnDays: 7,
  cookieRecheckDays: 30,
  videoSurgeMultiplier: 5,
  videoUnderRatio: 0.2,
}

export const ALERT_RULE_LIMITS: Record<keyof AlertRules, [number, number]> = {
  spikeMultiplier: [2, 1000],
  surgeSharePct: [1, 1000],
  minGain: [0, 10_000_000],
  lossMin: [1, 100_000_000],
  tokenWarnDays: [1, 60],
  cookieRecheckDays: [1, 365],
  videoSurgeMultiplier: [1.5, 100],
  videoUnderRatio: [0.01, 0.9],
}
