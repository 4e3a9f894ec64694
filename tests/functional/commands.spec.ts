import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import IpAllowlistEntry from '#models/ip_allowlist_entry'
import User from '#models/user'
import UserCreate from '#commands/user_create'
import IpAllow from '#commands/ip_allow'
import { loginAttempt, rawAceOutput, runAce, setupFunctionalGroup } from '#tests/helpers/functional'

test.group('ace commands', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(rawAceOutput)

  test('user:create --admin creates an approved admin who can sign in', async ({
    assert,
    client,
  }) => {
    const command = await runAce(UserCreate, [
      '--admin',
      '--email=IT.Admin@Agency.com',
      '--password=a-long-password',
      '--name=IT Admin',
    ])
    command.assertSucceeded()

    const user = await User.findByOrFail('email', 'it.admin@agency.com')
    assert.equal(user.role, 'admin')
    assert.equal(user.status, 'active')
    assert.isTrue(await hash.verify(user.password, 'a-long-password'))

    const login = await loginAttempt(client, {
      account: 'it.admin@agency.com',
      password: 'a-long-password',
    })
    login.assertBodyContains({ status: 0 })
  })

  test('user:create with a role and a team makes a team member', async ({ assert }) => {
    const command = await runAce(UserCreate, [
      '--email=lead@agency.com',
      '--password=a-long-password',
      '--name=Team Lead',
      '--role=manager',
      '--team=cp1',
    ])
    command.assertSucceeded()
    const user = await User.findByOrFail('email', 'lead@agency.com')
    await user.load('teams')
    assert.equal(user.role, 'manager')
    assert.deepEqual(
      user.teams.map((team) => [team.key, Boolean(team.$extras.pivot_is_manager)]),
      [['cp1', true]]
    )
  })

  test('user:create refuses bad input and duplicates without creating anything', async ({
    assert,
  }) => {
    const bad = await runAce(UserCreate, ['--email=not-an-email', '--password=short', '--name=X'])
    bad.assertFailed()
    bad.assertLogMatches(/email/)

    await runAce(UserCreate, [
      '--email=twice@agency.com',
      '--password=a-long-password',
      '--name=One',
    ])
    const second = await runAce(UserCreate, [
      '--email=twice@agency.com',
      '--password=a-long-password',
      '--name=Two',
    ])
    second.assertFailed()
    second.assertLogMatches(/already exists/)
    assert.lengthOf(await User.query().where('email', 'twice@agency.com'), 1)
  })

  test('ip:allow adds a normalised range and refuses garbage', async ({ assert }) => {
    const command = await runAce(IpAllow, ['198.51.100.9/24', '--note=Seoul office'])
    command.assertSucceeded()
    const entry = await IpAllowlistEntry.findByOrFail('cidr', '198.51.100.0/24')
    assert.equal(entry.note, 'Seoul office')

    const bad = await runAce(IpAllow, ['999.1.1.1'])
    bad.assertFailed()
  })
})
