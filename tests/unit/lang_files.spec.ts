import { test } from '@japa/runner'
import { readdirSync, readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { messages as vineMessages } from '@vinejs/vine/defaults'
import { CREATOR_RULES } from '#validators/creator_rules'

const LANGUAGES = ['en', 'ko', 'zh', 'ja']

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { [prefix]: String(value) }
  }
  const entries: Record<string, string> = {}
  for (const [key, child] of Object.entries(value)) {
    Object.assign(entries, flatten(child, prefix ? `${prefix}.${key}` : key))
  }
  return entries
}

function load(language: string, file: string) {
  return flatten(JSON.parse(readFileSync(app.languageFilesPath(language, file), 'utf8')))
}

/** `{ip}`, `{seconds}`, `{field}`… — the ICU arguments a message interpolates. */
function placeholders(message: string) {
  return [...message.matchAll(/\{\s*(\w+)\s*\}/g)].map((match) => match[1]).sort()
}

const files = [
  ...new Set(LANGUAGES.flatMap((language) => readdirSync(app.languageFilesPath(language)))),
].sort()

test.group('server language files', () => {
  test('the four languages have the same files', ({ assert }) => {
    assert.includeMembers(files, ['messages.json', 'validator.json'])
    for (const language of LANGUAGES) {
      assert.sameMembers(
        readdirSync(app.languageFilesPath(language)).sort(),
        files,
        `files of ${language}`
      )
    }
  })

  for (const file of files) {
    test(`${file} has exactly the same keys in every language`, ({ assert }) => {
      const keys = Object.fromEntries(
        LANGUAGES.map((language) => [language, Object.keys(load(language, file))])
      )
      const all = [...new Set(Object.values(keys).flat())].sort()
      const problems: string[] = []
      for (const language of LANGUAGES) {
        for (const key of all) {
          if (!keys[language].includes(key))
            problems.push(`${language}/${file} is missing "${key}"`)
        }
      }
      assert.deepEqual(problems, [])
    })

    test(`${file}: no message is empty and each keeps the placeholders of the English one`, ({
      assert,
    }) => {
      const english = load('en', file)
      const problems: string[] = []
      for (const language of LANGUAGES) {
        const messages = load(language, file)
        for (const [key, message] of Object.entries(messages)) {
          if (!message.trim()) problems.push(`${language}/${file} "${key}" is empty`)
          if (
            key in english &&
            placeholders(message).join() !== placeholders(english[key]).join()
          ) {
            problems.push(
              `${language}/${file} "${key}" has {${placeholders(message)}} instead of {${placeholders(english[key])}}`
            )
          }
        }
      }
      assert.deepEqual(problems, [])
    })
  }

  test('every validation message is keyed by a rule VineJS reports, so none is dead', ({
    assert,
  }) => {
    const validator = load('en', 'validator.json')
    const fields = Object.keys(validator)
      .filter((key) => key.startsWith('shared.fields.'))
      .map((key) => key.slice('shared.fields.'.length))
    // rules of VineJS and Lucid, plus the studio's own (api/validators/ip_allowlist.ts,
    // api/validators/creator.ts, strongPassword in api/validators/rules.ts)
    const rules = [
      ...Object.keys(vineMessages),
      'database.unique',
      'database.exists',
      'cidr',
      'strongPassword',
      ...CREATOR_RULES,
    ]
    const dead = Object.keys(validator)
      .filter((key) => key.startsWith('shared.messages.'))
      .map((key) => key.slice('shared.messages.'.length))
      .filter((key) => {
        if (rules.includes(key)) return false
        const field = fields.find((name) => key.startsWith(`${name}.`))
        return !field || !rules.includes(key.slice(field.length + 1))
      })
    assert.deepEqual(dead, [])
  })

  test('the spec messages are worded as the spec says', ({ assert }) => {
    const messages = load('en', 'messages.json')
    const validator = load('en', 'validator.json')
    assert.match(messages['auth.login_failed'], /^Login Failed - Please Check Email Or Password/)
    assert.include(messages['auth.login_failed'], 'ID or password does not exist or is wrong')
    assert.equal(
      messages['auth.ip_not_registered'],
      'IP is NOT REGISTERED. Please Submit Your IP {ip} to IT Department'
    )
    assert.equal(messages['errors.server_error'], 'Server Error - Cannot Access To The Server')
    assert.match(messages['auth.access_check_fail'], /^Access Check fail/)
    assert.include(messages['auth.no_permission'], 'contact the developer')
    assert.equal(validator['shared.messages.account.required'], 'please write email')
    assert.equal(validator['shared.messages.account.email'], 'Must be a valid email')
    assert.equal(validator['shared.messages.password.required'], 'please write password')
  })
})
