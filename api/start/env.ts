/*
|--------------------------------------------------------------------------
| Environment variables
|--------------------------------------------------------------------------
|
| Every variable the studio reads, validated once at boot. docs/operations.md
| documents each of them.
|
*/
import { Env } from '@adonisjs/core/env'

export default await Env.create(new URL('../../', import.meta.url), {
  NODE_ENV: Env.schema.enum.optional(['development', 'production', 'test'] as const),
  PORT: Env.schema.number.optional(),
  HOST: Env.schema.string.optional({ format: 'host' }),
  APP_KEY: Env.schema.string(),
  APP_BRAND: Env.schema.string.optional(),
  APP_URL: Env.schema.string.optional(),
  LOG_LEVEL: Env.schema.string.optional(),
  TRUSTED_PROXIES: Env.schema.string.optional(),
  CORS_ORIGINS: Env.schema.string.optional(),

  /* Database */
  DB_CONNECTION: Env.schema.enum.optional(['sqlite', 'mysql'] as const),
  SQLITE_PATH: Env.schema.string.optional(),
  MYSQL_HOST: Env.schema.string.optional({ format: 'host' }),
  MYSQL_PORT: Env.schema.number.optional(),
  MYSQL_USER: Env.schema.string.optional(),
  MYSQL_PASSWORD: Env.schema.string.optional(),
  MYSQL_DB_NAME: Env.schema.string.optional(),

  /* Redis: when REDIS_HOST is set, jobs run on BullMQ and rate limits live in Redis */
  REDIS_HOST: Env.schema.string.optional({ format: 'host' }),
  REDIS_PORT: Env.schema.number.optional(),
  REDIS_PASSWORD: Env.schema.string.optional(),
  REDIS_DB: Env.schema.number.optional(),
  QUEUE_WORKER: Env.schema.boolean.optional(),
  /* How often a worker checks that every schedule is registered, in milliseconds (default 30 s) */
  QUEUE_SCHEDULE_CHECK_MS: Env.schema.number.optional(),
  /* Leases of long work (runs, imports): heartbeat and expiry in milliseconds (tests shorten them) */
  LEASE_HEARTBEAT_MS: Env.schema.number.optional(),
  LEASE_TTL_MS: Env.schema.number.optional(),
  /* In-process caches: their total byte budget in MB (default 64) */
  CACHE_BUDGET_MB: Env.schema.number.optional(),

  APP_TIMEZONE: Env.schema.string.optional(),
  /* Cron rule of the growth windows' discovery of new uploads (default hourly at :05) */
  GROWTH_DISCOVERY_CRON: Env.schema.string.optional(),

  /* Auth */
  ACCESS_TOKEN_TTL: Env.schema.string.optional(),
  REFRESH_TOKEN_TTL: Env.schema.string.optional(),
  WHITE_IP_KEY: Env.schema.string.optional(),
  /** The widest allow-list range added without a confirmation: IPv4 prefix (default 8), IPv6 (default 32). */
  IP_ALLOWLIST_WIDEST_V4: Env.schema.number.optional(),
  IP_ALLOWLIST_WIDEST_V6: Env.schema.number.optional(),
  SIGN_UP_ENABLED: Env.schema.boolean.optional(),

  /* Login screen */
  OLD_VERSION_URL: Env.schema.string.optional(),
  GEOIP_DATABASE: Env.schema.string.optional(),

  /* Platform adapters (config/platforms.ts): 'simulated' (default, demo data) or 'live' */
  PLATFORM_ADAPTERS: Env.schema.enum.optional(['simulated', 'live'] as const),
  BILIBILI_API_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  YOUTUBE_API_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  YOUTUBE_API_KEY: Env.schema.string.optional(),
  BAIJIAHAO_API_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  BAIJIAHAO_APP_ID: Env.schema.string.optional(),
  DOUYIN_API_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  XIGUA_API_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  XIGUA_OAUTH_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  KWAI_API_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  KWAI_APP_ID: Env.schema.string.optional(),
  WEIBO_API_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  XIAOHONGSHU_CREATOR_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  XIAOHONGSHU_COOKIE_DOMAIN: Env.schema.string.optional(),
  WECHAT_CHANNELS_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  WECHAT_CHANNELS_COOKIE_DOMAIN: Env.schema.string.optional(),
  TENCENT_OM_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  TENCENT_COOKIE_DOMAIN: Env.schema.string.optional(),
  IQIYI_WEB_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  IQIYI_COOKIE_DOMAIN: Env.schema.string.optional(),
  NETEASE_MP_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  NETEASE_COOKIE_DOMAIN: Env.schema.string.optional(),
  PLATFORM_TIMEOUT_MS: Env.schema.number.optional(),

  /*
  | Upload adapters (config/upload_platforms.ts): the platforms' upload hosts
  | in live mode; in simulated mode they point at the in-process fake
  | platform server (FAKE_PLATFORMS_PORT, 0 = a free port; its state kept in
  | FAKE_PLATFORMS_STATE). UPLOAD_REQUEST_TIMEOUT_MS bounds each call.
  */
  BILIBILI_UPLOAD_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  XIGUA_UPLOAD_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  HAOKAN_UPLOAD_BASE: Env.schema.string.optional({ format: 'url', tld: false }),
  UPLOAD_REQUEST_TIMEOUT_MS: Env.schema.number.optional(),
  FAKE_PLATFORMS_PORT: Env.schema.number.optional(),
  FAKE_PLATFORMS_STATE: Env.schema.string.optional(),

  /* Another folder holding the built admin (default admin/dist) */
  ADMIN_DIST: Env.schema.string.optional(),

  /* Stored files (config/drive.ts): the local disk's folder, storage/drive by default */
  DRIVE_ROOT: Env.schema.string.optional(),

  /*
  | Upload station's ledger: the largest resumable upload (bytes, 8 GiB by
  | default), attempts per publication (5) and the first retry's wait (30 s,
  | doubled per attempt, with jitter)
  */
  UPLOAD_MAX_BYTES: Env.schema.number.optional(),
  UPLOAD_PUBLISH_ATTEMPTS: Env.schema.number.optional(),
  UPLOAD_RETRY_BASE_MS: Env.schema.number.optional(),

  /*
  | Labs' YouTube download: the downloader command (an executable's name or
  | path, run without a shell; yt-dlp by default), the largest file it may
  | save (bytes, 2 GiB by default) and how long one download may take (ms,
  | 30 minutes by default)
  */
  VIDEO_DOWNLOADER: Env.schema.string.optional(),
  VIDEO_DOWNLOAD_MAX_BYTES: Env.schema.number.optional(),
  VIDEO_DOWNLOAD_TIMEOUT_MS: Env.schema.number.optional(),

  /* Demo data */
  DEMO_ADMIN_EMAIL: Env.schema.string.optional(),
  DEMO_ADMIN_PASSWORD: Env.schema.string.optional(),
  DEMO_SECURITY_CODE: Env.schema.string.optional(),
  DEMO_TERMINATION_CODE: Env.schema.string.optional(),
})
