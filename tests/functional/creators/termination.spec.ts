import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import AuditLog from '#models/audit_log'
import studioConfig from '#config/studio'
import { CreatorFactory } from '#database/factories/creator_factory'
import { setupGroupWith } from '#tests/helpers/functional'
import { SECURITY_CODE, userWithCode } from '#tests/helpers/users'
import { setTerminationCode, TERMINATION_CODE } from '#tests/helpers/creators'

test.group('creators / termination', (group) => {
  const given = setupGroupWith(group, async () => ({
    admin: await userWithCode('admin'),
    creator: await CreatorFactory.create(),
  }))

  test('a wrong termination code answers "Termination code error" and changes nothing', async ({
    client,
    assert,
  }) => {
    await setTerminationCode()

    const messages: Record<string, string> = {
      en: 'Termination code error',
      kr: '해지 코드 오류',
      ch: '解约码错误',
      jp: '解約コードエラー',
    }
    for (const [lang, message] of Object.entries(messages)) {
      const response = await client
        .post(`/api/creators/${given.creator.id}/terminate`)
        .header('lang', lang)
        .loginAs(given.admin)
        .json({ termination_code: '11112222' })
      response.assertStatus(422)
      response.assertBody({ status: 422, message })
    }
    await given.creator.refresh()
    assert.equal(given.creator.contractStatus, 'valid')
    assert.isNull(given.creator.cancelDate)
    const failed = await AuditLog.query().where('action', 'creator.terminate_failed')
    assert.lengthOf(failed, 4)
    assert.equal(failed[0].subjectId, String(given.creator.id))

    // the fifth failure blocks even the right code for a while
    await client
      .post(`/api/creators/${given.creator.id}/terminate`)
      .loginAs(given.admin)
      .json({ termination_code: '11112222' })
    const blocked = await client
      .post(`/api/creators/${given.creator.id}/terminate`)
      .loginAs(given.admin)
      .json({ termination_code: TERMINATION_CODE })
    blocked.assertStatus(429)
    await given.creator.refresh()
    assert.equal(given.creator.contractStatus, 'valid')
  })

  test('the right code terminates: status terminated, cancel date recorded, audited', async ({
    client,
    assert,
  }) => {
    const dated = await CreatorFactory.create()
    await setTerminationCode()

    const response = await client
      .post(`/api/creators/${given.creator.id}/terminate`)
      .loginAs(given.admin)
      .json({ termination_code: TERMINATION_CODE })
    response.assertStatus(200)
    const today = DateTime.now().setZone(studioConfig.timezone).toISODate()
    assert.containsSubset(response.body(), {
      id: given.creator.id,
      contract_status: 'terminated',
      cancel_date: today,
    })
    const row = await db.from('creators').where('id', given.creator.id).first()
    assert.equal(row.contract_status, 'terminated')

    const audit = await AuditLog.query().where('action', 'creator.terminate').firstOrFail()
    assert.equal(audit.subjectId, String(given.creator.id))
    assert.equal(audit.userId, given.admin.id)
    assert.deepEqual(audit.meta, { cancel_date: today })

    const withDate = await client
      .post(`/api/creators/${dated.id}/terminate`)
      .loginAs(given.admin)
      .json({ termination_code: TERMINATION_CODE, cancel_date: '2026-01-31' })
    withDate.assertStatus(200)
    assert.equal(withDate.body().cancel_date, '2026-01-31')

    const again = await client
      .post(`/api/creators/${given.creator.id}/terminate`)
      .loginAs(given.admin)
      .json({ termination_code: TERMINATION_CODE })
    again.assertStatus(409)
    again.assertBody({ status: 409, message: 'This contract is already terminated.' })
  })

  test('the cancel date is a date not before the contract date', async ({ client, assert }) => {
    const creator = await CreatorFactory.merge({
      contractDate: DateTime.fromISO('2025-06-01'),
    }).create()
    await setTerminationCode()
    for (const [cancelDate, rule] of [
      ['2025-05-31', 'date.afterOrEqual'],
      ['2025-13-01', 'date'],
      ['yesterday', 'date'],
    ]) {
      const response = await client
        .post(`/api/creators/${creator.id}/terminate`)
        .loginAs(given.admin)
        .json({ termination_code: TERMINATION_CODE, cancel_date: cancelDate })
      response.assertStatus(422)
      assert.equal(response.body().errors[0].rule, rule)
    }
    const first = await client
      .post(`/api/creators/${creator.id}/terminate`)
      .loginAs(given.admin)
      .json({ termination_code: TERMINATION_CODE, cancel_date: '2025-05-31' })
    assert.equal(first.body().message, 'The cancel date cannot be before the contract date')
  })

  test('without a studio termination code nothing can be terminated', async ({ client }) => {
    const response = await client
      .post(`/api/creators/${given.creator.id}/terminate`)
      .loginAs(given.admin)
      .json({ termination_code: TERMINATION_CODE })
    response.assertStatus(409)
    response.assertBodyContains({ status: 409 })
  })

  test('admins set the termination code with their own security code', async ({
    client,
    assert,
  }) => {
    const status = await client.get('/api/settings/termination-code').loginAs(given.admin)
    status.assertBody({ status: 0, data: { configured: false, updated_at: null } })

    const wrongCode = await client
      .put('/api/settings/termination-code')
      .loginAs(given.admin)
      .json({ code: '55667788', code_confirmation: '55667788', security_code: '000000' })
    wrongCode.assertStatus(422)
    wrongCode.assertBody({ status: 422, message: 'The security code is wrong.' })

    const mismatch = await client
      .put('/api/settings/termination-code')
      .loginAs(given.admin)
      .json({ code: '55667788', code_confirmation: '55667789', security_code: SECURITY_CODE })
    mismatch.assertStatus(422)
    const short = await client
      .put('/api/settings/termination-code')
      .loginAs(given.admin)
      .json({ code: '5566', code_confirmation: '5566', security_code: SECURITY_CODE })
    short.assertStatus(422)

    const set = await client
      .put('/api/settings/termination-code')
      .loginAs(given.admin)
      .json({ code: '55667788', code_confirmation: '55667788', security_code: SECURITY_CODE })
    set.assertStatus(200)
    assert.isTrue(set.body().data.configured)
    assert.isString(set.body().data.updated_at)
    const stored = await db.from('studio_settings').where('key', 'termination_code').first()
    assert.notEqual(stored.value, '55667788')
    assert.notInclude(stored.value, '55667788')
    assert.equal(stored.updated_by, given.admin.id)
    assert.isNotNull(await AuditLog.findBy('action', 'termination_code.set'))

    const terminated = await client
      .post(`/api/creators/${given.creator.id}/terminate`)
      .loginAs(given.admin)
      .json({ termination_code: '55667788' })
    terminated.assertStatus(200)
    assert.equal(terminated.body().contract_status, 'terminated')
  })
})
