import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import AuditLog from '#models/audit_log'
import IssuedDocument from '#models/issued_document'
import Letter from '#models/letter'
import { CreatorFactory, withPrivate } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { fakeDrive, setupFunctionalGroup } from '#tests/helpers/functional'
import { assertClientError, assertNoPermission, expectStatus } from '#tests/helpers/requests'
import { SECURITY_CODE, userWithCode } from '#tests/helpers/users'
import { HAS_PDFTOTEXT, NO_PDFTOTEXT, pdfOf, pdfText } from '#tests/helpers/pdf'

const YEAR = DateTime.utc().year

let uids = 3_456_789

/** A creator with a Bilibili account (uid 3456789 for the first of a test) and known private data. */
function creatorWithData(fields: Record<string, unknown> = {}) {
  const uid = String(uids++)
  return CreatorFactory.merge({
    contractorName: '김민지',
    channelName: 'Minji Cooks',
    channelNameZh: '敏智美食',
    ...fields,
  })
    .tap(
      withPrivate({ phone: '01012345678', passport_no: 'M12345678', bank_account: '110-222-333' })
    )
    .with('accounts', 1, (account) => account.merge({ platform: 'bilibili', uid }))
    .create()
}

/** The token of a public link path (`/bilidoc?t=…`). */
const tokenOf = (link: string) => new URL(link, 'http://studio').searchParams.get('t')!

test.group('issued documents', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(fakeDrive)
  group.each.setup(() => {
    uids = 3_456_789
  })

  test('an issued document is numbered per kind and year, stored, listed and downloadable', async ({
    client,
    assert,
  }) => {
    const manager = await userWithCode('manager')
    const creator = await creatorWithData()
    const issue = (kind: string, lang = 'ko') =>
      client.post('/api/documents').loginAs(manager).json({ creator_id: creator.id, kind, lang })

    const first = await issue('bilidoc')
    first.assertStatus(201)
    assert.include(first.body(), {
      number: `BD-${YEAR}-0001`,
      kind: 'bilidoc',
      lang: 'ko',
      status: 'issued',
      title: '빌리빌리 채널 확인서',
      shared: true,
    })
    assert.deepEqual(first.body().tabs, ['channel', 'platform_account'])
    assert.match(first.body().link, /^\/bilidoc\?t=[A-Za-z0-9_-]{43}$/)
    const second = await issue('bilidoc', 'en')
    assert.equal(second.body().number, `BD-${YEAR}-0002`)
    const third = await issue('authorization_doc', 'zh')
    assert.equal(third.body().number, `AD-${YEAR}-0001`)

    const list = await client.get('/api/documents').qs({ creator_id: creator.id }).loginAs(manager)
    list.assertStatus(200)
    assert.equal(list.header('x-total-count'), '3')
    assert.deepEqual(
      list.body().map((row: any) => row.number),
      [`AD-${YEAR}-0001`, `BD-${YEAR}-0002`, `BD-${YEAR}-0001`]
    )
    const onlyBd = await client.get('/api/documents').qs({ kind: 'bilidoc' }).loginAs(manager)
    assert.equal(onlyBd.header('x-total-count'), '2')

    const download = await client.get(`/api/documents/${first.body().id}/pdf`).loginAs(manager)
    download.assertStatus(200)
    assert.equal(download.header('content-type'), 'application/pdf')
    assert.include(download.header('content-disposition'), `BD-${YEAR}-0001.pdf`)
    const pdf = pdfOf(download)
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-')
    assert.equal(pdf.length, first.body().file_size)
    const audit = await AuditLog.query().where('action', 'document.issue').count('* as total')
    assert.equal(Number(audit[0].$extras.total), 3)
  })

  test('the PDF prints the creator, the tabs and the number', async ({ client, assert }) => {
    const manager = await userWithCode('manager')
    const creator = await creatorWithData()
    const issued = await client
      .post('/api/documents')
      .loginAs(manager)
      .json({ creator_id: creator.id, kind: 'bilidoc', lang: 'ko' })
    const text = pdfText(
      pdfOf(await client.get(`/api/documents/${issued.body().id}/pdf`).loginAs(manager))
    )
    for (const expected of [
      '빌리빌리 채널 확인서',
      `BD-${YEAR}-0001`,
      '김민지',
      'Minji Cooks',
      '敏智美食',
      '빌리빌리 계정',
      '3456789',
    ]) {
      assert.include(text, expected)
    }
    assert.notInclude(text, '01012345678')
  }).skip(!HAS_PDFTOTEXT, NO_PDFTOTEXT)

  test('a re-issue gets a new number and keeps the old one; a revoked one is not re-issued', async ({
    client,
    assert,
  }) => {
    const staff = await userWithCode('staff')
    const manager = await userWithCode('manager')
    const creator = await creatorWithData()
    const first = await client
      .post('/api/documents')
      .loginAs(staff)
      .json({ creator_id: creator.id, kind: 'xiguaright_doc', lang: 'ja', note: 'for Xigua' })
    first.assertStatus(201)
    const again = await client.post(`/api/documents/${first.body().id}/reissue`).loginAs(staff)
    again.assertStatus(201)
    assert.include(again.body(), {
      number: `XR-${YEAR}-0002`,
      kind: 'xiguaright_doc',
      lang: 'ja',
      note: 'for Xigua',
      replaces_id: first.body().id,
    })
    const old = await client.get(`/api/documents/${first.body().id}`).loginAs(staff)
    assert.include(old.body(), { status: 'issued', replaced_by_id: again.body().id })
    const twice = await client.post(`/api/documents/${first.body().id}/reissue`).loginAs(staff)
    twice.assertStatus(409)
    assertClientError(twice, assert)

    assertNoPermission(await client.post(`/api/documents/${again.body().id}/revoke`).loginAs(staff))
    const revoked = await client.post(`/api/documents/${again.body().id}/revoke`).loginAs(manager)
    revoked.assertStatus(200)
    assert.include(revoked.body(), { status: 'revoked', shared: false, link: null })
    assert.isNotNull(revoked.body().revoked_at)
    const list = await client.get('/api/documents').loginAs(staff)
    assert.equal(list.header('x-total-count'), '2')
    await client
      .post(`/api/documents/${again.body().id}/reissue`)
      .loginAs(staff)
      .then((response) => response.assertStatus(409))
    const stillDownloadable = await client
      .get(`/api/documents/${again.body().id}/pdf`)
      .loginAs(staff)
    stillDownloadable.assertStatus(200)
  })

  test('the public link shows the document until it is revoked or replaced', async ({
    client,
    assert,
  }) => {
    const manager = await userWithCode('manager')
    const creator = await creatorWithData()
    const issued = await client
      .post('/api/documents')
      .loginAs(manager)
      .json({ creator_id: creator.id, kind: 'bilidoc_hh', lang: 'zh', code: SECURITY_CODE })
    issued.assertStatus(201)
    const token = tokenOf(issued.body().link)
    assert.match(issued.body().link, /^\/bilidoc_hh\?/)

    const page = await client.get(`/api/public/documents/${token}`)
    page.assertStatus(200)
    assert.deepEqual(Object.keys(page.body()).sort(), [
      'channel_name',
      'file_size',
      'issued_at',
      'kind',
      'lang',
      'month',
      'number',
      'title',
    ])
    assert.include(page.body(), {
      number: `BC-${YEAR}-0001`,
      title: '哔哩哔哩频道管理合同',
      channel_name: 'Minji Cooks',
    })
    assert.equal(page.header('cache-control'), 'no-store')
    const pdf = await client.get(`/api/public/documents/${token}/pdf`)
    pdf.assertStatus(200)
    assert.equal(pdf.header('content-type'), 'application/pdf')
    assert.include(pdf.header('content-disposition'), 'inline')

    // A new link replaces the old one; unsharing ends it.
    // it prints the contact level: a new link asks the code, as issuing did
    const shared = await client
      .post(`/api/documents/${issued.body().id}/link`)
      .loginAs(manager)
      .json({ code: SECURITY_CODE })
    const newToken = tokenOf(shared.body().link)
    assert.notEqual(newToken, token)
    const gone = await client.get(`/api/public/documents/${token}`).header('accept-language', 'ko')
    gone.assertStatus(404)
    assert.equal(gone.body().message, '존재하지 않거나 폐기된 문서 링크입니다.')
    await expectStatus(client.get(`/api/public/documents/${newToken}`), 200)
    const unshared = await client.delete(`/api/documents/${issued.body().id}/link`).loginAs(manager)
    assert.include(unshared.body(), { shared: false, link: null })
    await expectStatus(client.get(`/api/public/documents/${newToken}`), 404)

    // Revoking the document ends a link too, and no link is made for it again.
    const relinked = await client
      .post(`/api/documents/${issued.body().id}/link`)
      .loginAs(manager)
      .json({ code: SECURITY_CODE })
    const lastToken = tokenOf(relinked.body().link)
    await expectStatus(client.get(`/api/public/documents/${lastToken}/pdf`), 200)
    await client.post(`/api/documents/${issued.body().id}/revoke`).loginAs(manager)
    const afterRevoke = await client.get(`/api/public/documents/${lastToken}/pdf`)
    afterRevoke.assertStatus(404)
    assert.equal(
      afterRevoke.body().message,
      'This document link does not exist or has been revoked.'
    )
    const refused = await client
      .post(`/api/documents/${issued.body().id}/link`)
      .loginAs(manager)
      .json({ code: SECURITY_CODE })
    refused.assertStatus(409)
    assertClientError(refused, assert)
  })

  test('unknown and malformed tokens answer 404, and public requests are rate limited', async ({
    client,
    assert,
  }) => {
    for (const token of ['x'.repeat(43), 'short', 'x'.repeat(42) + '!']) {
      const response = await client.get(`/api/public/documents/${encodeURIComponent(token)}`)
      response.assertStatus(404)
      assertClientError(response, assert)
    }
    const statuses: number[] = []
    for (let index = 0; index < 30; index++) {
      const response = await client.get(`/api/public/documents/${'y'.repeat(43)}`)
      statuses.push(response.status())
    }
    assert.deepEqual([...new Set(statuses)], [404, 429])
    const limited = await client.get(`/api/public/documents/${'z'.repeat(43)}/pdf`)
    limited.assertStatus(429)
    assertClientError(limited, assert)
  })

  test('private tabs: only people who may reveal the level issue them, with their code', async ({
    client,
    assert,
  }) => {
    const staff = await userWithCode('staff')
    const manager = await userWithCode('manager')
    const creator = await creatorWithData()
    const hh = { creator_id: creator.id, kind: 'bilidoc_hh', lang: 'en' }

    const noCode = await client.post('/api/documents').loginAs(staff).json(hh)
    noCode.assertStatus(422)
    assert.equal(
      noCode.body().message,
      'This document prints private data: enter your security code.'
    )
    const wrong = await client
      .post('/api/documents')
      .loginAs(staff)
      .json({ ...hh, code: '999999' })
    wrong.assertStatus(422)
    const failed = await AuditLog.query().where('action', 'creator.reveal_failed').first()
    assert.isNotNull(failed)

    const ok = await client
      .post('/api/documents')
      .loginAs(staff)
      .json({ ...hh, code: SECURITY_CODE })
    ok.assertStatus(201)
    const reveal = await AuditLog.query().where('action', 'creator.reveal').firstOrFail()
    assert.include(reveal.meta as any, { level: 'L1', purpose: 'document' })

    const l3 = { ...hh, tabs: ['channel', 'personal_l3'], code: SECURITY_CODE }
    assertNoPermission(await client.post('/api/documents').loginAs(staff).json(l3))
    const byManager = await client.post('/api/documents').loginAs(manager).json(l3)
    byManager.assertStatus(201)
    // Staff, who may reveal L1 only, do not download a PDF that prints L3.
    assertNoPermission(await client.get(`/api/documents/${byManager.body().id}/pdf`).loginAs(staff))
    // A re-issue prints the same private data: the code again.
    const reissue = await client
      .post(`/api/documents/${byManager.body().id}/reissue`)
      .loginAs(manager)
    reissue.assertStatus(422)
    assertNoPermission(
      await client
        .post(`/api/documents/${byManager.body().id}/reissue`)
        .loginAs(staff)
        .json({ code: SECURITY_CODE })
    )
    if (HAS_PDFTOTEXT) {
      const withPhone = pdfText(
        pdfOf(await client.get(`/api/documents/${ok.body().id}/pdf`).loginAs(staff))
      )
      assert.include(withPhone, '01012345678')
      const withBank = pdfText(
        pdfOf(await client.get(`/api/documents/${byManager.body().id}/pdf`).loginAs(manager))
      )
      assert.include(withBank, '110-222-333')
      assert.notInclude(withBank, 'M12345678')
    }
  })

  test('a creator account sees only its own documents, a company account none', async ({
    client,
    assert,
  }) => {
    const manager = await userWithCode('manager')
    const account = await UserFactory.apply('creator').create()
    const own = await creatorWithData({ userId: account.id })
    const other = await creatorWithData({ contractorName: '박서준' })
    const issue = (creatorId: number) =>
      client
        .post('/api/documents')
        .loginAs(manager)
        .json({ creator_id: creatorId, kind: 'authorization_doc', lang: 'ko' })
    const issuedMine = await issue(own.id)
    const issuedTheirs = await issue(other.id)
    const mine = issuedMine.body()
    const theirs = issuedTheirs.body()

    const list = await client.get('/api/documents').loginAs(account)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().map((row: any) => row.id),
      [mine.id]
    )
    assert.notProperty(list.body()[0], 'link')
    await expectStatus(client.get(`/api/documents/${mine.id}/pdf`).loginAs(account), 200)
    await expectStatus(client.get(`/api/documents/${theirs.id}`).loginAs(account), 404)
    await expectStatus(client.get(`/api/documents/${theirs.id}/pdf`).loginAs(account), 404)
    assertNoPermission(
      await client
        .post('/api/documents')
        .loginAs(account)
        .json({ creator_id: own.id, kind: 'bilidoc', lang: 'ko' })
    )
    assertNoPermission(await client.post(`/api/documents/${mine.id}/link`).loginAs(account))
    assertNoPermission(await client.post(`/api/documents/${mine.id}/revoke`).loginAs(account))

    const company = await UserFactory.apply('company').create()
    assertNoPermission(await client.get('/api/documents').loginAs(company))
    assertNoPermission(await client.get(`/api/documents/${mine.id}/pdf`).loginAs(company))
    assertNoPermission(await client.get('/api/letter-events/monthly').loginAs(company))
  })

  test('bad input answers 4xx with a translated message', async ({ client, assert }) => {
    const manager = await userWithCode('manager')
    const creator = await creatorWithData()
    const bad: Record<string, unknown>[] = [
      {},
      { creator_id: creator.id, kind: 'passport', lang: 'ko' },
      { creator_id: creator.id, kind: 'bilidoc', lang: 'fr' },
      { creator_id: creator.id, kind: 'bilidoc', lang: 'ko', tabs: ['diary'] },
      { creator_id: creator.id, kind: 'bilidoc', lang: 'ko', tabs: [] },
      { creator_id: creator.id, kind: 'bilidoc', lang: 'ko', tabs: ['channel', 'channel'] },
      { creator_id: creator.id, kind: 'monthly_letter', lang: 'ko', month: '2026-13' },
      { creator_id: creator.id, kind: 'bilidoc', lang: 'ko', note: 'x'.repeat(501) },
      { creator_id: 'one', kind: 'bilidoc', lang: 'ko' },
    ]
    for (const body of bad) {
      const response = await client
        .post('/api/documents')
        .loginAs(manager)
        .header('accept-language', 'ja')
        .json(body)
      response.assertStatus(422)
      assertClientError(response, assert, JSON.stringify(body))
    }
    // an item of a list is named as its list, not by its index
    const item = await client
      .post('/api/documents')
      .loginAs(manager)
      .header('accept-language', 'en')
      .json({ creator_id: creator.id, kind: 'bilidoc', lang: 'ko', tabs: ['channel', 'diary'] })
    item.assertStatus(422)
    const said = JSON.stringify(item.body())
    assert.include(said, 'information tabs')
    assert.notInclude(said, 'The 1 ')
    const unknown = await client
      .post('/api/documents')
      .loginAs(manager)
      .header('accept-language', 'zh')
      .json({ creator_id: 2_000_000_000, kind: 'bilidoc', lang: 'ko' })
    unknown.assertStatus(422)
    assert.equal(unknown.body().message, '该创作者不存在。')
    for (const url of ['/api/documents/abc', '/api/documents/0/pdf', '/api/documents/99999999']) {
      const response = await client.get(url).loginAs(manager)
      assert.oneOf(response.status(), [404, 422], url)
      assertClientError(response, assert, url)
    }
    const list = await client.get('/api/documents').qs({ kind: 'nope' }).loginAs(manager)
    list.assertStatus(422)
    const monthly = await client.post(`/api/documents`).loginAs(manager).json({
      creator_id: creator.id,
      kind: 'monthly_letter',
      lang: 'ko',
    })
    monthly.assertStatus(201)
    assert.equal(monthly.body().month, DateTime.utc().minus({ months: 1 }).toFormat('yyyy-MM'))
    const noPage = await client.post(`/api/documents/${monthly.body().id}/link`).loginAs(manager)
    noPage.assertStatus(422)
    assertClientError(noPage, assert)
  })

  test('the monthly letter is issued once per creator and month and sent as a private letter', async ({
    client,
    assert,
  }) => {
    const manager = await userWithCode('manager')
    const account = await UserFactory.apply('creator').merge({ locale: 'ja' }).create()
    const creator = await creatorWithData({ userId: account.id })
    const withoutAccount = await creatorWithData()
    const body = { month: '2026-10', creator_ids: [creator.id, withoutAccount.id] }

    const sent = await client.post('/api/letter-events/monthly').loginAs(manager).json(body)
    sent.assertStatus(200)
    assert.equal(sent.body().status, 0)
    assert.equal(sent.body().data.letters, 1)
    assert.equal(sent.body().data.skipped, 0)
    assert.isFalse(sent.body().data.more)
    const issued = sent.body().data.issued
    assert.deepEqual(
      issued.map((row: any) => [row.number, row.lang, row.month, row.title]),
      [
        [`ML-${YEAR}-0001`, 'ja', '2026-10', 'マンスリーレター — 2026年10月'],
        [`ML-${YEAR}-0002`, 'ko', '2026-10', '월간 레터 — 2026년 10월'],
      ]
    )
    const letter = await Letter.query().where('recipient_id', account.id).firstOrFail()
    assert.equal(letter.subject, 'マンスリーレター — 2026年10月')
    assert.include(letter.body, `ML-${YEAR}-0001`)

    const again = await client.post('/api/letter-events/monthly').loginAs(manager).json(body)
    assert.deepEqual([again.body().data.issued.length, again.body().data.skipped], [0, 2])

    const own = await client
      .get('/api/letter-events/monthly')
      .qs({ month: '2026-10' })
      .loginAs(account)
    own.assertStatus(200)
    assert.deepEqual(
      own.body().data.map((row: any) => row.number),
      [`ML-${YEAR}-0001`]
    )
    const bad = await client
      .post('/api/letter-events/monthly')
      .loginAs(manager)
      .json({ month: 'October' })
    bad.assertStatus(422)
    assertClientError(bad, assert)
    assert.lengthOf(await IssuedDocument.query().where('kind', 'monthly_letter'), 2)
  })
})
