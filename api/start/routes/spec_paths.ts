import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const SpecCreatorsController = () => import('#controllers/spec_paths/creators_controller')
const SpecUsersController = () => import('#controllers/spec_paths/users_controller')
const SpecPlatformsController = () => import('#controllers/spec_paths/platforms_controller')
const SpecTrackingController = () => import('#controllers/spec_paths/tracking_controller')
const SpecVideosController = () => import('#controllers/spec_paths/videos_controller')

/**
 * The SPEC §7 paths whose feature has a REST resource: ids in the query or
 * the body, `{status: 0, data}` envelopes. Each answers from the same
 * service, behind the same policy, as its REST twin (the creators, memos,
 * accounts and users controllers). The SPEC §7 paths without a REST twin
 * (dashboards, charts, notifications …) live with their feature's routes.
 */
router
  .group(() => {
    router.get('/creator/list', [SpecCreatorsController, 'list'])
    router.get('/creator/search', [SpecCreatorsController, 'list'])
    router.get('/creator/info', [SpecCreatorsController, 'info'])
    router.get('/creator/panel', [SpecCreatorsController, 'panel'])
    router.post('/creator/add', [SpecCreatorsController, 'add'])
    router.route('/creator/update', ['PUT', 'POST'], [SpecCreatorsController, 'update'])
    router.route('/creator/delete', ['POST', 'DELETE'], [SpecCreatorsController, 'delete'])
    router.post('/creator/privacy', [SpecCreatorsController, 'privacy'])
    router.get('/creator/remark/list', [SpecCreatorsController, 'remarks'])
    router.post('/creator/remark/add', [SpecCreatorsController, 'addRemark'])
    router.post('/creator/modifiy_baidu_token', [SpecCreatorsController, 'baiduToken'])
    router.get('/creator/account/info', [SpecCreatorsController, 'accounts'])

    router.get('/creator', [SpecTrackingController, 'achievements'])
    router.get('/creator/v2', [SpecTrackingController, 'list'])
    router.get('/creator/dashboard/month', [SpecTrackingController, 'month'])

    router.route('/video/list', ['GET', 'POST'], [SpecVideosController, 'list'])
    router.route('/video/search', ['GET', 'POST'], [SpecVideosController, 'list'])
    router.route('/video/detailData', ['GET', 'POST'], [SpecVideosController, 'detail'])
    router.route('/video/suggest_words', ['GET', 'POST'], [SpecVideosController, 'suggest'])
    router.route('/video/dashboard', ['GET', 'POST'], [SpecVideosController, 'dashboard'])

    router.get('/user', [SpecUsersController, 'show'])
    router.get('/user/list', [SpecUsersController, 'list'])

    router.get('/active/platform', [SpecPlatformsController, 'active'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])
