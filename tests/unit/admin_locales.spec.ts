import { test } from '@japa/runner'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'

const LOCALES = ['en', 'ko', 'zh', 'ja']

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value !== 'object' || value === null) return { [prefix]: String(value) }
  const entries: Record<string, string> = {}
  for (const [key, child] of Object.entries(value)) {
    Object.assign(entries, flatten(child, prefix ? `${prefix}.${key}` : key))
  }
  return entries
}

/** The shared file of a language and every area's file of it (locales/<area>/<code>.json). */
function localeFiles(code: string) {
  const root = app.makePath('admin/src/locales')
  const areas = readdirSync(root).filter((entry) => statSync(join(root, entry)).isDirectory())
  return [join(root, `${code}.json`), ...areas.map((area) => join(root, area, `${code}.json`))]
}

function locale(code: string) {
  const entries: Record<string, string> = {}
  for (const file of localeFiles(code)) {
    for (const [key, message] of Object.entries(flatten(JSON.parse(readFileSync(file, 'utf8'))))) {
      if (key in entries) throw new Error(`${key} is defined twice (again in ${file})`)
      entries[key] = message
    }
  }
  return entries
}

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.(ts|tsx)$/.test(entry) ? [path] : []
  })
}

/** `{{ip}}`, `{{max}}` … — what i18next interpolates. */
function placeholders(message: string) {
  return [...message.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort()
}

test.group('admin translations', () => {
  for (const code of LOCALES.filter((entry) => entry !== 'en')) {
    test(`${code} has every key of en and no other`, ({ assert }) => {
      const english = locale('en')
      const translated = locale(code)
      const missing = Object.keys(english).filter((key) => !(key in translated))
      const extra = Object.keys(translated).filter((key) => !(key in english))
      assert.deepEqual(missing, [], `keys missing in ${code}.json`)
      assert.deepEqual(extra, [], `keys only in ${code}.json`)
      for (const [key, message] of Object.entries(english)) {
        assert.deepEqual(
          placeholders(translated[key] ?? ''),
          placeholders(message),
          `placeholders of ${code}:${key}`
        )
        assert.isNotEmpty(translated[key], `${code}:${key} is empty`)
      }
    })
  }

  test('every literal key the admin translates exists', ({ assert }) => {
    const english = locale('en')
    const groups = new Set(Object.keys(english).map((key) => key.split('.')[0]))
    const missing: string[] = []
    for (const file of sources(app.makePath('admin/src'))) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/\bt\(\s*'([a-z_]+(?:\.[A-Za-z0-9_]+)+)'/g)) {
        const key = match[1]
        if (groups.has(key.split('.')[0]) && !(key in english)) missing.push(`${key} (${file})`)
      }
    }
    assert.deepEqual(missing, [])
  })

  test('every menu resource and team has a label', ({ assert }) => {
    const english = locale('en')
    const resources = readFileSync(app.makePath('admin/src/providers/resources.tsx'), 'utf8')
    for (const match of resources.matchAll(/name: '([a-z_]+)'/g)) {
      assert.isTrue(`menu.${match[1]}` in english, `menu.${match[1]}`)
    }
    const constants = readFileSync(app.makePath('api/shared/constants.ts'), 'utf8')
    const teams = constants.match(/export const TEAMS = \[([^\]]+)\]/)![1]
    for (const team of teams.matchAll(/'([a-z0-9_]+)'/g)) {
      assert.isTrue(`enum.team.${team[1]}` in english, `enum.team.${team[1]}`)
    }
  })
})
