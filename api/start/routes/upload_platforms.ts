import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const UploadPlatformsController = () => import('#controllers/upload_platforms_controller')

/**
 * The Upload Station's platform helpers (SPEC §7): login checks before an
 * upload, an account's token state, categories, tag suggestions, events and
 * topics, read through the upload adapters (UploadPolicy).
 */
router
  .group(() => {
    router.get('/platform_api/check/bilibili', [UploadPlatformsController, 'checkBilibili'])
    router.get('/platform_api/check/baidu', [UploadPlatformsController, 'checkBaidu'])
    router.get('/platform_api/check/xigua', [UploadPlatformsController, 'checkXigua'])
    router.get('/platform_api/bili', [UploadPlatformsController, 'bili'])
    router.get('/platform_api/xigua', [UploadPlatformsController, 'xigua'])
    router.get('/platform_api/weibo', [UploadPlatformsController, 'weibo'])
    router.get('/video/category', [UploadPlatformsController, 'categories'])
    router.get('/video/tags', [UploadPlatformsController, 'tags'])
    router.get('/upload_video/baidu_topic', [UploadPlatformsController, 'baiduTopics'])
    router.get('/upload_video/bilibili_event', [UploadPlatformsController, 'bilibiliEvents'])
    router.get('/upload_video/xigua_event', [UploadPlatformsController, 'xiguaEvents'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])
