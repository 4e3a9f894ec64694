import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import { PUBLIC_ROUTES } from '#start/routes/public'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { userWithCode } from '#tests/helpers/users'
import { FakePlatforms } from '#platforms/upload/fake_platforms'

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

/** A concrete URL for a pattern: every `:param` (optional or not) becomes `id` (1), a wildcard `x`. */
function urlOf(pattern: string, id = '1') {
  return pattern.replace(/:[^/]+/g, id).replace(/\*/g, 'x')
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
      'GET /all_platform/status',
      'POST /all_platform/cookie',
      'POST /all_platform/token',
      'POST /douyin/code',
      'GET /baidu/api/token',
      'POST /bili/api/crawler',
      'GET /weibo/task',
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

  test('signed in as an admin, every route answers wrong types and malformed input without a 5xx', async ({
    client,
    assert,
  }) => {
    const admin = await userWithCode('admin')
    // Path parameters that are not ids, query strings of wrong types and shapes, and bodies that
    // are not JSON. Bodies of wrong types go only with ids that are not ids: an action that needs
    // no input would take them and set off work (queued jobs, the fake platforms' server) that
    // outlives this test's transaction and that other tests would find.
    const params = ['abc', '-1', '99999999999999999999']
    const queries = [
      'page=abc&pageSize=-5&_start=a&_end=b&_sort=;drop&_order=up&limit=1e9&offset=-1',
      'start=2026-13-45&end=x&month=2026-99&period=zz&platform=nope&sort=__proto__&order=up',
      'id=abc&ids=x&ids=y&creator_id=-1&q[$gt]=1&keyword[]=a&type=%00',
    ]
    const wrong = { a: [1] }
    const malformed: [string, string] = ['application/json', '{bad']
    const wrongTypes: [string, string][] = [
      ['application/json', '[]'],
      [
        'application/json',
        JSON.stringify(
          Object.fromEntries(
            ['id', 'ids', 'name', 'title', 'month', 'date', 'start', 'end', 'platform', 'status']
              .concat(['amount', 'accounts', 'items', 'email', 'password', 'content', 'code'])
              .concat(['creator_id', 'user_id', 'team_id', 'rate', 'currency', 'enabled'])
              .map((field) => [field, wrong])
          )
        ),
      ],
      ['application/x-www-form-urlencoded', 'a[b][c][d][e][f]=1&id=abc'],
    ]
    const failures: string[] = []
    let sent = 0
    let reached = 0
    const check = (what: string, response: { status(): number; body(): any; text(): string }) => {
      sent++
      const status = response.status()
      if (status !== 401) reached++
      // the resumable upload speaks the tus protocol: its refusals are that protocol's, in plain text
      const tus = what.includes('/api/video/upload_file')
      if (status >= 500)
        failures.push(`${what} answered ${status} ${response.text().slice(0, 160)}`)
      else if (status >= 400 && !tus && !response.body()?.message)
        failures.push(`${what} answered ${status} without a message`)
    }
    try {
      for (const route of registeredRoutes()) {
        if (!route.pattern.startsWith('/api/') || PUBLIC_ROUTES.includes(route.key)) continue
        const withIds = route.pattern.includes(':')
        const paths = withIds ? params.map((param) => urlOf(route.pattern, param)) : [route.pattern]
        for (const path of paths) {
          if (route.method === 'GET') {
            for (const query of queries) {
              check(`GET ${path}?${query}`, await client.get(`${path}?${query}`).loginAs(admin))
            }
            continue
          }
          for (const [type, raw] of withIds ? [malformed, ...wrongTypes] : [malformed]) {
            const request = client.request(path, route.method).loginAs(admin)
            const response = await (type === 'application/json'
              ? request.unsafeJson(raw)
              : request.unsafeForm(raw))
            check(`${route.key} ${path} ${raw.slice(0, 24)}`, response)
          }
        }
      }
    } finally {
      // a read of the upload screens starts the fake platforms' server of simulated mode
      await FakePlatforms.stop()
    }
    assert.deepEqual(failures, [])
    assert.isAbove(sent, 1000)
    // signed in indeed: the sweep reached the routes' own checks, not the sign-in guard
    assert.isAbove(reached, sent * 0.9)
  }).timeout(300_000)
})
