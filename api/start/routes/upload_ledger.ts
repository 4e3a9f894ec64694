import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const UploadLedgerController = () => import('#controllers/upload_ledger_controller')

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
