import { test } from '@japa/runner'
import { cookieHeader, parseCookies } from '#platforms/cookies'

test.group('cookies: pasted exports into a Cookie header', () => {
  test('keeps expiry, the domain asked for and the last of a repeated name', ({ assert }) => {
    const cookies = parseCookies(
      JSON.stringify([
        { name: 'SESSDATA', value: 'old', domain: '.bilibili.com' },
        {
          name: 'SESSDATA',
          value: 'new',
          domain: '.bilibili.com',
          expirationDate: 1_800_000_000.5,
        },
        { name: 'other', value: 'x', domain: 'notbilibili.com' },
      ]),
      'bilibili.com'
    )
    assert.deepEqual(cookies, [{ name: 'SESSDATA', value: 'new', expiresAt: 1_800_000_000_500 }])
  })

  test('never sends what would break or split the header', ({ assert }) => {
    const hostile = JSON.stringify([
      { name: 'SESSDATA', value: 'a\r\nX-Evil: 1' },
      { name: 'bili_jct', value: '中文' },
      { name: 'semi', value: 'a;b' },
      { name: 'bad name', value: '1' },
      { name: 'ok', value: 'v' },
    ])
    assert.equal(cookieHeader(hostile), 'ok=v')
    for (const nothing of ['', 'null', '42', '[1, null]', '{"a": {"b": 1}}']) {
      assert.equal(cookieHeader(nothing), '', nothing)
    }
  })
})
