import env from '#start/env'
import { GROWTH_DISCOVERY_CRON } from '#shared/growth'

/**
 * Product-level settings of the studio (SPEC §1, §9).
 */
const studioConfig = {
  /** The configurable brand: routes such as /app/{brand}_report derive from it. */
  brand: env.get('APP_BRAND') ?? 'mcn',
  /** Version label shown on the login screen. */
  version: '1.3.1',
  /** The older version opened from the login screen in a new window. */
  oldVersion: {
    label: '1.4.0',
    url: env.get('OLD_VERSION_URL') ?? '',
  },
  /** Whether a logged-out visitor may open the register screen. */
  signUpEnabled: env.get('SIGN_UP_ENABLED') ?? true,
  /** Time zone of schedules such as the daily 13:00 collection (SPEC §9). */
  timezone: env.get('APP_TIMEZONE') ?? 'Asia/Seoul',
  /**
   * When the growth windows' discovery pass reads every account's newest
   * uploads (GROWTH_DISCOVERY_CRON, in the studio's time zone; hourly at :05).
   */
  growthDiscoveryCron: env.get('GROWTH_DISCOVERY_CRON') ?? GROWTH_DISCOVERY_CRON,
  /** Optional MaxMind-format country database; without it the country reads 'unknown'. */
  geoipDatabase: env.get('GEOIP_DATABASE') ?? '',
  /**
   * Memory the in-process caches may hold together (CACHE_BUDGET_MB, default
   * 64), shared as: metric answers 60 %, creator list 21 %, verified tokens 15 %,
   * profiles 2 %, studio log pages 2 %.
   */
  cacheBudgetBytes: Math.max(1, env.get('CACHE_BUDGET_MB') ?? 64) * 1024 * 1024,
}

export default studioConfig
