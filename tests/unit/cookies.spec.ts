import { test } from '@japa/runner'
import { cookieHeader, parseCookies, summarizeCookie } from '#shared/cookies'

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

  test('summarizes what a pasted cookie holds for a platform', ({ assert }) => {
    const now = 1_800_000_000_000
    const full = summarizeCookie(
      JSON.stringify([
        { name: 'SESSDATA', value: 'a', domain: '.bilibili.com', expirationDate: now / 1000 + 60 },
        { name: 'bili_jct', value: 'b', domain: '.bilibili.com' },
        { name: 'buvid3', value: 'c', domain: '.bilibili.com', expirationDate: now / 1000 - 60 },
      ]),
      'bilibili',
      now
    )
    assert.deepEqual(full.missing, ['DedeUserID'])
    assert.deepEqual(full.expired, ['buvid3'])
    assert.isFalse(full.unusable, 'SESSDATA alive is enough to sign in')

    const lapsed = summarizeCookie(
      JSON.stringify({ cookie_info: { cookies: [{ name: 'SESSDATA', value: 'a', expires: 1 }] } }),
      'bilibili',
      now
    )
    assert.isTrue(lapsed.unusable)
    assert.deepEqual(lapsed.expired, ['SESSDATA'])

    assert.isTrue(summarizeCookie('{"buvid3": "visitor"}', 'bilibili', now).unusable)
    assert.isTrue(summarizeCookie('[]', 'kwai', now).unusable, 'nothing found')
    assert.isFalse(summarizeCookie('{"did": "x"}', 'kwai', now).unusable, 'no named cookie needed')
  })
})
