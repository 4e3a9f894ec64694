import app from '@adonisjs/core/services/app'
import env from '#start/env'
import type { PlatformMode } from '#platforms/manager'
import { defineConfig, type UploadAdapterFactory } from '#platforms/upload/manager'
import BilibiliUploadAdapter from '#platforms/upload/bilibili'
import XiguaUploadAdapter from '#platforms/upload/xigua'
import HaokanUploadAdapter from '#platforms/upload/haokan'
import { FakePlatforms } from '#platforms/upload/fake_platforms'
import type { UploadPlatform } from '#shared/uploads'

/*
|--------------------------------------------------------------------------
| Upload adapters
|--------------------------------------------------------------------------
|
| The Upload Station's adapters, one per platform (`uploads.use('bilibili')`,
| api/platforms/upload/main.ts). They speak the protocols of docs/uploads.md.
|
| PLATFORM_ADAPTERS=live: against the platforms' hosts (BILIBILI_UPLOAD_BASE,
| BILIBILI_API_BASE, XIGUA_UPLOAD_BASE, HAOKAN_UPLOAD_BASE).
| PLATFORM_ADAPTERS=simulated (default, the demo): the same adapters against
| the fake platform server running in this process (started on first use,
| or at boot of the web server), so the station works on a fresh machine.
|
*/

const timeoutMs = env.get('UPLOAD_REQUEST_TIMEOUT_MS', 60_000)

FakePlatforms.options.port = env.get('FAKE_PLATFORMS_PORT', 0)
FakePlatforms.options.statePath =
  env.get('FAKE_PLATFORMS_STATE') ??
  (app.inTest ? null : app.makePath('storage/fake_platforms.json'))

/** A base URL of the in-process fake server. */
const fakeBase = (key: 'bilibiliMember' | 'bilibiliApi' | 'xigua' | 'haokan') => async () => {
  const bases = await FakePlatforms.bases()
  return bases[key]
}

export const uploadModes: Record<PlatformMode, Record<UploadPlatform, UploadAdapterFactory>> = {
  live: {
    bilibili: () =>
      new BilibiliUploadAdapter({
        memberBase: env.get('BILIBILI_UPLOAD_BASE', 'https://member.bilibili.com'),
        apiBase: env.get('BILIBILI_API_BASE', 'https://api.bilibili.com'),
        timeoutMs,
      }),
    xigua: () =>
      new XiguaUploadAdapter({
        baseUrl: env.get('XIGUA_UPLOAD_BASE', 'https://studio.ixigua.com'),
        timeoutMs,
      }),
    haokan: () =>
      new HaokanUploadAdapter({
        baseUrl: env.get('HAOKAN_UPLOAD_BASE', 'https://baijiahao.baidu.com'),
        timeoutMs,
      }),
  },
  simulated: {
    bilibili: () =>
      new BilibiliUploadAdapter({
        memberBase: fakeBase('bilibiliMember'),
        apiBase: fakeBase('bilibiliApi'),
        timeoutMs,
      }),
    xigua: () => new XiguaUploadAdapter({ baseUrl: fakeBase('xigua'), timeoutMs }),
    haokan: () => new HaokanUploadAdapter({ baseUrl: fakeBase('haokan'), timeoutMs }),
  },
}

const mode = env.get('PLATFORM_ADAPTERS', 'simulated')

const uploadPlatformsConfig = defineConfig({ mode, platforms: uploadModes[mode] })
export default uploadPlatformsConfig
