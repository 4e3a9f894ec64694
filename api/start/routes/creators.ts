import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const CreatorsController = () => import('#controllers/creators_controller')
const CreatorAccountsController = () => import('#controllers/creator_accounts_controller')
const CreatorMemosController = () => import('#controllers/creator_memos_controller')
const FavoritesController = () => import('#controllers/favorites_controller')
const SecurityCodesController = () => import('#controllers/security_codes_controller')
const OAuthConnectsController = () => import('#controllers/oauth_connects_controller')

/**
 * Creators (SPEC §2, §3, §5, §6): Refine's simple-rest resource under
 * /api/creators, the favorites and codes. CreatorPolicy decides who. The
 * Excel template, export and imports live in creator_imports.ts; the SPEC §7
 * paths under /api/creator in spec_paths.ts.
 */
router
  .group(() => {
    router.get('/creators', [CreatorsController, 'index'])
    router.get('/creators/summary', [CreatorsController, 'summary'])
    router.post('/creators', [CreatorsController, 'store'])
    router.get('/creators/:id', [CreatorsController, 'show'])
    router.patch('/creators/:id', [CreatorsController, 'update'])
    router.delete('/creators/:id', [CreatorsController, 'destroy'])
    router.post('/creators/:id/terminate', [CreatorsController, 'terminate'])
    router.post('/creators/:id/reveal', [CreatorsController, 'reveal'])
    router.put('/creators/:id/ad-prices', [CreatorsController, 'adPrices'])
    router.put('/creators/:id/accounts/:platform', [CreatorAccountsController, 'update'])
    router.post('/creators/:id/accounts/:platform/connect', [OAuthConnectsController, 'start'])
    router.put('/creators/:id/baidu-token', [CreatorAccountsController, 'baiduToken'])
    router.put('/creators/:id/account-password', [CreatorAccountsController, 'password'])
    router.get('/creators/:id/memos', [CreatorMemosController, 'index'])
    router.post('/creators/:id/memos', [CreatorMemosController, 'store'])

    router.get('/user/favorites', [FavoritesController, 'index'])
    router.post('/user/favorites', [FavoritesController, 'store'])
    router.delete('/user/favorites/:creator_id', [FavoritesController, 'destroy'])

    router.get('/user/security-code', [SecurityCodesController, 'show'])
    router.put('/user/security-code', [SecurityCodesController, 'update'])
    router.get('/settings/termination-code', [SecurityCodesController, 'showTermination'])
    router.put('/settings/termination-code', [SecurityCodesController, 'updateTermination'])
  })
  .prefix('/api')
  .where('id', router.matchers.number())
  .where('creator_id', router.matchers.number())
  .use([middleware.auth(), middleware.allowedIp()])
