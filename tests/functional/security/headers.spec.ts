import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { FACTORY_PASSWORD } from '#tests/helpers/users'

test.group('security / headers', (group) => {
  setupFunctionalGroup(group)

  test('every API answer is no-store: health, errors, signed-in reads', async ({ client }) => {
    const user = await UserFactory.apply('admin').create()
    const answers = [
      await client.get('/api/health'),
      await client.get('/api/user/info'),
      await client.get('/api/user/info').loginAs(user),
      await client.get('/api/no-such-path').loginAs(user),
    ]
    for (const response of answers) response.assertHeader('cache-control', 'no-store')
  })

  test("the admin's page: its own scripts only, no inline script, no framing", async ({
    client,
    assert,
  }) => {
    const response = await client.get('/app/data_dashboard')
    response.assertStatus(200)
    const policy = String(response.header('content-security-policy'))
    assert.include(policy, "script-src 'self'")
    assert.notInclude(policy, "script-src 'self' 'unsafe-inline'")
    assert.include(policy, "frame-ancestors 'none'")
    assert.equal(response.header('x-frame-options'), 'DENY')
    // Every <script> of the page loads a file; none carries code of its own.
    const scripts = response.text().match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? []
    assert.isAbove(scripts.length, 0)
    for (const script of scripts) {
      assert.match(script, /\ssrc="\/[^"]+"/)
      assert.match(script, />\s*<\/script>$/)
    }
  })

  test('the refresh cookie is Secure only when the request came over https', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.merge({ email: 'plain@mcn.test' }).create()
    const response = await client
      .post('/api/user/login')
      .form({ account: user.email, password: FACTORY_PASSWORD })
    response.assertStatus(200)
    const cookie = String(response.headers()['set-cookie'] ?? '')
    assert.include(cookie, 'refresh_token=')
    assert.notInclude(cookie.toLowerCase(), 'secure')
  })
})
