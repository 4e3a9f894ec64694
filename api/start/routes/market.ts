import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const MarketController = () => import('#controllers/market_controller')
const ProductSalesController = () => import('#controllers/product_sales_controller')

/** Market Store and E-Commerce. */
router
  .group(() => {
    router.get('/market/offers', [MarketController, 'offers'])
    router.get('/market/deals', [MarketController, 'deals'])
    router.post('/market/deals', [MarketController, 'store'])
    router.get('/market/deals/:id', [MarketController, 'show'])
    router.put('/market/deals/:id', [MarketController, 'update'])
    router.patch('/market/deals/:id', [MarketController, 'update'])
    router.post('/market/deals/:id/stage', [MarketController, 'stage'])
    router.get('/market/totals', [MarketController, 'totals'])

    router.get('/products/companies', [ProductSalesController, 'companies'])
    router.get('/products/sales', [ProductSalesController, 'index'])
    router.post('/products/sales', [ProductSalesController, 'store'])
    router.get('/products/sales/summary', [ProductSalesController, 'summary'])
    router.get('/products/sales/template', [ProductSalesController, 'template'])
    router.post('/products/sales/import', [ProductSalesController, 'import'])
    router.put('/products/sales/:id', [ProductSalesController, 'update'])
    router.patch('/products/sales/:id', [ProductSalesController, 'update'])
    router.delete('/products/sales/:id', [ProductSalesController, 'destroy'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])
