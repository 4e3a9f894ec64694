import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import AuditLog from '#models/audit_log'
import { CreatorFactory, withPrivate } from '#database/factories/creator_factory'
import { setupGroupWith } from '#tests/helpers/functional'
import { SECURITY_CODE, userWithCode } from '#tests/helpers/users'
import { creatorPayload } from '#tests/helpers/creators'

/** Every audit row as stored, for "this value is written nowhere". */
async function everyAuditText() {
  return JSON.stringify(await db.from('audit_logs').select('meta'))
}

/** The newest entry of `action`'s meta. */
async function metaOf(action: string): Promise<any> {
  const log = await AuditLog.query().where('action', action).orderBy('id', 'desc').firstOrFail()
  return log.meta
}

test.group('creators / edits in the studio log', (group) => {
  const given = setupGroupWith(group, async () => ({ admin: await userWithCode('admin') }))

  test('a new creator is logged with its fields and accounts; private values only masked', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/api/creators')
      .loginAs(given.admin)
      .json(
        creatorPayload({
          category: 'food',
          phone: '010-2468-1357',
          address: '12 Secret Street, Seoul',
          accounts: [{ platform: 'bilibili', uid: '3493117', token: 'tok-very-secret-123456' }],
        })
      )
    response.assertStatus(201)
    const log = await AuditLog.query().where('action', 'creator.create').firstOrFail()
    assert.equal(log.subjectId, String(response.body().id))
    const meta = log.meta as any
    assert.deepInclude(meta.changes, {
      channel_name: { from: null, to: 'Minji Cooks' },
      category: { from: null, to: 'food' },
      phone: { from: null, to: '010****1357' },
      address: { from: null, to: '****' },
    })
    assert.deepInclude(meta.accounts.bilibili, {
      uid: { from: null, to: '3493117' },
      token: { from: null, to: '****' },
    })
    const stored = await everyAuditText()
    for (const secret of ['2468', 'Secret Street', 'tok-very-secret']) {
      assert.notInclude(stored, secret)
    }
  })

  test('an edit logs each changed field before and after; unchanged ones are left out', async ({
    client,
    assert,
  }) => {
    const creator = await CreatorFactory.merge({ channelName: 'Before', remark: 'same' })
      .tap(withPrivate({ phone: '010-1111-2222', bank_account: '6222021234567890', email: null }))
      .with('accounts', 1, (account) => account.merge({ platform: 'douyin', uid: 'old-uid' }))
      .create()

    const response = await client
      .patch(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({
        channel_name: 'After',
        remark: 'same',
        phone: '010-3333-4444',
        bank_account: '6222021234567890',
        accounts: [{ platform: 'douyin', uid: 'new-uid' }],
        security_code: SECURITY_CODE,
      })
    response.assertStatus(200)
    const meta = await metaOf('creator.update')
    assert.deepEqual(meta.changes, {
      channel_name: { from: 'Before', to: 'After' },
      phone: { from: '010****2222', to: '010****4444' },
    })
    assert.deepEqual(meta.accounts, { douyin: { uid: { from: 'old-uid', to: 'new-uid' } } })
    const stored = await everyAuditText()
    for (const secret of ['1111', '3333', '6222021234567890']) assert.notInclude(stored, secret)

    // a refused edit (wrong code) leaves no entry
    const before = await AuditLog.query().where('action', 'creator.update')
    const refused = await client
      .patch(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({ channel_name: 'Never', security_code: '999999' })
    refused.assertStatus(422)
    assert.lengthOf(await AuditLog.query().where('action', 'creator.update'), before.length)
  })

  test('an account saved on its own and a deleted creator are logged too', async ({
    client,
    assert,
  }) => {
    const creator = await CreatorFactory.tap(withPrivate({ passport_no: 'M12345678' }))
      .with('accounts', 1, (account) => account.merge({ platform: 'xigua', uid: 'x-1', fans: 10 }))
      .create()
    const saved = await client
      .put(`/api/creators/${creator.id}/accounts/xigua`)
      .loginAs(given.admin)
      .json({ uid: 'x-2', token: 'xigua-token-abcdef123', security_code: SECURITY_CODE })
    saved.assertStatus(200)
    const account = await metaOf('creator.account_update')
    assert.equal(account.platform, 'xigua')
    assert.deepEqual(account.changes, {
      uid: { from: 'x-1', to: 'x-2' },
      // the factory's account had a token: a replaced token shows as masks on both sides
      token: { from: '****', to: '****' },
    })

    const removed = await client
      .delete(`/api/creators/${creator.id}`)
      .loginAs(given.admin)
      .json({ security_code: SECURITY_CODE })
    removed.assertStatus(200)
    const deleted = await metaOf('creator.delete')
    assert.deepInclude(deleted.changes, {
      channel_name: { from: creator.channelName, to: null },
      passport_no: { from: '*******78', to: null },
    })
    assert.deepInclude(deleted.accounts.xigua, { uid: { from: 'x-2', to: null } })
    const stored = await everyAuditText()
    assert.notInclude(stored, 'M123456')
    assert.notInclude(stored, 'xigua-token')

    // the studio log lists them
    const list = await client.get('/api/audit-logs').qs({ action: 'creator.' }).loginAs(given.admin)
    list.assertStatus(200)
    const actions = list.body().map((row: { action: string }) => row.action)
    assert.includeMembers(actions, ['creator.account_update', 'creator.delete'])
  })
})
