import router from '@adonisjs/core/services/router'

const HealthController = () => import('#controllers/health_controller')
const ClientInfoController = () => import('#controllers/client_info_controller')
const AuthController = () => import('#controllers/auth_controller')
const RegistrationsController = () => import('#controllers/registrations_controller')
const IpAllowlistController = () => import('#controllers/ip_allowlist_controller')
const AccountController = () => import('#controllers/account_controller')
const PublicDocumentsController = () => import('#controllers/public_documents_controller')
const OAuthConnectsController = () => import('#controllers/oauth_connects_controller')

/** The routes anybody may call: the spec's login, refresh and register calls, and health. */
export const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/client-info',
  'POST /api/user/login',
  'PUT /api/refresh_token',
  'POST /api/user/logout',
  'POST /api/user/register',
  'GET /api/resource',
  'POST /add/white_ip',
  'GET /api/avatars/:file',
  'GET /api/public/documents/:token',
  'GET /api/public/documents/:token/pdf',
  'GET /api/oauth/:platform/callback',
]

router.get('/api/health', [HealthController, 'show'])
router.get('/api/health/ready', [HealthController, 'ready'])
router.get('/api/client-info', [ClientInfoController, 'show'])
router.post('/api/user/login', [AuthController, 'login'])
router.put('/api/refresh_token', [AuthController, 'refresh'])
router.post('/api/user/logout', [AuthController, 'logout'])
router.post('/api/user/register', [RegistrationsController, 'store'])
router.get('/api/resource', [RegistrationsController, 'resource'])
/** Checks an admin token or the whitelist key itself (rate limited). */
router.post('/add/white_ip', [IpAllowlistController, 'whiteIp'])
/** Profile pictures, for <img> tags: unguessable names (see AccountService). */
router.get('/api/avatars/:file', [AccountController, 'showAvatar'])
/** An issued document by its public link's token (rate limited; 404 once revoked). */
router.get('/api/public/documents/:token', [PublicDocumentsController, 'show'])
router.get('/api/public/documents/:token/pdf', [PublicDocumentsController, 'pdf'])
/** An open platform's OAuth redirect back (its state is the proof; issue 28 §2). */
router.get('/api/oauth/:platform/callback', [OAuthConnectsController, 'callback'])
