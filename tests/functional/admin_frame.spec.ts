import { test } from '@japa/runner'
import { setupFunctionalGroup } from '#tests/helpers/functional'

/** What the admin's page holds in #root when it arrives, before any script runs. */
function rootOf(html: string) {
  return /<div id="root">([\s\S]*?)<\/div>\s*<template id="boot-shell">/.exec(html)?.[1] ?? null
}

test.group("admin's page / the signed-in frame", (group) => {
  setupFunctionalGroup(group)

  test('an /app address opened with an access token arrives with the frame painted in #root', async ({
    client,
    assert,
  }) => {
    for (const path of ['/app/data_dashboard', '/app/creator_info?id=1', '/app']) {
      const response = await client.get(path).header('cookie', 'lang=en; token=mat_abc')
      response.assertStatus(200)
      const root = rootOf(response.text())
      assert.isNotNull(root, path)
      assert.include(root!, 'class="boot-shell"', path)
      assert.include(root!, 'src="/logo.svg"', path)
      assert.include(String(response.header('vary')), 'cookie')
    }
  })

  test('without a token, or outside /app, #root arrives empty', async ({ client, assert }) => {
    const answers = [
      await client.get('/app/data_dashboard'),
      await client.get('/app/data_dashboard').header('cookie', 'token=; lang=en'),
      await client.get('/app/data_dashboard').header('cookie', 'mytoken=abc'),
      await client.get('/login').header('cookie', 'token=mat_abc'),
      await client.get('/application').header('cookie', 'token=mat_abc'),
      await client.get('/404').header('cookie', 'token=mat_abc'),
    ]
    for (const response of answers) {
      response.assertStatus(200)
      assert.equal(rootOf(response.text()), '')
    }
  })
})
