import { test } from '@japa/runner'
import AuditLog from '#models/audit_log'
import { CreatorFactory, withPrivate } from '#database/factories/creator_factory'
import { fakeDrive, setupFunctionalGroup } from '#tests/helpers/functional'
import { assertNoPermission, expectStatus } from '#tests/helpers/requests'
import { SECURITY_CODE, userWithCode } from '#tests/helpers/users'
import { HAS_PDFTOTEXT, pdfOf, pdfText } from '#tests/helpers/pdf'

/** A creator with a Bilibili account and a passport and bank account on file. */
function creatorWithPrivateData() {
  return CreatorFactory.merge({ channelName: 'Minji Cooks' })
    .tap(withPrivate({ passport_no: 'M12345678', bank_account: '110-222-333' }))
    .with('accounts', 1, (account) => account.merge({ platform: 'bilibili', uid: '4567890' }))
    .create()
}

const tokenOf = (link: string) => new URL(link, 'http://studio').searchParams.get('t')!

/**
 * Public document links hand a PDF to anyone who holds them, so making,
 * showing and renewing one needs everything reading the document needs:
 * every private level it prints, and the security code (ASVS 8.2).
 */
test.group('public document links and private data', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(fakeDrive)

  test('staff who may not read a document neither see nor make its public link', async ({
    client,
    assert,
  }) => {
    const manager = await userWithCode('manager')
    const staff = await userWithCode('staff') // may reveal L1 only
    const creator = await creatorWithPrivateData()
    const issued = await client
      .post('/api/documents')
      .loginAs(manager)
      .json({
        creator_id: creator.id,
        kind: 'bilidoc',
        lang: 'en',
        tabs: ['channel', 'personal_l2', 'personal_l3'],
        code: SECURITY_CODE,
      })
    issued.assertStatus(201)
    const id = issued.body().id
    const firstToken = tokenOf(issued.body().link)

    assertNoPermission(await client.get(`/api/documents/${id}/pdf`).loginAs(staff))
    // neither the link itself nor a new one
    const shown = await client.get(`/api/documents/${id}`).loginAs(staff)
    shown.assertStatus(200)
    assert.notProperty(shown.body(), 'link')
    const listed = await client.get('/api/documents').qs({ creator_id: creator.id }).loginAs(staff)
    assert.notProperty(listed.body()[0], 'link')
    assertNoPermission(
      await client.post(`/api/documents/${id}/link`).loginAs(staff).json({ code: SECURITY_CODE })
    )
    // the link made at issue still serves only what the manager shared
    await expectStatus(client.get(`/api/public/documents/${firstToken}/pdf`), 200)
    const shares = await AuditLog.query().where('action', 'document.share')
    assert.lengthOf(shares, 0)
  })

  test('renewing the link of a document that prints private data asks the code', async ({
    client,
    assert,
  }) => {
    const manager = await userWithCode('manager')
    const creator = await creatorWithPrivateData()
    const issued = await client
      .post('/api/documents')
      .loginAs(manager)
      .json({
        creator_id: creator.id,
        kind: 'bilidoc',
        lang: 'en',
        tabs: ['channel', 'personal_l2', 'personal_l3'],
        code: SECURITY_CODE,
      })
    const id = issued.body().id
    assert.equal(issued.body().link_created_by.id, manager.id)
    assert.isString(issued.body().link_created_at)

    const noCode = await client.post(`/api/documents/${id}/link`).loginAs(manager)
    noCode.assertStatus(422)
    assert.equal(
      noCode.body().message,
      'This document prints private data: enter your security code.'
    )
    const wrong = await client
      .post(`/api/documents/${id}/link`)
      .loginAs(manager)
      .json({ code: '999999' })
    wrong.assertStatus(422)
    // a refused renewal leaves the old link working
    await expectStatus(client.get(`/api/public/documents/${tokenOf(issued.body().link)}`), 200)

    const renewed = await client
      .post(`/api/documents/${id}/link`)
      .loginAs(manager)
      .json({ code: SECURITY_CODE })
    renewed.assertStatus(200)
    assert.equal(renewed.body().link_created_by.id, manager.id)
    const token = tokenOf(renewed.body().link)
    const share = await AuditLog.query().where('action', 'document.share').firstOrFail()
    assert.equal(share.userId, manager.id)
    assert.deepEqual((share.meta as any).levels, ['L2', 'L3'])
    const reveals = await AuditLog.query()
      .where('action', 'creator.reveal')
      .orderBy('id')
      .then((rows) => rows.map((row) => row.meta as any))
    assert.includeDeepMembers(reveals, [
      { level: 'L2', purpose: 'document_link' },
      { level: 'L3', purpose: 'document_link' },
    ])
    const pdf = await client.get(`/api/public/documents/${token}/pdf`)
    pdf.assertStatus(200)
    if (HAS_PDFTOTEXT) assert.include(pdfText(pdfOf(pdf)), '110-222-333')
  })

  test('a document without private data is shared without a code, by any staff', async ({
    client,
    assert,
  }) => {
    const staff = await userWithCode('staff')
    const creator = await creatorWithPrivateData()
    const issued = await client
      .post('/api/documents')
      .loginAs(staff)
      .json({ creator_id: creator.id, kind: 'bilidoc', lang: 'en', tabs: ['channel'] })
    issued.assertStatus(201)
    const renewed = await client.post(`/api/documents/${issued.body().id}/link`).loginAs(staff)
    renewed.assertStatus(200)
    assert.equal(renewed.body().link_created_by.id, staff.id)
  })

  test('a re-issued document stops serving its superseded PDF by its old link', async ({
    client,
    assert,
  }) => {
    const manager = await userWithCode('manager')
    const creator = await creatorWithPrivateData()
    const issued = await client
      .post('/api/documents')
      .loginAs(manager)
      .json({ creator_id: creator.id, kind: 'bilidoc', lang: 'en', tabs: ['channel'] })
    const oldToken = tokenOf(issued.body().link)
    await expectStatus(client.get(`/api/public/documents/${oldToken}/pdf`), 200)

    const reissued = await client
      .post(`/api/documents/${issued.body().id}/reissue`)
      .loginAs(manager)
    reissued.assertStatus(201)
    await expectStatus(client.get(`/api/public/documents/${oldToken}/pdf`), 404)
    await expectStatus(client.get(`/api/public/documents/${oldToken}`), 404)
    const old = await client.get(`/api/documents/${issued.body().id}`).loginAs(manager)
    assert.include(old.body(), { shared: false, link: null })
    // the new document has a link of its own, and the old one gets none again
    await expectStatus(
      client.get(`/api/public/documents/${tokenOf(reissued.body().link)}/pdf`),
      200
    )
    await expectStatus(client.post(`/api/documents/${issued.body().id}/link`).loginAs(manager), 409)
  })
})
