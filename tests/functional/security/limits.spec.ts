import { test } from '@japa/runner'
import AuditLog from '#models/audit_log'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { CreatorFactory } from '#database/factories/creator_factory'
import { RegisterCodeFactory } from '#database/factories/register_code_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import {
  FACTORY_PASSWORD,
  REGISTRATION,
  SECURITY_CODE,
  companyRegistration,
  staffRegistration,
  userWithCode,
} from '#tests/helpers/users'

/**
 * Parallel bursts against every limited check: the attempt is counted before
 * it is evaluated, so at most the limit is ever evaluated, and a right answer
 * inside a burst past the limit is refused like the wrong ones.
 */
test.group('security / limits hold against parallel bursts', (group) => {
  setupFunctionalGroup(group)

  test('login: 30 parallel guesses, the right password 26th: 5 evaluated, none signs in', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const burst = Array.from({ length: 30 }, (_, index) =>
      client
        .post('/api/user/login')
        .form({ account: user.email, password: index === 25 ? FACTORY_PASSWORD : `wrong-${index}` })
    )
    const answers = await Promise.all(burst)
    assert.notExists(answers[25].body()?.data?.token, 'the right password inside the burst')
    assert.isAtMost(answers.filter((answer) => answer.status() !== 429).length, 5)
    const evaluated = await AuditLog.query().where('action', 'auth.login_failed')
    assert.isAtMost(evaluated.length, 5)
  })

  test('login: 30 parallel sign-ins with the right password all sign in', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        client.post('/api/user/login').form({ account: user.email, password: FACTORY_PASSWORD })
      )
    )
    assert.deepEqual(
      answers.map((answer) => answer.status()),
      answers.map(() => 200)
    )
    assert.isTrue(answers.every((answer) => typeof answer.body().data?.token === 'string'))
    // and a wrong password afterwards is still counted as one failure of five
    const wrong = await client.post('/api/user/login').form({ account: user.email, password: 'x' })
    assert.equal(wrong.body().status, 1)
  })

  test('security code on reveal: a burst of 100 with the right code reveals nothing', async ({
    client,
    assert,
  }) => {
    const staff = await userWithCode('staff')
    const creator = await CreatorFactory.create()
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        client
          .post(`/api/creators/${creator.id}/reveal`)
          .loginAs(staff)
          .json({ level: 'L1', code: index === 60 ? SECURITY_CODE : `9${index}`.padEnd(6, '7') })
      )
    )
    assert.notEqual(answers[60].status(), 200, answers[60].text())
    const failed = await AuditLog.query().where('action', 'creator.reveal_failed')
    assert.isAtMost(failed.length, 5)
    assert.lengthOf(await AuditLog.query().where('action', 'creator.reveal'), 0)
  })

  test('current password: 20 parallel wrong ones, at most 5 evaluated', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        client
          .put('/api/user/password')
          .loginAs(user)
          .json({
            current_password: `wrong-${index}`,
            password: 'a-new-long-password-1',
            password_confirmation: 'a-new-long-password-1',
          })
      )
    )
    assert.isAtMost(answers.filter((answer) => answer.status() === 422).length, 5)
    assert.isAtLeast(answers.filter((answer) => answer.status() === 429).length, 15)
  })

  test('register codes: after the wrong ones the right one is refused too', async ({
    client,
    assert,
  }) => {
    await RegisterCodeFactory.merge({ code: REGISTRATION.code }).create()
    const wrong = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        client
          .post('/api/user/register')
          .form(
            staffRegistration({ email: `w${index}@example.com`, register_code: `NOPE-${index}` })
          )
      )
    )
    assert.isAtMost(wrong.filter((answer) => answer.status() === 422).length, 10)
    const right = await client.post('/api/user/register').form(staffRegistration())
    assert.equal(right.status(), 429, right.text())
    assert.lengthOf(await User.query().where('email', 'minji@example.com'), 0)
  })

  test('sign-ups: 20 companies from one address make at most 5 accounts', async ({
    client,
    assert,
  }) => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        client
          .post('/api/user/register')
          .form(
            companyRegistration({ email: `c${index}@example.com`, company_name: `Co ${index}` })
          )
      )
    )
    assert.isAtMost(answers.filter((answer) => answer.status() === 201).length, 5)
    const companies = await User.query().where('account_type', 'company')
    assert.isAtMost(companies.length, 5)
  })
})
