import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const OutsideCreatorsController = () => import('#controllers/outside_creators_controller')
const SpecOutsideController = () => import('#controllers/spec_paths/outside_controller')

/**
 * Outside creators (SPEC §2 "Outside creators"; issue 29): the REST
 * resource, and the SPEC §7 crawler service and owner service paths on the
 * same model (the owner service under /api/owner/). OutsidePolicy decides who.
 */
router
  .group(() => {
    router.get('/outside_creators', [OutsideCreatorsController, 'index'])
    router.post('/outside_creators', [OutsideCreatorsController, 'store'])
    router.post('/outside_creators/bulk', [OutsideCreatorsController, 'bulk'])
    router.post('/outside_creators/parse', [OutsideCreatorsController, 'parse'])
    router.get('/outside_creators/logins', [OutsideCreatorsController, 'logins'])
    router.put('/outside_creators/logins', [OutsideCreatorsController, 'setLogin'])
    router.get('/outside_creators/:id', [OutsideCreatorsController, 'show'])
    router.patch('/outside_creators/:id', [OutsideCreatorsController, 'update'])
    router.delete('/outside_creators/:id', [OutsideCreatorsController, 'destroy'])
    router.post('/outside_creators/:id/start', [OutsideCreatorsController, 'start'])
    router.post('/outside_creators/:id/stop', [OutsideCreatorsController, 'stop'])
    router.post('/outside_creators/:id/crawl', [OutsideCreatorsController, 'crawl'])
    router.get('/outside_creators/:id/runs', [OutsideCreatorsController, 'runs'])
    router.get('/outside_creators/:id/figures', [OutsideCreatorsController, 'figures'])

    router.get('/creator/task', [SpecOutsideController, 'list'])
    router.post('/creator/task', [SpecOutsideController, 'add'])
    router.get('/scheduler/api/task', [SpecOutsideController, 'task'])
    router.post('/scheduler/api/task', [SpecOutsideController, 'saveTask'])
    router.get('/scheduler/api/time', [SpecOutsideController, 'times'])
    router.post('/scheduler/api/time', [SpecOutsideController, 'saveTimes'])
    router.post('/scheduler/parse', [SpecOutsideController, 'parse'])

    router.get('/owner/owner_list', [SpecOutsideController, 'list'])
    router.get('/owner/owner', [SpecOutsideController, 'owner'])
    router.post('/owner/owner', [SpecOutsideController, 'add'])
    router.get('/owner/cookie', [SpecOutsideController, 'cookies'])
    router.post('/owner/cookie', [SpecOutsideController, 'saveCookie'])
    router.get('/owner/video', [SpecOutsideController, 'videos'])
    router.get('/owner/task', [SpecOutsideController, 'ownerTask'])
    router.post('/owner/task', [SpecOutsideController, 'saveTask'])
    router.get('/owner/task/time', [SpecOutsideController, 'times'])
    router.post('/owner/task/time', [SpecOutsideController, 'saveTimes'])
    router.get('/owner/platform', [SpecOutsideController, 'platforms'])
  })
  .prefix('/api')
  .where('id', router.matchers.number())
  .use([middleware.auth(), middleware.allowedIp()])
