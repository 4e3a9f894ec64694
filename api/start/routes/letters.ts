import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const LettersController = () => import('#controllers/letters_controller')

/** Private letters. */
router
  .group(() => {
    router.get('/', [LettersController, 'index'])
    router.post('/', [LettersController, 'store'])
    router.get('/unread', [LettersController, 'unread'])
    router.get('/recipients', [LettersController, 'recipients'])
    router.get('/:id', [LettersController, 'show'])
    router.delete('/:id', [LettersController, 'destroy'])
  })
  .prefix('/api/letters')
  .use([middleware.auth(), middleware.allowedIp()])
