import { test } from '@japa/runner'
import { readdir, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'

const MB = 1024 * 1024

/** Files of at least 1 MB in the temp folder, and the uploads' own temp files. */
async function bigTempFiles() {
  const names = await readdir(tmpdir()).catch(() => [] as string[])
  const found = new Set<string>()
  for (const name of names) {
    const info = await stat(join(tmpdir(), name)).catch(() => null)
    if (name.startsWith('mcn-upload-') || (info?.isFile() && info.size >= MB)) found.add(name)
  }
  return found
}

async function newTempFiles(before: Set<string>) {
  return [...(await bigTempFiles())].filter((name) => !before.has(name))
}

/** A PNG header followed by `size` bytes: big, and an image only by its first bytes. */
function fakePng(size: number) {
  const bytes = Buffer.alloc(size, 7)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes)
  return bytes
}

test.group('security / uploads are read after the guards, with their own limits', (group) => {
  setupFunctionalGroup(group)

  test('without a token a 30 MB file is answered 401 and never written', async ({
    client,
    assert,
  }) => {
    const before = await bigTempFiles()
    for (const path of ['/api/creators', '/api/user/login', '/api/board/attachments']) {
      const response = await client.post(path).file('file', Buffer.alloc(30 * MB, 1), {
        filename: 'big.xlsx',
      })
      assert.oneOf(response.status(), [400, 401, 422], `${path}: ${response.status()}`)
    }
    assert.deepEqual(await newTempFiles(before), [])
  })

  test('a 10 MB avatar (limit 5 MB) is 413 and leaves no temp file', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const before = await bigTempFiles()
    const response = await client
      .post('/api/user/avatar')
      .loginAs(user)
      .file('avatar', fakePng(10 * MB), { filename: 'me.png' })
    response.assertStatus(413)
    assert.match(response.body().message, /5/)
    assert.deepEqual(await newTempFiles(before), [])
  })

  test('a 25 MB board attachment (limit 20 MB) is 413 and leaves no temp file', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const before = await bigTempFiles()
    const response = await client
      .post('/api/board/attachments')
      .loginAs(staff)
      .file('file', Buffer.alloc(25 * MB, 3), { filename: 'slides.pdf' })
    response.assertStatus(413)
    assert.deepEqual(await newTempFiles(before), [])
  })

  test('a refused sales workbook leaves no temp file either', async ({ client, assert }) => {
    const staff = await UserFactory.create()
    const before = await bigTempFiles()
    const response = await client
      .post('/api/products/sales/import')
      .loginAs(staff)
      .file('file', Buffer.alloc(2 * MB, 5), { filename: 'sales.xlsx' })
    assert.oneOf(response.status(), [400, 422])
    assert.deepEqual(await newTempFiles(before), [])
  })
})
