import { test } from '@japa/runner'
import { SCREENS, SCREEN_ACCESS } from '#shared/screens'
import { PERMISSION_CATALOGUE } from '#policies/catalogue'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { teamMember } from '#tests/helpers/users'

const ADMIN_ONLY = ['ip_allowlist', 'register_codes', 'audit_logs']
/** The resources beyond the screens that staff, managers and admins all have. */
const STAFF_SIDE_RESOURCES = [
  'metrics',
  'users',
  'teams',
  'alerts',
  'market',
  'commerce',
  'tracking',
  'videos',
  'growth',
  'upload_ledger',
  'documents',
  'reports',
  'login_health',
  'metric_imports',
  'connect_data',
  'outside_creators',
]

test.group('auth / user info and permissions', (group) => {
  setupFunctionalGroup(group)

  test('/api/user/info returns the user without the password and the permissions', async ({
    client,
    assert,
  }) => {
    const user = await teamMember('cp1', { manager: true })

    const response = await client.get('/api/user/info').loginAs(user)
    response.assertStatus(200)
    response.assertBodyContains({
      status: 0,
      data: {
        user: {
          id: user.id,
          email: user.email,
          name: user.name,
          role: 'staff',
          status: 'active',
          account_type: 'staff',
          teams: [{ key: 'cp1', name: 'CP 1', is_manager: true }],
        },
        permissions: { dashboard: ['list'] },
      },
    })

    const body = JSON.stringify(response.body())
    const { data } = response.body()
    assert.notProperty(data.user, 'password')
    assert.notProperty(data.user, 'last_login_ip')
    assert.notInclude(body, user.password)
    assert.notInclude(body, 'secret-password')
  })

  test('/api/user/info and /api/user/permissions agree', async ({ client, assert }) => {
    const user = await UserFactory.apply('manager').create()
    const info = await client.get('/api/user/info').loginAs(user)
    const permissions = await client.get('/api/user/permissions').loginAs(user)
    permissions.assertStatus(200)
    assert.deepEqual(info.body().data.permissions, permissions.body().data)
  })

  test('admin has every screen and the admin resources', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client.get('/api/user/permissions').loginAs(admin)

    response.assertStatus(200)
    response.assertBodyContains({ status: 0 })
    const data = response.body().data
    assert.sameMembers(Object.keys(data), [
      ...SCREENS,
      ...ADMIN_ONLY,
      'metrics',
      'users',
      'registrations',
      'teams',
      'alerts',
      'market',
      'commerce',
      'tracking',
      'videos',
      'growth',
      'upload_ledger',
      'settlement',
      'documents',
      'reports',
      'login_health',
      'metric_imports',
      'connect_data',
      'outside_creators',
    ])
    const catalogued = new Set(PERMISSION_CATALOGUE.map((entry) => entry.resource))
    for (const screen of SCREENS) {
      if (!catalogued.has(screen)) assert.deepEqual(data[screen], ['list'], screen)
    }
    for (const entry of PERMISSION_CATALOGUE) {
      const names = entry.actions.map((action) => (Array.isArray(action) ? action[0] : action))
      // a catalogued resource that is also a screen (labs) has the screen's `list` too
      const screen = (SCREENS as readonly string[]).includes(entry.resource) ? ['list'] : []
      assert.sameMembers(data[entry.resource], [...new Set([...screen, ...names])], entry.resource)
    }
    assert.deepEqual(data.ip_allowlist, ['list', 'create', 'delete'])
    assert.deepEqual(data.register_codes, ['list', 'create', 'delete'])
    assert.deepEqual(data.audit_logs, ['list'])
  })

  test('staff lack studio_log, creator_adjustment and the admin resources', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const response = await client.get('/api/user/permissions').loginAs(user)

    response.assertStatus(200)
    const keys = Object.keys(response.body().data)
    for (const missing of ['studio_log', 'creator_adjustment', ...ADMIN_ONLY])
      assert.notInclude(keys, missing)
    assert.sameMembers(keys, [...SCREEN_ACCESS.staff, ...STAFF_SIDE_RESOURCES])
    assert.include(keys, 'creators')
    const data = response.body().data
    assert.sameMembers(data.metrics, ['view', 'download', 'runs'])
    assert.sameMembers(data.users, ['list'])
    assert.sameMembers(data.teams, ['join'])
    assert.sameMembers(data.board, ['list', 'write'])
    assert.sameMembers(data.alerts, ['view', 'handle'])
    assert.sameMembers(data.market, ['view', 'enquire', 'manage'])
    assert.sameMembers(data.commerce, ['view', 'write'])
    assert.sameMembers(data.documents, ['list', 'issue', 'share'])
    assert.sameMembers(data.reports, ['teams', 'accounts'])
    assert.sameMembers(data.connect_data, ['view'])
  })

  test('managers have neither the settlement (money) nor studio_log', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.apply('manager').create()
    const response = await client.get('/api/user/permissions').loginAs(user)

    const keys = Object.keys(response.body().data)
    assert.notInclude(keys, 'creator_adjustment')
    assert.notInclude(keys, 'studio_log')
    for (const missing of ADMIN_ONLY) assert.notInclude(keys, missing)
    assert.sameMembers(keys, [...SCREEN_ACCESS.manager, ...STAFF_SIDE_RESOURCES, 'settlement'])
    assert.sameMembers(response.body().data.settlement, ['team_totals'])
    const data = response.body().data
    assert.sameMembers(data.metrics, ['view', 'download', 'runs', 'collect'])
    assert.sameMembers(data.board, ['list', 'write', 'pin'])
    assert.sameMembers(data.alerts, ['view', 'handle', 'scan'])
    assert.sameMembers(data.documents, ['list', 'issue', 'share', 'revoke'])
    assert.sameMembers(data.reports, ['teams', 'money', 'accounts'])
    assert.sameMembers(data.connect_data, ['view', 'connect', 'confirm', 'revert'])
  })

  test('the diagnostics screen (/app/test2) and the collection runs are for the staff side', async ({
    client,
    assert,
  }) => {
    for (const [role, allowed] of [
      ['staff', true],
      ['manager', true],
      ['admin', true],
      ['creator', false],
      ['company', false],
    ] as const) {
      const user = await UserFactory.apply(role).create()
      const response = await client.get('/api/user/permissions').loginAs(user)
      const data = response.body().data
      assert.equal(Boolean(data.diagnostics?.includes('list')), allowed, role)
      assert.equal(Boolean(data.metrics?.includes('runs')), allowed, role)
    }
  })

  test('creators get exactly their screens', async ({ client, assert }) => {
    const user = await UserFactory.apply('creator').create()
    const response = await client.get('/api/user/permissions').loginAs(user)

    response.assertStatus(200)
    assert.sameMembers(Object.keys(response.body().data), [
      ...SCREEN_ACCESS.creator,
      'metrics',
      'tracking',
      'videos',
      'growth',
      'upload_ledger',
      'documents',
      'reports',
      'settlement',
    ])
    assert.notInclude(Object.keys(response.body().data), 'creators')
    assert.sameMembers(response.body().data.settlement, ['statements'])
    assert.sameMembers(response.body().data.reports, ['statements', 'accounts'])
    assert.sameMembers(response.body().data.upload_ledger, ['records'])
    assert.sameMembers(response.body().data.documents, ['list'])
    assert.sameMembers(response.body().data.metrics, ['view', 'download'])
    assert.sameMembers(response.body().data.board, ['list'])
  })

  test('companies get exactly their screens', async ({ client, assert }) => {
    const user = await UserFactory.apply('company').create()
    const response = await client.get('/api/user/permissions').loginAs(user)

    response.assertStatus(200)
    const data = response.body().data
    assert.sameMembers(Object.keys(data), [...SCREEN_ACCESS.company, 'market', 'commerce'])
    assert.include(Object.keys(data), 'market_dashboard')
    assert.sameMembers(data.market, ['view', 'enquire'])
    assert.sameMembers(data.commerce, ['view'])
  })

  test('the permissions match what the admin endpoints answer', async ({ client, assert }) => {
    for (const state of ['admin', 'manager', 'creator'] as const) {
      const user = await UserFactory.apply(state).create()
      const own = await client.get('/api/user/permissions').loginAs(user)
      const permissions = own.body().data
      for (const [resource, url] of [
        ['ip_allowlist', '/api/ip-allowlist'],
        ['register_codes', '/api/register-codes'],
        ['audit_logs', '/api/audit-logs'],
      ]) {
        const response = await client.get(url).loginAs(user)
        assert.equal(
          response.status() === 200,
          Boolean(permissions[resource]?.includes('list')),
          `${state} ${url}`
        )
      }
    }
  })
})
