import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import { PUBLIC_ROUTES } from '#start/routes/public'
import { setupFunctionalGroup } from '#tests/helpers/functional'

/**
 * Every registered route as `METHOD /pattern` (HEAD skipped: it mirrors GET).
 * Read inside the tests: the router fills its per-domain store when the HTTP
 * server starts, which the functional suite does before any test runs.
 */
function registeredRoutes() {
  const routes: { method: string; pattern: string; key: string }[] = []
  for (const domainRoutes of Object.values(router.toJSON())) {
    for (const route of domainRoutes) {
      for (const method of route.methods) {
        if (method === 'HEAD') continue
        routes.push({ method, pattern: route.pattern, key: `${method} ${route.pattern}` })
      }
    }
  }
  return routes
}

/** A concrete URL for a pattern: every `:param` (optional or not) becomes 1, a wildcard `x`. */
function urlOf(pattern: string) {
  return pattern.replace(/:[^/]+/g, '1').replace(/\*/g, 'x')
}

test.group('routes guard', (group) => {
  setupFunctionalGroup(group)

  test('the router has the expected routes and every public route exists', ({ assert }) => {
    const keys = registeredRoutes().map((route) => route.key)
    assert.isAbove(keys.length, PUBLIC_ROUTES.length)
    assert.includeMembers(keys, PUBLIC_ROUTES)
    assert.includeMembers(keys, [
      'GET /api/user/info',
      'GET /api/ip-allowlist',
      'DELETE /api/ip-allowlist/:id',
      'POST /api/documents',
      'GET /api/documents/:id/pdf',
      'POST /api/letter-events/monthly',
      'GET /api/public/documents/:token',
      'POST /api/settlements/run',
      'GET /api/settlements/:id',
      'GET /api/settlements/:id/pdf',
      'POST /api/settlements/:id/confirm',
      'POST /api/revenues/import',
      'POST /api/exchange-rates',
      'GET /api/reports/teams',
      'GET /api/reports/teams/download',
      'GET /api/creator/report_month',
      'GET /api/power-bi/accounts/self',
    ])
  })

  test('every route that is not public answers 401 without a token', async ({ client, assert }) => {
    const guarded = registeredRoutes().filter((route) => !PUBLIC_ROUTES.includes(route.key))
    assert.isNotEmpty(guarded)

    const failures: string[] = []
    for (const route of guarded) {
      const response = await client.request(urlOf(route.pattern), route.method)
      if (
        response.status() !== 401 ||
        response.body()?.status !== 401 ||
        !response.body()?.message
      ) {
        failures.push(`${route.key} answered ${response.status()} ${response.text().slice(0, 120)}`)
      }
    }
    assert.deepEqual(failures, [], 'routes open without a token')
  })

  test('every route that is not public answers 401 with a garbage token too', async ({
    client,
    assert,
  }) => {
    const guarded = registeredRoutes().filter((route) => !PUBLIC_ROUTES.includes(route.key))
    const failures: string[] = []
    for (const route of guarded) {
      const response = await client
        .request(urlOf(route.pattern), route.method)
        .header('token', 'mat_garbage')
      if (response.status() !== 401) failures.push(`${route.key} answered ${response.status()}`)
    }
    assert.deepEqual(failures, [])
  })

  test('every public route answers without a token, never 401 and never a 5xx or an empty body', async ({
    client,
    assert,
  }) => {
    const failures: string[] = []
    for (const route of registeredRoutes().filter((entry) => PUBLIC_ROUTES.includes(entry.key))) {
      const response = await client.request(urlOf(route.pattern), route.method)
      const body = response.body()
      if (response.status() === 401 || response.status() >= 500) {
        failures.push(`${route.key} answered ${response.status()}`)
      } else if (!body || typeof body.status !== 'number') {
        failures.push(
          `${route.key} answered ${response.status()} without a status: ${response.text().slice(0, 120)}`
        )
      }
    }
    assert.deepEqual(failures, [])
  })
})
