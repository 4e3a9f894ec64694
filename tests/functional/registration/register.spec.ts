import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import AuditLog from '#models/audit_log'
import RegisterCode from '#models/register_code'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { RegisterCodeFactory } from '#database/factories/register_code_factory'
import { loginAttempt, rowCount, setupFunctionalGroup } from '#tests/helpers/functional'
import {
  companyRegistration,
  creatorRegistration,
  REGISTRATION,
  staffRegistration,
  without,
} from '#tests/helpers/users'

const CODE = REGISTRATION.code
const PASSWORD = REGISTRATION.password
const CODE_WRONG = 'The register code is wrong.'

test.group('registration / POST /api/user/register', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(async () => {
    await RegisterCodeFactory.merge({ code: CODE }).create()
  })

  test('a staff registration is received and waits for approval', async ({ client, assert }) => {
    const response = await client.post('/api/user/register').form(staffRegistration())

    response.assertStatus(201)
    response.assertBodyContains({
      status: 0,
      message: 'Registration received. Authorization may take time.',
      data: { email: 'minji@example.com', status: 'pending' },
    })

    const user = await User.findByOrFail('email', 'minji@example.com')
    assert.equal(user.id, response.body().data.id)
    assert.equal(user.role, 'staff')
    assert.equal(user.accountType, 'staff')
    assert.equal(user.status, 'pending')
    assert.equal(user.name, 'Kim Minji')
    assert.equal(user.phone, '01012345678')
    assert.equal(user.sex, 'female')
    assert.equal(user.locale, 'en')
  })

  test('the staff member joins the chosen team (not as its manager)', async ({
    client,
    assert,
  }) => {
    await client.post('/api/user/register').form(staffRegistration())

    const user = await User.findByOrFail('email', 'minji@example.com')
    await user.load('teams')
    assert.deepEqual(
      user.teams.map((team) => [team.key, Boolean(team.$extras.pivot_is_manager)]),
      [['cp2', false]]
    )
  })

  test('the register code use is counted', async ({ client, assert }) => {
    await client.post('/api/user/register').form(staffRegistration())
    const code = await RegisterCode.findByOrFail('code', CODE)
    assert.equal(code.usedCount, 1)
  })

  test('the password is stored hashed', async ({ client, assert }) => {
    await client.post('/api/user/register').form(staffRegistration())
    const row = await db.from('users').where('email', 'minji@example.com').firstOrFail()
    assert.notEqual(row.password, PASSWORD)
    assert.notInclude(row.password, PASSWORD)
    assert.isTrue(await hash.verify(row.password, PASSWORD))
  })

  test('the registration is recorded in the audit log', async ({ client, assert }) => {
    const response = await client.post('/api/user/register').form(staffRegistration())
    const code = await RegisterCode.findByOrFail('code', CODE)
    const row = await AuditLog.query().where('action', 'user.register').firstOrFail()
    assert.equal(row.userId, response.body().data.id)
    assert.deepEqual(row.meta, { account_type: 'staff', register_code_id: code.id })
    assert.notInclude(JSON.stringify(row.serialize()), PASSWORD)
  })

  test('the account keeps the language it registered in', async ({ client, assert }) => {
    const response = await client
      .post('/api/user/register')
      .header('lang', 'kr')
      .form(staffRegistration())
    response.assertStatus(201)
    response.assertBodyContains({
      message: '가입 신청이 접수되었습니다. 권한 부여에는 시간이 걸릴 수 있습니다.',
    })
    const user = await User.findByOrFail('email', 'minji@example.com')
    assert.equal(user.locale, 'ko')
  })

  test('a JSON body works too, with terms as a boolean', async ({ client }) => {
    const response = await client
      .post('/api/user/register')
      .json(staffRegistration({ terms: true }))
    response.assertStatus(201)
  })

  test('a newly registered user cannot log in yet (status 2)', async ({ client }) => {
    await client.post('/api/user/register').form(staffRegistration())
    const response = await loginAttempt(client, {
      account: 'minji@example.com',
      password: PASSWORD,
    })
    response.assertStatus(403)
    response.assertBodyContains({ status: 2 })
  })

  test('a wrong register code answers 422 "The register code is wrong."', async ({
    client,
    assert,
  }) => {
    const before = await rowCount('users')
    const response = await client
      .post('/api/user/register')
      .form(staffRegistration({ register_code: 'NOPE-0000' }))
    response.assertStatus(422)
    response.assertBody({ status: 422, message: CODE_WRONG })
    assert.equal(await rowCount('users'), before)
  })

  test('the wrong-code message follows the language', async ({ client }) => {
    const response = await client
      .post('/api/user/register')
      .header('lang', 'kr')
      .form(staffRegistration({ register_code: 'NOPE-0000' }))
    response.assertStatus(422)
    response.assertBody({ status: 422, message: '가입 코드가 올바르지 않습니다.' })
  })

  test('a lowercase code answers that it must be all capitals', async ({ client }) => {
    const response = await client
      .post('/api/user/register')
      .form(staffRegistration({ register_code: CODE.toLowerCase() }))
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'The register code must be all capitals' })
  })

  test('a missing register code is refused', async ({ client }) => {
    const payload = without(staffRegistration(), 'register_code')
    const response = await client.post('/api/user/register').form(payload)
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'The register code field is required' })
  })

  test('a revoked code is refused', async ({ client, assert }) => {
    const code = await RegisterCode.findByOrFail('code', CODE)
    code.revokedAt = DateTime.utc().minus({ minutes: 1 })
    await code.save()

    const response = await client.post('/api/user/register').form(staffRegistration())
    response.assertStatus(422)
    response.assertBody({ status: 422, message: CODE_WRONG })
    assert.isNull(await User.findBy('email', 'minji@example.com'))
  })

  test('an expired code is refused', async ({ client }) => {
    const code = await RegisterCode.findByOrFail('code', CODE)
    code.expiresAt = DateTime.utc().minus({ days: 1 })
    await code.save()

    const response = await client.post('/api/user/register').form(staffRegistration())
    response.assertStatus(422)
    response.assertBody({ status: 422, message: CODE_WRONG })
  })

  test('a used-up code is refused and its count stays', async ({ client, assert }) => {
    const code = await RegisterCode.findByOrFail('code', CODE)
    code.maxUses = 2
    code.usedCount = 2
    await code.save()

    const response = await client.post('/api/user/register').form(staffRegistration())
    response.assertStatus(422)
    response.assertBody({ status: 422, message: CODE_WRONG })
    await code.refresh()
    assert.equal(code.usedCount, 2)
  })

  test('a code with one use left takes exactly one more registration', async ({ client }) => {
    const code = await RegisterCode.findByOrFail('code', CODE)
    code.maxUses = 1
    await code.save()

    const first = await client.post('/api/user/register').form(staffRegistration())
    first.assertStatus(201)
    const second = await client
      .post('/api/user/register')
      .form(staffRegistration({ email: 'second@example.com' }))
    second.assertStatus(422)
    second.assertBody({ status: 422, message: CODE_WRONG })
  })

  test('a code bound to a team only registers people into that team', async ({
    client,
    assert,
  }) => {
    const code = await RegisterCode.findByOrFail('code', CODE)
    const cp1 = await db.from('teams').where('key', 'cp1').first()
    code.teamId = cp1.id
    await code.save()

    const elsewhere = await client
      .post('/api/user/register')
      .form(staffRegistration({ team: 'cp2' }))
    elsewhere.assertStatus(422)
    elsewhere.assertBodyContains({
      status: 422,
      message:
        'This register code belongs to the CP 1 team. Choose that team or ask for another code.',
    })
    await code.refresh()
    assert.equal(code.usedCount, 0, 'a refused registration does not use the code')

    const right = await client.post('/api/user/register').form(staffRegistration({ team: 'cp1' }))
    right.assertStatus(201)
  })

  test('missing terms answer "You must agree to the terms"', async ({ client }) => {
    const payload = without(staffRegistration(), 'terms')
    const response = await client.post('/api/user/register').form(payload)
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'You must agree to the terms' })
  })

  test('refused terms answer "You must agree to the terms"', async ({ client }) => {
    const response = await client
      .post('/api/user/register')
      .form(staffRegistration({ terms: 'false' }))
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'You must agree to the terms' })
  })

  test('an invalid email is refused', async ({ client }) => {
    const response = await client
      .post('/api/user/register')
      .form(staffRegistration({ email: 'minji-at-example' }))
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'The email is not valid' })
  })

  test('an email that is already registered is refused, whatever its case', async ({
    client,
    assert,
  }) => {
    await UserFactory.merge({ email: 'taken@example.com' }).create()
    const response = await client
      .post('/api/user/register')
      .form(staffRegistration({ email: 'Taken@Example.com' }))
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'This email is already registered' })
    const code = await RegisterCode.findByOrFail('code', CODE)
    assert.equal(code.usedCount, 0)
  })

  test('a phone with non-digits answers "digits only"', async ({ client }) => {
    const response = await client
      .post('/api/user/register')
      .form(staffRegistration({ phone: '010-1234-5678' }))
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'The phone number accepts digits only' })
  })

  test('a password confirmation that does not match is refused', async ({ client, assert }) => {
    const response = await client
      .post('/api/user/register')
      .form(staffRegistration({ password_confirmation: 'something-else' }))
    response.assertStatus(422)
    response.assertBodyContains({
      status: 422,
      message: 'The password confirmation does not match',
    })
    assert.isNull(await User.findBy('email', 'minji@example.com'))
  })

  test('a short password is refused', async ({ client }) => {
    const response = await client
      .post('/api/user/register')
      .form(staffRegistration({ password: 'short', password_confirmation: 'short' }))
    response.assertStatus(422)
    response.assertBodyContains({
      status: 422,
      message: 'The password field must be at least 8 characters',
    })
  })

  test('a missing name is refused', async ({ client }) => {
    const response = await client.post('/api/user/register').form(staffRegistration({ name: '' }))
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'The name field is required' })
  })

  test('a missing or unknown team is refused', async ({ client }) => {
    const missing = await client.post('/api/user/register').form(staffRegistration({ team: '' }))
    missing.assertStatus(422)
    missing.assertBodyContains({ status: 422, message: 'The team field is required' })

    const unknown = await client
      .post('/api/user/register')
      .form(staffRegistration({ team: 'marketing' }))
    unknown.assertStatus(422)
    unknown.assertBodyContains({
      status: 422,
      message: 'The team field must be one of the listed values',
    })
  })

  test('a creator registers with a channel name and no code', async ({ client, assert }) => {
    const response = await client.post('/api/user/register').form(creatorRegistration())

    response.assertStatus(201)
    response.assertBodyContains({
      status: 0,
      data: { email: 'creator@example.com', status: 'pending' },
    })
    const user = await User.findByOrFail('email', 'creator@example.com')
    assert.equal(user.role, 'creator')
    assert.equal(user.accountType, 'creator')
    assert.equal(user.channelName, 'Minji Daily')
    assert.isNull(user.companyName)
    await user.load('teams')
    assert.lengthOf(user.teams, 0)
    const code = await RegisterCode.findByOrFail('code', CODE)
    assert.equal(code.usedCount, 0)
  })

  test('a creator without a channel name is refused', async ({ client }) => {
    const response = await client
      .post('/api/user/register')
      .form(creatorRegistration({ channel_name: '' }))
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'The channel name field is required' })
  })

  test('a company registers with a company name', async ({ client, assert }) => {
    const response = await client.post('/api/user/register').form(companyRegistration())

    response.assertStatus(201)
    const user = await User.findByOrFail('email', 'company@example.com')
    assert.equal(user.role, 'company')
    assert.equal(user.accountType, 'company')
    assert.equal(user.companyName, 'Star Media')
    assert.equal(user.status, 'pending')
  })

  test('a company without a company name is refused', async ({ client }) => {
    const payload = without(companyRegistration(), 'company_name')
    const response = await client.post('/api/user/register').form(payload)
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'The company name field is required' })
  })

  test('an unknown account type answers 422', async ({ client, assert }) => {
    const before = await rowCount('users')
    const response = await client
      .post('/api/user/register')
      .form(staffRegistration({ account_type: 'admin' }))
    response.assertStatus(422)
    response.assertBodyContains({
      status: 422,
      message: 'The account type field must be one of the listed values',
    })
    assert.equal(await rowCount('users'), before)
  })

  test('a missing account type answers 422', async ({ client }) => {
    const payload = without(staffRegistration(), 'account_type')
    const response = await client.post('/api/user/register').form(payload)
    response.assertStatus(422)
    response.assertBodyContains({ status: 422, message: 'The account type field is required' })
  })

  test('a registration cannot choose its own role or status', async ({ client, assert }) => {
    const response = await client
      .post('/api/user/register')
      .form(staffRegistration({ role: 'admin', status: 'active', account_type: 'staff' }))
    response.assertStatus(201)
    const user = await User.findByOrFail('email', 'minji@example.com')
    assert.equal(user.role, 'staff')
    assert.equal(user.status, 'pending')
  })
})

test.group('registration / GET /api/resource', (group) => {
  setupFunctionalGroup(group)

  test('key=group answers the 13 teams of SPEC §1 in order, without a token', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/resource').qs({ key: 'group' })

    response.assertStatus(200)
    response.assertBodyContains({ status: 0 })
    const groups = response.body().data.user_group
    assert.deepEqual(
      groups.map((team: { key: string }) => team.key),
      [
        'operations',
        'cp1',
        'cp2',
        'cp3',
        'cp4',
        'ch1',
        'ch2',
        'ch3',
        'contents_creative',
        'shortform',
        'cooperation',
        'business',
        'developer',
      ]
    )
    assert.deepEqual(
      groups.map((team: { name: string }) => team.name),
      [
        'Operations',
        'CP 1',
        'CP 2',
        'CP 3',
        'CP 4',
        'CH 1',
        'CH 2',
        'CH 3',
        'Contents Creative',
        'Shortform',
        'Cooperation',
        'Business',
        'Developer',
      ]
    )
    for (const team of groups) assert.isNumber(team.id)
  })

  test('answers the same with a token and a form content type (as the spec calls it)', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const response = await client
      .get('/api/resource?key=group')
      .header('content-type', 'application/x-www-form-urlencoded')
      .loginAs(user)
    response.assertStatus(200)
    assert.lengthOf(response.body().data.user_group, 13)
  })

  test('key=platform answers the 12 platforms', async ({ client, assert }) => {
    const response = await client.get('/api/resource').qs({ key: 'platform' })
    response.assertStatus(200)
    assert.lengthOf(response.body().data.platform, 12)
    assert.include(response.body().data.platform, 'bilibili')
  })

  test('key=language answers the four languages', async ({ client, assert }) => {
    const response = await client.get('/api/resource').qs({ key: 'language' })
    response.assertStatus(200)
    assert.deepEqual(
      response.body().data.language.map((language: { code: string }) => language.code),
      ['kr', 'ch', 'en', 'jp']
    )
  })

  test('an unknown key answers 422', async ({ client }) => {
    const response = await client.get('/api/resource').qs({ key: 'users' })
    response.assertStatus(422)
    response.assertBodyContains({ status: 422 })
  })

  test('a missing key answers 422', async ({ client }) => {
    const response = await client.get('/api/resource')
    response.assertStatus(422)
    response.assertBodyContains({ status: 422 })
  })
})
