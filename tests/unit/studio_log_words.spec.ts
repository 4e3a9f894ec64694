import { test } from '@japa/runner'
import { adminTranslator as translatorOf } from '#tests/helpers/admin_words'
import { AUDIT_ACTIONS, AUDIT_SUBJECTS } from '#shared/audit'
import { describer, subjectText } from '../../admin/src/resources/audit-logs/describe.js'

const LOCALES = ['en', 'ko', 'zh', 'ja'] as const

test.group('studio log in the reader’s language', () => {
  test('every action and subject has its own phrase in each language', async ({ assert }) => {
    const english = await translatorOf('en')
    for (const locale of LOCALES) {
      const t = await translatorOf(locale)
      for (const action of AUDIT_ACTIONS) {
        const phrase = t(`studio_log.actions.${action}`)
        assert.notEqual(phrase, `studio_log.actions.${action}`, `${locale}: ${action}`)
        assert.notMatch(phrase, /^[a-z_]+\.[a-z_]+$/, `${locale}: ${action} is not a raw key`)
        if (locale !== 'en') {
          assert.notEqual(phrase, english(`studio_log.actions.${action}`), `${locale}: ${action}`)
        }
      }
      for (const subject of AUDIT_SUBJECTS) {
        assert.notEqual(
          subjectText(t, subject, '7'),
          `${subject} #7`,
          `${locale}: subject ${subject}`
        )
      }
    }
  })

  test('details: fields as labels, enumerations translated, changes as before → after', async ({
    assert,
  }) => {
    const ko = describer(await translatorOf('ko'), 'ko')
    assert.deepEqual(ko('registration.approve', { role: 'admin', team: null }), [
      { label: '역할', text: '관리자' },
    ])
    assert.deepEqual(ko('user.update_profile', { fields: [] }), [], 'no fields: nothing')
    assert.deepEqual(ko('auth.login', null), [])
    assert.deepEqual(ko('user.update_profile', { fields: ['name', 'locale'] }), [
      { label: '항목', text: '이름, 언어' },
    ])
    assert.deepEqual(
      ko('creator.update', {
        changes: {
          kind: { from: 'CR', to: 'IP' },
          phone: { from: '010****2222', to: null },
          contracted_platforms: { from: ['bilibili'], to: ['bilibili', 'wechat_channels'] },
        },
        accounts: { xiaohongshu: { uid: { from: null, to: 'abc' } } },
      }),
      [
        { label: '유형', text: '크리에이터 → IP·브랜드' },
        { label: '전화번호', text: '010****2222 → —' },
        { label: '계약 플랫폼', text: '비리비리 → 비리비리, 위챗 채널스' },
        { label: '샤오홍슈 · UID', text: '— → abc' },
      ]
    )

    const zh = describer(await translatorOf('zh'), 'zh')
    assert.deepEqual(zh('deal.move', { from: 'enquiry', to: 'signed' }), [
      { label: '从', text: '询价' },
      { label: '到', text: '已签约' },
    ])
    const ja = describer(await translatorOf('ja'), 'ja')
    assert.deepEqual(ja('creator.reveal', { level: 'L2' }), [
      { label: 'レベル', text: 'L2 · 本人情報' },
    ])
  })
})
