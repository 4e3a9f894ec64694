import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const UploadsController = () => import('#controllers/uploads_controller')
const UploadLedgerController = () => import('#controllers/upload_ledger_controller')
const UploadPlatformsController = () => import('#controllers/upload_platforms_controller')

/**
 * The Video Upload Station (SPEC §2), every route of it: the check under
 * /api/uploads, the ledger and the platform helpers on their SPEC §7 paths.
 * UploadPolicy decides who.
 */
router
  .group(() => {
    router.post('/uploads/check', [UploadsController, 'check'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])

/**
 * The upload ledger (SPEC §7 paths): the resumable transfer (tus) under
 * /api/video/upload_file, the submission, the records and stats, and one
 * task for polling.
 */
router
  .group(() => {
    const TUS_METHODS = ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS']
    router.route('/video/upload_file', TUS_METHODS, [UploadLedgerController, 'transfer'])
    router.route('/video/upload_file/*', TUS_METHODS, [UploadLedgerController, 'transfer'])
    router.post('/video/upload', [UploadLedgerController, 'submit'])
    router.get('/video/upload_record', [UploadLedgerController, 'records'])
    router.get('/video/creator_upload_list', [UploadLedgerController, 'ofCreator'])
    router.get('/creator/v2/uploads', [UploadLedgerController, 'stats'])
    router
      .get('/uploads/:id', [UploadLedgerController, 'show'])
      .where('id', router.matchers.number())
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])

/**
 * The Upload Station's platform helpers (SPEC §7): login checks before an
 * upload, an account's token state, categories, tag suggestions, events and
 * topics, read through the upload adapters .
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
