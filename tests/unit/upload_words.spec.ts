import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import i18nManager from '@adonisjs/i18n/services/main'
import { UPLOAD_NOTICE_KEYS, UPLOAD_PLATFORMS, UPLOAD_RULE_KEYS } from '#shared/uploads'
import { UPLOAD_FILE_ERROR_CODES } from '#services/uploads/upload_files'

const LANGUAGES = ['en', 'ko', 'zh', 'ja'] as const

/** Every key the station's rules, notices and file checks can answer with. */
const KEYS = [
  ...UPLOAD_RULE_KEYS.map((key) => `uploads.rules.${key}`),
  ...UPLOAD_NOTICE_KEYS.map((key) => `uploads.notices.${key}`),
  ...UPLOAD_FILE_ERROR_CODES.map((code) => `uploads.files.${code}`),
  ...UPLOAD_PLATFORMS.map((platform) => `uploads.platforms.${platform}`),
  ...UPLOAD_PLATFORMS.map((platform) => `uploads.errors.platform_failed.${platform}`),
]

function adminWords(language: string): Record<string, unknown> {
  const file = app.makePath(`admin/src/locales/uploads/${language}.json`)
  return JSON.parse(readFileSync(file, 'utf8'))
}

function lookup(words: Record<string, unknown>, key: string) {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], words)
}

test.group('upload words', () => {
  test('every rule, notice and file refusal has its words in the four languages, server and admin', ({
    assert,
  }) => {
    const missing: string[] = []
    for (const language of LANGUAGES) {
      const i18n = i18nManager.locale(language)
      const admin = adminWords(language)
      for (const key of KEYS) {
        if (!i18n.resolveIdentifier(key)) missing.push(`server ${language}: ${key}`)
        if (typeof lookup(admin, key) !== 'string') missing.push(`admin ${language}: ${key}`)
      }
    }
    assert.deepEqual(missing, [])
  })

  test('the server and the admin say the same words (ICU {x} and i18next {{x}} aside)', ({
    assert,
  }) => {
    for (const language of LANGUAGES) {
      const i18n = i18nManager.locale(language)
      const admin = adminWords(language)
      for (const key of KEYS) {
        const server = i18n.resolveIdentifier(key)?.message ?? ''
        const words = String(lookup(admin, key)).replace(/\{\{(\w+)\}\}/g, '{$1}')
        assert.equal(words, server, `${language}: ${key}`)
      }
    }
  })

  test('a rule is worded with the platform and the limit', ({ assert }) => {
    const i18n = i18nManager.locale('zh')
    assert.equal(
      i18n.t('uploads.rules.tags_too_many', { platform: '好看视频', max: 5, count: 6 }),
      '好看视频最多5个标签（已输入6个）。'
    )
  })
})
