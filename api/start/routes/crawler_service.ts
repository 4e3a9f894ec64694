import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { CRAWLER_SERVICES } from '#shared/crawler_service'

const CrawlerServiceController = () => import('#controllers/spec_paths/crawler_service_controller')

/**
 * The SPEC §7 crawler, cookie and token service. In the original a service
 * of its own; here on the studio's server, at the paths the spec names
 * (without /api, like /add/white_ip; api/support/api_paths.ts keeps them
 * from the admin's pages): the logins' state, cookie entry and token
 * states for every platform, and per platform (douyin, baidu = Haokan,
 * bili = Bilibili, xigua, weibo) the OAuth connect, the token, a collection
 * now and the collection runs. Behind auth and the IP allow-list; each
 * action's policy in the controller.
 */
router
  .group(() => {
    router.get('/all_platform/status', [CrawlerServiceController, 'status'])
    router.get('/all_platform/cookie', [CrawlerServiceController, 'cookies'])
    router.post('/all_platform/cookie', [CrawlerServiceController, 'storeCookie'])
    router.get('/all_platform/token', [CrawlerServiceController, 'tokens'])
    router.post('/all_platform/token', [CrawlerServiceController, 'refreshToken'])
    for (const service of Object.keys(CRAWLER_SERVICES)) {
      router.post(`/${service}/code`, [CrawlerServiceController, 'code'])
      router.get(`/${service}/api/token`, [CrawlerServiceController, 'token'])
      router.post(`/${service}/api/token`, [CrawlerServiceController, 'storeToken'])
      router.post(`/${service}/api/crawler`, [CrawlerServiceController, 'crawl'])
      router.get(`/${service}/task`, [CrawlerServiceController, 'task'])
    }
  })
  .use([middleware.auth(), middleware.allowedIp()])
