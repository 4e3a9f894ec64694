import env from '#start/env'
import type { OAuthPlatform } from '#shared/oauth'
import ByteDanceOAuth from '#platforms/oauth/bytedance'
import KwaiOAuth from '#platforms/oauth/kwai'
import WeiboOAuth from '#platforms/oauth/weibo'
import type { OAuthProvider, OAuthProviderOptions } from '#platforms/oauth/provider'

/*
| The OAuth provider of each open platform, built from the environment at
| each use (so that a changed env, or a test's fake authorisation server,
| is seen without a restart):
|
|   DOUYIN_CLIENT_KEY, DOUYIN_CLIENT_SECRET, DOUYIN_OAUTH_BASE (https://open.douyin.com),
|     DOUYIN_OAUTH_SCOPE
|   XIGUA_CLIENT_KEY, XIGUA_CLIENT_SECRET, XIGUA_OAUTH_BASE (https://open.snssdk.com),
|     XIGUA_OAUTH_SCOPE
|   KWAI_APP_ID, KWAI_APP_SECRET, KWAI_OAUTH_BASE (https://open.kuaishou.com), KWAI_OAUTH_SCOPE
|   WEIBO_APP_KEY, WEIBO_APP_SECRET, WEIBO_OAUTH_BASE (https://api.weibo.com), WEIBO_OAUTH_SCOPE
|
| A platform whose id or secret is not set answers 'not_configured' naming
| the two variables. PLATFORM_TIMEOUT_MS bounds each call as for the adapters.
*/

interface Settings {
  id: string
  secret: string
  base: string
  defaultBase: string
  scope: string
  defaultScope: string
}

const SETTINGS: Record<OAuthPlatform, Settings> = {
  douyin: {
    id: 'DOUYIN_CLIENT_KEY',
    secret: 'DOUYIN_CLIENT_SECRET',
    base: 'DOUYIN_OAUTH_BASE',
    defaultBase: 'https://open.douyin.com',
    scope: 'DOUYIN_OAUTH_SCOPE',
    // user info, the video list and data, the external daily data, the fans portrait
    defaultScope:
      'user_info,video.list.bind,video.data.bind,data.external.user,data.external.item,fans.data.bind',
  },
  xigua: {
    id: 'XIGUA_CLIENT_KEY',
    secret: 'XIGUA_CLIENT_SECRET',
    base: 'XIGUA_OAUTH_BASE',
    defaultBase: 'https://open.snssdk.com',
    scope: 'XIGUA_OAUTH_SCOPE',
    defaultScope: 'user_info,xigua.video.data,xigua.video.list',
  },
  kwai: {
    id: 'KWAI_APP_ID',
    secret: 'KWAI_APP_SECRET',
    base: 'KWAI_OAUTH_BASE',
    defaultBase: 'https://open.kuaishou.com',
    scope: 'KWAI_OAUTH_SCOPE',
    defaultScope: 'user_info,user_video_info',
  },
  weibo: {
    id: 'WEIBO_APP_KEY',
    secret: 'WEIBO_APP_SECRET',
    base: 'WEIBO_OAUTH_BASE',
    defaultBase: 'https://api.weibo.com',
    scope: 'WEIBO_OAUTH_SCOPE',
    defaultScope: '',
  },
}

function read(key: string): string | undefined {
  const value = env.get(key as any) as unknown
  return typeof value === 'string' && value.trim() ? value.trim() : undefined
}

function optionsOf(platform: OAuthPlatform): OAuthProviderOptions {
  const settings = SETTINGS[platform]
  const id = read(settings.id)
  const secret = read(settings.secret)
  return {
    baseUrl: read(settings.base) ?? settings.defaultBase,
    credentials: id && secret ? { clientId: id, clientSecret: secret } : null,
    credentialNames: [settings.id, settings.secret],
    scope: read(settings.scope) ?? settings.defaultScope,
    timeoutMs: Number(env.get('PLATFORM_TIMEOUT_MS', 10_000)) || 10_000,
  }
}

/** The provider of `platform`, as the environment sets it now. */
export function oauthProvider(platform: OAuthPlatform): OAuthProvider {
  const options = optionsOf(platform)
  switch (platform) {
    case 'douyin':
      return new ByteDanceOAuth('douyin', 'Douyin', {
        ...options,
        authorizePath: 'platform/oauth/connect/',
      })
    case 'xigua':
      return new ByteDanceOAuth('xigua', 'Xigua', { ...options, authorizePath: 'oauth/authorize/' })
    case 'kwai':
      return new KwaiOAuth(options)
    case 'weibo':
      return new WeiboOAuth(options)
  }
}
