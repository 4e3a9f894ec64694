import { test } from '@japa/runner'
import { CreatorFactory } from '#database/factories/creator_factory'
import { allowOnly, setupFunctionalGroup } from '#tests/helpers/functional'
import { ROLE_NAMES, type RoleName, SECURITY_CODE, usersOfEveryRole } from '#tests/helpers/users'
import { NO_PERMISSION } from '#tests/helpers/requests'
import { creatorPayload } from '#tests/helpers/creators'

const VIEWERS: RoleName[] = ['admin', 'manager', 'staff']
const ADMINS: RoleName[] = ['admin']

interface Case {
  action: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: (id: number) => string
  body?: (id: number) => Record<string, unknown>
  allowed: RoleName[]
}

/**
 * Every creator endpoint, the roles CreatorPolicy lets through, and a body
 * that an allowed role gets past the policy with (mostly to a 422, so that
 * nothing is changed while the matrix runs).
 */
const CASES: Case[] = [
  { action: 'list', method: 'GET', url: () => '/api/creators', allowed: VIEWERS },
  { action: 'list summary', method: 'GET', url: () => '/api/creators/summary', allowed: VIEWERS },
  { action: 'show', method: 'GET', url: (id) => `/api/creators/${id}`, allowed: VIEWERS },
  { action: 'memos', method: 'GET', url: (id) => `/api/creators/${id}/memos`, allowed: VIEWERS },
  {
    action: 'memo',
    method: 'POST',
    url: (id) => `/api/creators/${id}/memos`,
    body: () => ({}),
    allowed: VIEWERS,
  },
  {
    action: 'create',
    method: 'POST',
    url: () => '/api/creators',
    body: () => ({}),
    allowed: ADMINS,
  },
  {
    action: 'edit',
    method: 'PATCH',
    url: (id) => `/api/creators/${id}`,
    body: () => ({}),
    allowed: ADMINS,
  },
  {
    action: 'delete',
    method: 'DELETE',
    url: (id) => `/api/creators/${id}`,
    body: () => ({}),
    allowed: ADMINS,
  },
  {
    action: 'terminate',
    method: 'POST',
    url: (id) => `/api/creators/${id}/terminate`,
    body: () => ({}),
    allowed: ADMINS,
  },
  {
    action: 'reveal L1',
    method: 'POST',
    url: (id) => `/api/creators/${id}/reveal`,
    body: () => ({ level: 'L1', code: '000000' }),
    allowed: VIEWERS,
  },
  {
    action: 'reveal L2',
    method: 'POST',
    url: (id) => `/api/creators/${id}/reveal`,
    body: () => ({ level: 'L2', code: '000000' }),
    allowed: ['admin', 'manager'],
  },
  {
    action: 'reveal L3',
    method: 'POST',
    url: (id) => `/api/creators/${id}/reveal`,
    body: () => ({ level: 'L3', code: '000000' }),
    allowed: ['admin', 'manager'],
  },
  {
    action: 'edit account',
    method: 'PUT',
    url: (id) => `/api/creators/${id}/accounts/bilibili`,
    body: () => ({}),
    allowed: ADMINS,
  },
  {
    action: 'edit ad prices',
    method: 'PUT',
    url: (id) => `/api/creators/${id}/ad-prices`,
    body: () => ({}),
    allowed: ADMINS,
  },
  {
    action: 'edit baidu token',
    method: 'PUT',
    url: (id) => `/api/creators/${id}/baidu-token`,
    body: () => ({}),
    allowed: ADMINS,
  },
  {
    action: 'change password',
    method: 'PUT',
    url: (id) => `/api/creators/${id}/account-password`,
    body: () => ({}),
    allowed: ADMINS,
  },
  { action: 'favorites', method: 'GET', url: () => '/api/user/favorites', allowed: VIEWERS },
  {
    action: 'add favorite',
    method: 'POST',
    url: () => '/api/user/favorites',
    body: () => ({}),
    allowed: VIEWERS,
  },
  {
    action: 'remove favorite',
    method: 'DELETE',
    url: (id) => `/api/user/favorites/${id}`,
    allowed: VIEWERS,
  },
  {
    action: 'termination code status',
    method: 'GET',
    url: () => '/api/settings/termination-code',
    allowed: ADMINS,
  },
  {
    action: 'set termination code',
    method: 'PUT',
    url: () => '/api/settings/termination-code',
    body: () => ({}),
    allowed: ADMINS,
  },
  /* SPEC §7 paths */
  { action: 'alias list', method: 'GET', url: () => '/api/creator/list', allowed: VIEWERS },
  { action: 'alias search', method: 'GET', url: () => '/api/creator/search?q=a', allowed: VIEWERS },
  {
    action: 'alias info',
    method: 'GET',
    url: (id) => `/api/creator/info?id=${id}`,
    allowed: VIEWERS,
  },
  { action: 'alias panel', method: 'GET', url: () => '/api/creator/panel', allowed: VIEWERS },
  {
    action: 'alias add',
    method: 'POST',
    url: () => '/api/creator/add',
    body: () => ({}),
    allowed: ADMINS,
  },
  {
    action: 'alias update (PUT)',
    method: 'PUT',
    url: () => '/api/creator/update',
    body: (id) => ({ id }),
    allowed: ADMINS,
  },
  {
    action: 'alias update (POST)',
    method: 'POST',
    url: () => '/api/creator/update',
    body: (id) => ({ id }),
    allowed: ADMINS,
  },
  {
    action: 'alias delete (POST)',
    method: 'POST',
    url: () => '/api/creator/delete',
    body: (id) => ({ id }),
    allowed: ADMINS,
  },
  {
    action: 'alias delete (DELETE)',
    method: 'DELETE',
    url: () => '/api/creator/delete',
    body: (id) => ({ id }),
    allowed: ADMINS,
  },
  {
    action: 'alias privacy',
    method: 'POST',
    url: () => '/api/creator/privacy/',
    body: (id) => ({ id, level: 'L1', code: '000000' }),
    allowed: VIEWERS,
  },
  {
    action: 'alias remark list',
    method: 'GET',
    url: (id) => `/api/creator/remark/list?creator_id=${id}`,
    allowed: VIEWERS,
  },
  {
    action: 'alias remark add',
    method: 'POST',
    url: () => '/api/creator/remark/add',
    body: () => ({}),
    allowed: VIEWERS,
  },
  {
    action: 'alias baidu token',
    method: 'POST',
    url: () => '/api/creator/modifiy_baidu_token',
    body: (id) => ({ id }),
    allowed: ADMINS,
  },
]

test.group('creators / permissions', (group) => {
  setupFunctionalGroup(group)

  test('every creator endpoint answers each role as CreatorPolicy says', async ({
    client,
    assert,
  }) => {
    const users = await usersOfEveryRole()
    const creator = await CreatorFactory.create()
    const problems: string[] = []

    for (const entry of CASES) {
      for (const role of ROLE_NAMES) {
        let request = client.request(entry.url(creator.id), entry.method).loginAs(users[role])
        if (entry.body) request = request.json(entry.body(creator.id))
        const response = await request
        const allowed = entry.allowed.includes(role)
        const where = `${entry.action} as ${role}: ${response.status()} ${response.text().slice(0, 160)}`
        if (allowed) {
          if (response.status() === 403 || response.status() >= 500) problems.push(where)
        } else if (
          response.status() !== 403 ||
          response.body().message !== NO_PERMISSION ||
          response.body().status !== 403
        ) {
          problems.push(where)
        }
      }
    }
    assert.deepEqual(problems, [])
  })

  test('refused roles change nothing, even with a right code and a valid body', async ({
    client,
    assert,
  }) => {
    const users = await usersOfEveryRole()
    const creator = await CreatorFactory.merge({ channelName: 'Stays' }).create()
    for (const role of ['manager', 'staff', 'creator', 'company'] as const) {
      const created = await client.post('/api/creators').loginAs(users[role]).json(creatorPayload())
      created.assertStatus(403)
      const patched = await client
        .patch(`/api/creators/${creator.id}`)
        .loginAs(users[role])
        .json({ channel_name: 'Changed', security_code: SECURITY_CODE })
      patched.assertStatus(403)
      const deleted = await client
        .delete(`/api/creators/${creator.id}`)
        .loginAs(users[role])
        .json({ security_code: SECURITY_CODE })
      deleted.assertStatus(403)
    }
    await creator.refresh()
    assert.equal(creator.channelName, 'Stays')
  })

  test('the permissions endpoint lists exactly the creator actions each role has', async ({
    client,
    assert,
  }) => {
    const users = await usersOfEveryRole()
    const expected: Record<RoleName, string[] | undefined> = {
      admin: [
        'list',
        'show',
        'export',
        'memo',
        'create',
        'edit',
        'connect',
        'delete',
        'terminate',
        'import',
        'change_password',
        'reveal_l1',
        'reveal_l2',
        'reveal_l3',
      ],
      manager: ['list', 'show', 'export', 'memo', 'reveal_l1', 'reveal_l2', 'reveal_l3'],
      staff: ['list', 'show', 'export', 'memo', 'reveal_l1'],
      creator: undefined,
      company: undefined,
    }
    for (const role of ROLE_NAMES) {
      const response = await client.get('/api/user/permissions').loginAs(users[role])
      const actions = response.body().data.creators
      if (expected[role]) assert.sameMembers(actions, expected[role]!, role)
      else assert.isUndefined(actions, role)
    }
  })

  test('every creator route needs a token and an allowed address', async ({ client, assert }) => {
    const users = await usersOfEveryRole()
    const creator = await CreatorFactory.create()
    await allowOnly('203.0.113.0/24')
    for (const entry of CASES) {
      const anonymous = await client.request(entry.url(creator.id), entry.method)
      assert.equal(anonymous.status(), 401, `${entry.action} without a token`)
      const blocked = await client.request(entry.url(creator.id), entry.method).loginAs(users.admin)
      assert.equal(blocked.status(), 403, `${entry.action} from an unlisted address`)
      assert.equal(blocked.body().status, -1, entry.action)
    }
  })
})
