import { test } from '@japa/runner'
import Notification from '#models/notification'
import type User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { LetterFactory } from '#database/factories/letter_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { expectStatus } from '#tests/helpers/requests'

test.group('private letters', (group) => {
  setupFunctionalGroup(group)

  test('a letter reaches the inbox unread, opening it reads it, and it notifies', async ({
    client,
    assert,
  }) => {
    const sender = await UserFactory.merge({ name: '김민준' }).create()
    const recipient = await UserFactory.create()
    const sent = await client
      .post('/api/letters')
      .loginAs(sender)
      .json({ recipient_id: recipient.id, subject: '촬영 일정', body: '다음 주 화요일 어떠세요?' })
    sent.assertStatus(201)
    const id = sent.body().id

    const inbox = await client.get('/api/letters').loginAs(recipient)
    assert.equal(inbox.header('x-total-count'), '1')
    assert.include(inbox.body()[0], { subject: '촬영 일정', read: false })
    const unread = await client.get('/api/letters/unread').loginAs(recipient)
    assert.equal(unread.body().data.unread, 1)
    const note = await Notification.query().where('user_id', recipient.id).firstOrFail()
    assert.deepEqual(
      [note.kind, note.params.name, note.link],
      ['letter', '김민준', `/app/private_letter?id=${id}`]
    )

    const opened = await client.get(`/api/letters/${id}`).loginAs(recipient)
    assert.equal(opened.body().body, '다음 주 화요일 어떠세요?')
    const after = await client.get('/api/letters/unread').loginAs(recipient)
    assert.equal(after.body().data.unread, 0)
    const sentBox = await client.get('/api/letters').qs({ box: 'sent' }).loginAs(sender)
    assert.lengthOf(sentBox.body(), 1)
  })

  test('replies, own copies deleted, strangers see nothing', async ({ client, assert }) => {
    const a = await UserFactory.create()
    const b = await UserFactory.create()
    const stranger = await UserFactory.create()
    const { id } = await LetterFactory.merge({
      senderId: a.id,
      recipientId: b.id,
      subject: 'Hi',
      body: 'Question',
    }).create()
    await expectStatus(client.get(`/api/letters/${id}`).loginAs(stranger), 404)
    await expectStatus(
      client
        .post('/api/letters')
        .loginAs(stranger)
        .json({ recipient_id: a.id, subject: 'Re', body: 'x', reply_to_id: id }),
      422
    )
    const reply = await client
      .post('/api/letters')
      .loginAs(b)
      .json({ recipient_id: a.id, subject: 'Re: Hi', body: 'Answer', reply_to_id: id })
    reply.assertStatus(201)
    assert.equal(reply.body().reply_to_id, id)
    await expectStatus(client.delete(`/api/letters/${id}`).loginAs(b), 200)
    const inbox = await client.get('/api/letters').loginAs(b)
    assert.lengthOf(inbox.body(), 0)
    const stillSent = await client.get('/api/letters').qs({ box: 'sent' }).loginAs(a)
    assert.lengthOf(stillSent.body(), 1, 'the sender keeps their copy')
  })

  test('creators and companies write to staff, not to each other; bad input is a 422', async ({
    client,
    assert,
  }) => {
    const creator = await UserFactory.apply('creator').create()
    const company = await UserFactory.apply('company').create()
    const staff = await UserFactory.create()
    const pending = await UserFactory.apply('pending').create()
    const send = (from: User, recipientId: number, subject = 's') =>
      client
        .post('/api/letters')
        .loginAs(from)
        .json({ recipient_id: recipientId, subject, body: 'b' })
    await expectStatus(send(creator, staff.id), 201)
    await expectStatus(send(creator, company.id), 403)
    await expectStatus(send(staff, company.id), 201)
    await expectStatus(send(staff, pending.id), 403)
    await expectStatus(send(staff, staff.id), 403)
    await expectStatus(send(staff, 999999), 422)
    await expectStatus(send(staff, company.id, ''), 422)
    await expectStatus(client.get('/api/letters').qs({ box: 'spam' }).loginAs(staff), 422)
    const recipients = await client.get('/api/letters/recipients').loginAs(creator)
    const types = new Set(
      recipients.body().data.map((row: { account_type: string }) => row.account_type)
    )
    assert.deepEqual([...types], ['staff'])
    // …by name: a creator does not learn the staff's addresses; the staff side does
    for (const row of recipients.body().data) assert.notProperty(row, 'email')
    const forStaff = await client.get('/api/letters/recipients').loginAs(staff)
    assert.isTrue(forStaff.body().data.some((row: { email?: string }) => row.email))
  })
})
