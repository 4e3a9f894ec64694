import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const CreatorImportsController = () => import('#controllers/creator_imports_controller')

/**
 * Creators in Excel: the import template, the list export, imports and their
 * progress. The static segments (template, export, imports) never reach a
 * `/api/creators/:id` route, whose id only matches numbers.
 */
router
  .group(() => {
    router.get('/template', [CreatorImportsController, 'template'])
    router.get('/export', [CreatorImportsController, 'export'])
    router.post('/imports', [CreatorImportsController, 'store'])
    router
      .get('/imports/:id', [CreatorImportsController, 'show'])
      .where('id', router.matchers.number())
  })
  .prefix('/api/creators')
  .use([middleware.auth(), middleware.allowedIp()])
