import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import StudioException from '#exceptions/studio_exception'
import StudioSetting from '#models/studio_setting'
import AuditService from '#services/audit/audit_service'
import type { Actor } from '#support/actor'
import { decryptPrivate, encryptPrivate } from '#support/private_data'
import { isoDateTime } from '#support/dates'
import { COOKIE_NAMES, summarizeCookie } from '#shared/cookies'
import { PLATFORMS, type PlatformKey } from '#shared/constants'

/*
| The crawler logins of outside tracking (SPEC §7 "Owner and cookie service":
| `cookie`, `platform`). An outside creator is nobody's account: where a
| platform shows a channel's figures only to a signed-in visitor, the crawl
| signs in with one studio-wide login per platform, a cookie pasted as the
| creator forms take it (any export shape `parseCookies` reads) and stored
| encrypted, like the platform accounts' cookies, as a studio setting.
|
| How each platform is read without an account of its own (what its adapter
| needs, api/platforms/*.ts):
| - 'none': YouTube's Data API, with the studio's API key.
| - 'cookie': Bilibili (x/space/upstat answers figures only to a signed-in
|   cookie), and the browser-session platforms — Xiaohongshu, WeChat
|   Channels, Tencent Video, iQiyi, Netease — which open the pages signed in.
| - 'owner_token': Douyin, Xigua, Kuaishou, Weibo and Haokan are read on
|   their open platforms, which answer only about the channel whose owner
|   authorised the token: a live crawl of someone else's channel is refused
|   there (the simulated platforms read every channel).
*/

type CrawlLogin = 'none' | 'cookie' | 'owner_token'

const CRAWL_LOGINS: Record<PlatformKey, CrawlLogin> = {
  youtube: 'none',
  bilibili: 'cookie',
  xiaohongshu: 'cookie',
  wechat_channels: 'cookie',
  tencent: 'cookie',
  iqiyi: 'cookie',
  netease: 'cookie',
  douyin: 'owner_token',
  xigua: 'owner_token',
  kwai: 'owner_token',
  weibo: 'owner_token',
  haokan: 'owner_token',
}

const keyOf = (platform: PlatformKey) => `outside_cookie:${platform}`

/** What a stored cookie is (never its value): its cookie names, what is missing or lapsed. */
function describe(platform: PlatformKey, setting: StudioSetting | undefined, now: DateTime) {
  const cookie = setting ? decryptPrivate('platform_cookie', setting.value) : null
  const summary = cookie ? summarizeCookie(cookie, platform, now.toMillis()) : null
  const expiries = (summary?.found ?? [])
    .map((entry) => entry.expiresAt)
    .filter((at): at is number => at !== null)
  return {
    platform,
    login: CRAWL_LOGINS[platform],
    /** Whether a crawl can read it as things stand (a cookie platform with a usable cookie). */
    crawlable:
      CRAWL_LOGINS[platform] === 'none' ||
      (CRAWL_LOGINS[platform] === 'cookie' && summary !== null && !summary.unusable),
    cookie_set: summary !== null,
    cookie_usable: summary ? !summary.unusable : false,
    cookie_names: summary?.found.map((entry) => entry.name) ?? [],
    cookie_missing: summary?.missing ?? [],
    cookie_expired: summary?.expired ?? [],
    cookie_expires_at: expiries.length
      ? DateTime.fromMillis(Math.min(...expiries), { zone: 'utc' }).toISO()
      : null,
    updated_at: setting && summary ? isoDateTime(setting.updatedAt) : null,
    updated_by: setting && summary ? setting.updatedBy : null,
  }
}

export default class CrawlerLoginService {
  /** Every platform: how it is crawled, and its crawler login's state (SPEC §7 `platform`, `cookie`). */
  static async list(now: DateTime = DateTime.utc()) {
    const settings = await StudioSetting.query().whereIn(
      'key',
      PLATFORMS.map((platform) => keyOf(platform))
    )
    const byKey = new Map(settings.map((setting) => [setting.key, setting]))
    return PLATFORMS.map((platform) => describe(platform, byKey.get(keyOf(platform)), now))
  }

  /**
   * Stores (or, with no cookie, removes) a platform's crawler login: a
   * cookie without the platform's essential cookie, or with it lapsed, is
   * refused with what is missing; a platform read without a cookie takes
   * none. Audited without the value.
   */
  static async set(platform: PlatformKey, cookie: string | null | undefined, actor: Actor) {
    const now = DateTime.utc()
    if (cookie && CRAWL_LOGINS[platform] !== 'cookie') {
      throw new StudioException('outside.errors.no_login', {
        status: 422,
        data: { field: 'cookie', platform },
      })
    }
    if (cookie) {
      const summary = summarizeCookie(cookie, platform, now.toMillis())
      if (summary.unusable) {
        const required = COOKIE_NAMES[platform]?.required
        throw new StudioException('outside.errors.cookie_unusable', {
          status: 422,
          data: {
            field: 'cookie',
            platform,
            missing: [...(required ? [required] : []), ...summary.expired].join(', ') || '-',
          },
        })
      }
    }
    await db.transaction(async (trx) => {
      const setting =
        (await StudioSetting.find(keyOf(platform), { client: trx })) ??
        new StudioSetting().merge({ key: keyOf(platform) })
      setting.useTransaction(trx)
      setting.value = cookie ? encryptPrivate('platform_cookie', cookie) : null
      setting.updatedBy = actor.user.id
      await setting.save()
      await AuditService.log(
        actor,
        'outside.cookie',
        ['studio_setting', keyOf(platform)],
        { platform, cookie: cookie ? 'set' : 'removed' },
        trx
      )
    })
    return describe(platform, (await StudioSetting.find(keyOf(platform))) ?? undefined, now)
  }

  /** The decrypted crawler cookie of a platform, for the crawl (null when none is stored). */
  static async cookieFor(platform: PlatformKey) {
    const setting = await StudioSetting.find(keyOf(platform))
    return setting ? decryptPrivate('platform_cookie', setting.value) : null
  }
}
