import { test } from '@japa/runner'
import BoardPost from '#models/board_post'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { expectStatus } from '#tests/helpers/requests'

function post(overrides: Record<string, unknown> = {}) {
  return {
    category: 'cp_analysis',
    title: 'Weekly numbers',
    content: '<p>Fans grew this week.</p>',
    status: 'published',
    ...overrides,
  }
}

/* Refine's data provider updates with PATCH: PATCH /api/board/posts/:id is the twin of PUT. */
test.group('board / PATCH updates', (group) => {
  setupFunctionalGroup(group)

  test('PATCH /api/board/posts/:id does what PUT does', async ({ client, assert }) => {
    const author = await UserFactory.create()
    const colleague = await UserFactory.create()
    const draft = post({ status: 'draft' })
    const first = await client.post('/api/board/posts').loginAs(author).json(draft)
    const second = await client.post('/api/board/posts').loginAs(author).json(draft)
    const viaPut = first.body().id
    const viaPatch = second.body().id
    const change = post({ title: 'Edited <b>numbers</b>', content: '<p>Now with a table.</p>' })

    const put = await client.put(`/api/board/posts/${viaPut}`).loginAs(author).json(change)
    const patch = await client.patch(`/api/board/posts/${viaPatch}`).loginAs(author).json(change)
    put.assertStatus(200)
    patch.assertStatus(200)
    for (const key of ['title', 'content', 'status', 'category', 'pinned', 'can_edit']) {
      assert.deepEqual(patch.body()[key], put.body()[key], key)
    }
    assert.isNotNull(patch.body().published_at)
    const stored = await BoardPost.findOrFail(viaPatch)
    assert.equal(stored.title, put.body().title)
    assert.equal(stored.status, 'published')

    // Published posts cannot go back to drafts, others cannot edit: alike for both verbs.
    for (const method of ['put', 'patch'] as const) {
      await expectStatus(
        client[method](`/api/board/posts/${viaPatch}`)
          .loginAs(author)
          .json(post({ status: 'draft' })),
        422
      )
      await expectStatus(
        client[method](`/api/board/posts/${viaPatch}`).loginAs(colleague).json(change),
        403
      )
    }
  })
})
