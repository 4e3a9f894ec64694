import { test } from '@japa/runner'
import { toLocale } from '#shared/locales'

test.group('locales', () => {
  test('maps the admin language codes onto locales', ({ assert }) => {
    assert.equal(toLocale('kr'), 'ko')
    assert.equal(toLocale('ch'), 'zh')
    assert.equal(toLocale('jp'), 'ja')
    assert.equal(toLocale('en-US'), 'en')
    assert.equal(toLocale('cn'), 'zh')
    assert.isNull(toLocale('fr'))
  })
})
