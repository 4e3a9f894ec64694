import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const DocumentsController = () => import('#controllers/documents_controller')
const LetterEventsController = () => import('#controllers/letter_events_controller')

/**
 * Issued documents (SPEC §2 'Document issuing') and the monthly letter. The
 * public pages' endpoints (by link token) are in public.ts.
 */
router
  .group(() => {
    router.get('/documents', [DocumentsController, 'index'])
    router.post('/documents', [DocumentsController, 'store'])
    router.get('/documents/:id', [DocumentsController, 'show'])
    router.get('/documents/:id/pdf', [DocumentsController, 'pdf'])
    router.post('/documents/:id/reissue', [DocumentsController, 'reissue'])
    router.post('/documents/:id/revoke', [DocumentsController, 'revoke'])
    router.post('/documents/:id/link', [DocumentsController, 'share'])
    router.delete('/documents/:id/link', [DocumentsController, 'unshare'])

    router.get('/letter-events/monthly', [LetterEventsController, 'index'])
    router.post('/letter-events/monthly', [LetterEventsController, 'store'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])
