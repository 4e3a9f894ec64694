import { test } from '@japa/runner'
import User from '#models/user'
import UserCreate from '#commands/user_create'
import { UserFactory } from '#database/factories/user_factory'
import { rawAceOutput, runAce, setupFunctionalGroup } from '#tests/helpers/functional'
import { FACTORY_PASSWORD, companyRegistration } from '#tests/helpers/users'

/** Common passwords and ones made of the person's own name or email. */
const WEAK = ['password123', 'qwerty12', '12345678', 'iloveyou1']

test.group('security / weak passwords are refused wherever one is set', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(rawAceOutput)

  test('sign-up: a common password is 422 with a message in the reader language', async ({
    client,
    assert,
  }) => {
    for (const password of WEAK) {
      const response = await client
        .post('/api/user/register')
        .header('lang', 'kr')
        .form(companyRegistration({ password, password_confirmation: password }))
      response.assertStatus(422)
      assert.include(response.text(), '추측', password)
    }
    const named = await client.post('/api/user/register').form(
      companyRegistration({
        email: 'starmedia2026@example.com',
        password: 'starmedia2026',
        password_confirmation: 'starmedia2026',
      })
    )
    named.assertStatus(422)
    assert.lengthOf(await User.query().where('account_type', 'company'), 0)
  })

  test('changing my password: a common one is refused and the old one still works', async ({
    client,
  }) => {
    const user = await UserFactory.create()
    const response = await client.put('/api/user/password').loginAs(user).json({
      current_password: FACTORY_PASSWORD,
      password: 'qwerty12',
      password_confirmation: 'qwerty12',
    })
    response.assertStatus(422)
    const login = await client
      .post('/api/user/login')
      .form({ account: user.email, password: FACTORY_PASSWORD })
    login.assertStatus(200)
  })

  test('user:create refuses a common password and creates nobody', async ({ assert }) => {
    const command = await runAce(UserCreate, [
      '--admin',
      '--email=weak@agency.com',
      '--password=password123',
      '--name=Weak',
    ])
    command.assertFailed()
    assert.isNull(await User.findBy('email', 'weak@agency.com'))
  })
})
