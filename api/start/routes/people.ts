import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const AccountController = () => import('#controllers/account_controller')
const UsersController = () => import('#controllers/users_controller')
const TeamsController = () => import('#controllers/teams_controller')
const RegistrationReviewsController = () => import('#controllers/registration_reviews_controller')

/**
 * Account, teams, staff directory and registrations (SPEC §2 Account, §4,
 * §7 /api/user/*; /api/user and /api/user/list are in spec_paths.ts).
 */
router
  .group(() => {
    router.put('/user/update', [AccountController, 'update'])
    router.post('/user/update', [AccountController, 'update'])
    router.put('/user/password', [AccountController, 'password'])
    router.post('/user/avatar', [AccountController, 'avatar'])
    router.delete('/user/avatar', [AccountController, 'removeAvatar'])
    router.post('/user/set_team', [AccountController, 'setTeam'])

    router.get('/users', [UsersController, 'index'])
    router.get('/users/:id', [UsersController, 'show'])
    router.put('/users/:id', [UsersController, 'update'])
    router.patch('/users/:id', [UsersController, 'update'])

    router.get('/teams', [TeamsController, 'index'])
    router.get('/teams/:team/members', [TeamsController, 'members'])
    router.post('/teams/:team/members', [TeamsController, 'addMember'])
    router.put('/teams/:team/members/:user_id', [TeamsController, 'updateMember'])
    router.delete('/teams/:team/members/:user_id', [TeamsController, 'removeMember'])

    router.get('/registrations', [RegistrationReviewsController, 'index'])
    router.post('/registrations/:id/approve', [RegistrationReviewsController, 'approve'])
    router.post('/registrations/:id/reject', [RegistrationReviewsController, 'reject'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])
