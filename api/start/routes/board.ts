import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const BoardController = () => import('#controllers/board_controller')

/** The board (SPEC §2 Board). */
router
  .group(() => {
    router.get('/categories', [BoardController, 'categories'])
    router.get('/posts', [BoardController, 'index'])
    router.post('/posts', [BoardController, 'store'])
    router.get('/posts/:id', [BoardController, 'show'])
    router.put('/posts/:id', [BoardController, 'update'])
    router.patch('/posts/:id', [BoardController, 'update'])
    router.delete('/posts/:id', [BoardController, 'destroy'])
    router.post('/attachments', [BoardController, 'upload'])
    router.get('/attachments/:id', [BoardController, 'download'])
  })
  .prefix('/api/board')
  .use([middleware.auth(), middleware.allowedIp()])
